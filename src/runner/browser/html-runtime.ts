import { buildPageDocument, measureAcrossReloads, measurePageChecks, pageChecksOf, type PageCheck, type PageMeasurement } from '../html-page';
import { judgeRun } from '../output-checks';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '../run-types';
import { connectPageSandbox } from './page-sandbox';
import { createHiddenFrame } from './sandbox-connection';
import { pageFrameMessageSchema } from './sandbox-message-schemas';
import { PAGE_CHECKS_FROM_PROBE } from './sandbox-messages';

/**
 * HTML/CSS checks in the browser: the learner's page is rendered in a hidden /api/sandbox/page frame
 * (opaque origin, no network); the same measuring function as on the server runs inside it and
 * posts its results, which the page validates before judging the checks itself.
 */
export function runHtmlLesson(request: RunRequest): Promise<RunResult> {
  const probe = (checks: PageCheck[]) =>
    `<script>(function(){var measure=${measurePageChecks.toString()};function done(){var m=measure(document,window,${JSON.stringify(checks).replace(/</g, '\\u003c')});parent.postMessage({type:${JSON.stringify(PAGE_CHECKS_FROM_PROBE)},results:m.results,resume:m.resume},'*');}if(document.readyState==='complete')done();else window.addEventListener('load',done);})();<\/script>`;
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
      resolve(judgeRun(request.checks, { output: '', error: error ? { ...error, line: null, file: null } : null, assertionFailures: new Map(), pageChecks }));
    };
    const sandbox = connectPageSandbox(iframe, (data) => {
      const parsed = pageFrameMessageSchema.safeParse(data);
      if (!parsed.success) return finish(new Map(), { type: 'RunnerError', message: 'The page sent check results the player could not read.' });
      if (parsed.data.type !== 'page-checks') return;
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
    void measureAcrossReloads(
      pageChecksOf(request.checks),
      (storage, checks) =>
        new Promise<PageMeasurement>((measured) => {
          awaiting = measured;
          sandbox.render(`${buildPageDocument(request.files, storage)}${probe(checks)}`);
        }),
    ).then((pageChecks) => finish(pageChecks, null));
  });
}
