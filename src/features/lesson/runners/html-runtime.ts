import { evaluateChecks } from '@/runner/output-checks';
import { buildPageDocument, measurePageChecks, pageChecksOf } from '@/runner/html-page';
import { DEFAULT_TIMEOUT_MS, type RunRequest, type RunResult } from '@/runner/run-types';

/**
 * HTML/CSS checks in the browser: the page is rendered in a sandboxed iframe with an opaque origin
 * (no access to the app, its cookies or storage); the same measuring function as on the server
 * runs inside it and posts its results back.
 */
export function runHtmlLesson(request: RunRequest): Promise<RunResult> {
  const token = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const checks = pageChecksOf(request.checks);
  const probe = `<script>(function(){var measure=${measurePageChecks.toString()};function done(){parent.postMessage({type:'codetrail-page-checks',token:${JSON.stringify(token)},results:measure(document,window,${JSON.stringify(checks).replace(/</g, '\\u003c')})},'*');}if(document.readyState==='complete')done();else window.addEventListener('load',done);})();<\/script>`;
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.style.cssText = 'position:absolute;width:1024px;height:768px;left:-10000px;top:0;border:0;visibility:hidden';
  iframe.srcdoc = `${buildPageDocument(request.files)}${probe}`;

  return new Promise<RunResult>((resolve) => {
    const finish = (pageChecks: Map<number, boolean>, error: { type: string; message: string } | null) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      iframe.remove();
      const runError = error ? { ...error, line: null, file: null } : null;
      const results = evaluateChecks(request.checks, { output: '', error: runError, assertionFailures: new Map(), pageChecks });
      resolve({ status: 'ran', passed: runError === null && results.every((check) => check.passed), output: '', error: runError, timedOut: runError?.type === 'Timeout', checks: results });
    };
    const onMessage = (event: MessageEvent<{ type?: string; token?: string; results?: [number, boolean][] }>) => {
      if (event.source !== iframe.contentWindow || event.data?.type !== 'codetrail-page-checks' || event.data.token !== token) return;
      finish(new Map(event.data.results ?? []), null);
    };
    const timer = setTimeout(
      () => finish(new Map(), { type: 'Timeout', message: 'The page did not finish loading. Is a script stuck in a loop?' }),
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    window.addEventListener('message', onMessage);
    document.body.appendChild(iframe);
  });
}
