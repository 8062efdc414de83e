import { buildPageDocument, type PageMeasurement } from '../html-page';
import { measurePageRuns } from '../page-runs';
import { withPageSourceProblems } from '../page-source-problems';
import { pageProbeScript } from '../page-probe';
import { judgeRun } from '../output-checks';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '../run-types';
import { connectPageSandbox } from './page-sandbox';
import { createHiddenFrame } from './sandbox-connection';
import { pageFrameMessageSchema } from './sandbox-message-schemas';
import { PAGE_CHECKS_FROM_PROBE } from './sandbox-messages';

/**
 * HTML/CSS checks in the browser: the learner's page is rendered in a hidden /api/sandbox/page frame
 * (opaque origin, no network); the same measuring function as on the server runs inside it, out of
 * the page's reach (page-probe.ts), and posts its results with this load's nonce, which the page
 * validates before judging the checks itself.
 */
export function runHtmlLesson(request: RunRequest): Promise<RunResult> {
  // A new nonce for each load: the probe's message carries it, and nothing else in the page knows it.
  let nonce = '';
  const freshNonce = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const iframe = createHiddenFrame('HTML checks');

  return new Promise<RunResult>((resolve) => {
    let finished = false;
    // The load being measured: its results come back as one page-checks message.
    let awaiting: ((measured: PageMeasurement) => void) | null = null;
    const finish = (pageChecks: Map<number, boolean>, error: Omit<RunError, 'line' | 'file'> | null) => {
      if (finished) return;
      finished = true;
      awaiting = null;
      clearTimeout(timer);
      sandbox.close();
      iframe.remove();
      const judged = judgeRun(request.checks, { output: '', error: error ? { ...error, line: null, file: null } : null, assertionFailures: new Map(), pageChecks });
      resolve(judged.status === 'ran' ? { ...judged, checks: withPageSourceProblems(judged.checks, request.files) } : judged);
    };
    const sandbox = connectPageSandbox(iframe, (data) => {
      const parsed = pageFrameMessageSchema.safeParse(data);
      if (!parsed.success) return finish(new Map(), { type: 'RunnerError', message: 'The page sent check results the player could not read.' });
      if (parsed.data.type !== 'page-checks') return;
      // A message the learner's page made up (it cannot know the nonce) is not the probe's.
      if (parsed.data.nonce !== nonce) return;
      const measured = awaiting;
      awaiting = null;
      measured?.({ results: parsed.data.results, resume: parsed.data.resume });
    });
    const timer = setTimeout(
      () => finish(new Map(), { type: 'Timeout', message: 'The page did not finish loading. Is a script stuck in a loop?' }),
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    document.body.appendChild(iframe);
    // Checks start from empty storage, whatever the learner's preview saved; a `reload` step
    // renders the page again with what it saved during the checks.
    void measurePageRuns(
      request.files,
      request.checks,
      (files, storage, checks) =>
        new Promise<PageMeasurement>((measured) => {
          awaiting = measured;
          nonce = freshNonce();
          sandbox.render(buildPageDocument(files, storage, pageProbeScript(checks, nonce, PAGE_CHECKS_FROM_PROBE)));
        }),
    ).then((pageChecks) => finish(pageChecks, null));
  });
}
