import { buildPageDocument, measurePageChecks, pageChecksOf } from '../html-page';
import { judgeRun } from '../output-checks';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '../run-types';
import { connectPageSandbox } from './page-sandbox';
import { createHiddenFrame } from './sandbox-connection';
import { pageChecksMessageSchema } from './sandbox-message-schemas';
import { PAGE_CHECKS_FROM_PROBE } from './sandbox-messages';

/**
 * HTML/CSS checks in the browser: the learner's page is rendered in a hidden /api/sandbox/page frame
 * (opaque origin, no network); the same measuring function as on the server runs inside it and
 * posts its results, which the page validates before judging the checks itself.
 */
export function runHtmlLesson(request: RunRequest): Promise<RunResult> {
  const checks = pageChecksOf(request.checks);
  const probe = `<script>(function(){var measure=${measurePageChecks.toString()};function done(){parent.postMessage({type:${JSON.stringify(PAGE_CHECKS_FROM_PROBE)},results:measure(document,window,${JSON.stringify(checks).replace(/</g, '\\u003c')})},'*');}if(document.readyState==='complete')done();else window.addEventListener('load',done);})();<\/script>`;
  const iframe = createHiddenFrame('HTML checks');

  return new Promise<RunResult>((resolve) => {
    let finished = false;
    const finish = (pageChecks: Map<number, boolean>, error: Omit<RunError, 'line' | 'file'> | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      sandbox.close();
      iframe.remove();
      resolve(judgeRun(request.checks, { output: '', error: error ? { ...error, line: null, file: null } : null, assertionFailures: new Map(), pageChecks }));
    };
    const sandbox = connectPageSandbox(iframe, (data) => {
      const parsed = pageChecksMessageSchema.safeParse(data);
      if (parsed.success) finish(new Map(parsed.data.results), null);
      else finish(new Map(), { type: 'RunnerError', message: 'The page sent check results the player could not read.' });
    });
    const timer = setTimeout(
      () => finish(new Map(), { type: 'Timeout', message: 'The page did not finish loading. Is a script stuck in a loop?' }),
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    document.body.appendChild(iframe);
    sandbox.render(`${buildPageDocument(request.files)}${probe}`);
  });
}
