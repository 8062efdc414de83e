import { buildPageDocument, measurePageChecks, pageView } from '../html-page';
import { measurePageRuns } from '../page-runs';
import { withPageSourceProblems } from '../page-source-problems';
import { evaluateChecks } from '../output-checks';
import type { RunRequest, RunResult } from '../run-types';
import { namedColorToRgb } from './css-named-colors';

export interface NodeHtmlRunnerOptions {
  /**
   * Run the page's scripts in jsdom before measuring, as the browser preview does. Only for
   * trusted content (content:check): jsdom scripts share this process and have no time limit.
   * The server's runfiles endpoint leaves it off.
   */
  runScripts?: boolean;
}

/**
 * HTML/CSS lessons in Node: the page is parsed by jsdom and the DOM/CSS checks are measured by
 * the same function the browser injects into its preview.
 */
export function createNodeHtmlRunner(options: NodeHtmlRunnerOptions = {}) {
  return {
    async run(request: RunRequest): Promise<RunResult> {
      if (!request.files.some((file) => file.name.endsWith('.html'))) return { status: 'unsupported', reason: 'The lesson has no HTML file to show.' };
      const { JSDOM } = await import('jsdom');
      const pageChecks = await measurePageRuns(request.files, request.checks, async (files, storage, checks) => {
        const dom = new JSDOM(buildPageDocument(files, storage), options.runScripts ? { runScripts: 'dangerously', pretendToBeVisual: true } : {});
        try {
          // jsdom reports named colours as written; browsers compute them to rgb(). Answer like a browser.
          const view = {
            ...pageView(dom.window as unknown as Window),
            getComputedStyle: (element: Element) => {
              const style = dom.window.getComputedStyle(element);
              return new Proxy(style, {
                get: (target, key) =>
                  key === 'getPropertyValue' ? (property: string) => namedColorToRgb(target.getPropertyValue(property)) : Reflect.get(target, key),
              });
            },
          };
          return measurePageChecks(dom.window.document, view, checks);
        } finally {
          dom.window.close();
        }
      });
      const checks = withPageSourceProblems(evaluateChecks(request.checks, { output: '', error: null, assertionFailures: new Map(), pageChecks }), request.files);
      return { status: 'ran', passed: checks.every((check) => check.passed), output: '', error: null, timedOut: false, checks };
    },
  };
}
