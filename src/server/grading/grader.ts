import { pageChecksOf } from '@/runner/html-page';
import type { RunRequest, RunResult } from '@/runner/run-types';
// The grader runs learners' pages in Chromium, in a page pool of its own (docs/features/grading.md).
// eslint-disable-next-line no-restricted-imports
import { chromiumPath, createChromiumHtmlRunner } from '@/runner/node/chromium-html-runner';
import { createGate, createSandboxedCheckEngine, type SandboxOptions } from '@/runner/sandbox/sandbox-pool';
import { jailedChromium } from './chromium-jail';

/**
 * Grades a completion's files against every check of its lesson, hidden ones included: the one
 * verdict the server records (docs/features/grading.md). Python, JavaScript and SQL run in
 * sandbox processes (a fresh one per run for Python, whose programs reach their process;
 * JavaScript's and SQL's serve many runs, each in a realm or database of its own); pages run in
 * headless Chromium, as the player shows them.
 */
export interface Grader {
  grade(request: RunRequest): Promise<RunResult>;
  /** Starts a language's runtime ahead of the first completion. */
  warmUp?(lessonType: RunRequest['lessonType']): void;
  close(): Promise<void>;
}

export interface LocalGraderOptions {
  sandbox?: SandboxOptions;
  /** Pages at once in Chromium; more wait (up to `pageQueue`), beyond that the grader is busy. */
  pageConcurrency?: number;
  pageQueue?: number;
  /** `jsdom`: pages in the sandbox's jsdom (where Chromium is missing); default Chromium when installed. */
  pages?: 'chromium' | 'jsdom';
  onWarning?: (message: string) => void;
}

export function createLocalGrader(options: LocalGraderOptions = {}): Grader {
  const pagesIn = options.pages ?? (chromiumPath() ? 'chromium' : 'jsdom');
  if (pagesIn === 'jsdom') options.onWarning?.('Chromium is not installed: pages are graded in jsdom, whose cascade and layout are approximations (apt-get install chromium).');
  const sandbox = createSandboxedCheckEngine({
    sharedLanguages: ['SQL', 'JS'],
    // Python's processes serve one run each: two warm, so a burst of two completions starts warm.
    spareCount: 2,
    onWarning: options.onWarning,
    ...options.sandbox,
    // Without Chromium, pages' scripts run in jsdom inside a sandbox process (never in this one).
    ...(pagesIn === 'jsdom' ? { runPageScripts: true } : {}),
  });
  // Learners' pages: Chromium starts in a network namespace of its own, as nobody where we are root.
  const chromium =
    pagesIn === 'chromium'
      ? createChromiumHtmlRunner({
          launchThrough: (path) => {
            const jailed = jailedChromium(path);
            if (jailed.missing.length > 0) options.onWarning?.(`Chromium runs learners' pages without: ${jailed.missing.join(', ')}.`);
            return jailed.executablePath;
          },
        })
      : null;
  const pageGate = createGate(options.pageConcurrency ?? 2, options.pageQueue ?? 16);

  async function gradePage(request: RunRequest): Promise<RunResult> {
    if (!chromium) return sandbox.run(request);
    await pageGate.enter();
    try {
      return await chromium.run(request);
    } finally {
      pageGate.leave();
    }
  }

  return {
    grade(request) {
      // A page lesson with no page checks (only output checks of its script) is graded like any run.
      if (request.lessonType === 'HTML' && pageChecksOf(request.checks).length > 0) return gradePage(request);
      return sandbox.run(request);
    },
    warmUp(lessonType) {
      if (lessonType !== 'HTML') sandbox.warmUp(lessonType);
    },
    async close() {
      await Promise.all([sandbox.close(), chromium?.close()]);
    },
  };
}
