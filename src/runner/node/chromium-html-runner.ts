import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { buildPageDocument, CHECK_VIEWPORT, measurePageChecks, pageSavedItems, pageView, type PageMeasurement } from '../html-page';
import { measurePageRuns } from '../page-runs';
import { withPageSourceProblems } from '../page-source-problems';
import type { PageStorageItems } from '../page-storage';
import { evaluateChecks } from '../output-checks';
import type { RunRequest, RunResult } from '../run-types';

/**
 * HTML and CSS lessons graded in a real browser, as the player grades them: the same document
 * (buildPageDocument), the page's own scripts run, and the same measuring function, in headless
 * Chromium (Debian's, through Playwright). So the cascade, specificity, inheritance, `!important`,
 * computed colours and layout are the browser's, not jsdom's approximation. Content only: the page
 * runs with the full rights of a browser tab, so this grades reviewed course files (content:check),
 * never learners' code.
 */


/** Where Chromium is: CHROMIUM_PATH, else Debian's package. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path)) ?? null;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export class ChromiumUnavailableError extends Error {}

export function createChromiumHtmlRunner(options: { timeoutMs?: number; /** Starts Chromium through this (the grader's jail) rather than directly. */ launchThrough?: (chromium: string) => string } = {}) {
  let launching: Promise<Browser> | null = null;
  const timeout = options.timeoutMs ?? 10_000;

  function browser(): Promise<Browser> {
    launching ??= (async () => {
      const executablePath = chromiumPath();
      if (!executablePath) throw new ChromiumUnavailableError('content:check grades HTML and CSS in Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH.');
      const { chromium } = await import('@playwright/test');
      return chromium.launch({ executablePath: options.launchThrough ? options.launchThrough(executablePath) : executablePath, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    })();
    return launching;
  }

  /**
   * Pages waiting for the next run. A new page costs about as much as four loads in it (its
   * renderer starts), so pages are kept: each load replaces the whole document, the page's frame is
   * sandboxed with an opaque origin (no cookies or storage of its own to leave behind), and a page
   * whose run failed is closed, not kept.
   */
  const idlePages: Page[] = [];
  let context: Promise<BrowserContext> | null = null;

  async function takePage(): Promise<Page> {
    const kept = idlePages.pop();
    if (kept && !kept.isClosed()) return kept;
    context ??= browser().then((opened) => opened.newContext({ viewport: CHECK_VIEWPORT, javaScriptEnabled: true, offline: true }));
    const page = await (await context).newPage();
    page.setDefaultTimeout(timeout);
    return page;
  }

  // One load of a page, measured, within the time limit: a page whose script never yields would
  // otherwise hold the measuring forever (CDP commands wait for the busy renderer).
  function withinTime<T>(work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The page did not finish: is a script stuck in a loop?')), timeout);
    });
    return Promise.race([work(), stuck]).finally(() => clearTimeout(timer));
  }

  async function run(request: RunRequest): Promise<RunResult> {
    if (!request.files.some((file) => file.name.endsWith('.html'))) return { status: 'unsupported', reason: 'The lesson has no HTML file to show.' };
    const page = await takePage();
    let reusable = false;
    try {
      // Each load is a new frame document, as when the player's preview reloads; only what the page
      // saved in its localStorage goes from one load to the next.
      const pageChecks = await measurePageRuns(request.files, request.checks, (files, storage, checks) => withinTime(async () => {
        // Inside a frame sandboxed like the player's preview (scripts and form events yes; popups,
        // the browser's storage, leaving the page no), so what the page may do here is what it may
        // do there.
        const frameDocument = `<!doctype html><meta http-equiv="Content-Security-Policy" content="form-action 'none'"><style>html,body,iframe{margin:0;border:0;width:100%;height:100%;display:block}</style><iframe sandbox="allow-scripts allow-forms" title="page" srcdoc="${escapeAttribute(buildPageDocument(files, storage))}"></iframe>`;
        await page.setContent(frameDocument, { waitUntil: 'load' });
        // This load's frame (the previous load's one may still be listed while it detaches).
        const frame = await (await page.$('iframe'))?.contentFrame();
        if (!frame) throw new Error('The page frame did not load.');
        // Measured in a world of its own (CDP's isolated world): the same DOM and stylesheets, but
        // its own globals, prototypes and DOM wrappers, which nothing in the page can reach or patch.
        // The page's frame is out of process (a sandboxed frame), so it has a CDP session of its own.
        const session = await page.context().newCDPSession(frame);
        try {
          const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
          const { executionContextId } = (await session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'codetrail-checks' })) as { executionContextId: number };
          // The function's own source (`__name` is a helper tsx may add).
          const expression = `(() => { var __name = (f) => f; return (${measurePageChecks.toString()})(document, (${pageView.toString()})(window), ${JSON.stringify(checks)}); })()`;
          const evaluated = (await session.send('Runtime.evaluate', { expression, contextId: executionContextId, returnByValue: true })) as { result: { value?: unknown }; exceptionDetails?: unknown };
          if (evaluated.exceptionDetails) throw new Error('The checks could not be measured.');
          const measured = evaluated.result.value as PageMeasurement;
          // The page's localStorage lives in the page's own world (page-storage.ts); what it saved
          // is the page's to say, so it is read there, for the next load only.
          if (measured.resume) measured.resume.storage = (await frame.evaluate(`(${pageSavedItems.toString()})(window)`)) as PageStorageItems;
          return measured;
        } finally {
          void session.detach().catch(() => undefined);
        }
      }));
      const checks = withPageSourceProblems(evaluateChecks(request.checks, { output: '', error: null, assertionFailures: new Map(), pageChecks }), request.files);
      reusable = true;
      return { status: 'ran', passed: checks.every((check) => check.passed), output: '', error: null, timedOut: false, checks };
    } finally {
      if (reusable && !closing) idlePages.push(page);
      // A renderer stuck in a loop may never answer: the page is closed without waiting for it.
      else void page.close().catch(() => undefined);
    }
  }

  let closing = false;

  async function close(): Promise<void> {
    closing = true;
    idlePages.length = 0;
    context = null;
    const pending = launching;
    launching = null;
    if (pending) await (await pending.catch(() => null))?.close();
  }

  return { run, close };
}
