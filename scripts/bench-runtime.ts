/**
 * `npm run bench:runtime`: how long a learner waits for Python, cold (empty browser cache) and warm
 * (a second visit, the runtime's files from the HTTP cache), beside a bare Pyodide load in a
 * same-origin module worker (cold and warm) measured in the same run, and the wait on a lesson
 * reached from the section page, which starts Python ahead. Medians of ROUNDS rounds; each figure
 * is time from the lesson page's navigation start to Python ready (the bare baseline: from
 * starting its worker). BENCH_BASE=http://localhost:3100 measures a running app instead of starting one.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { percentile, withStack } from './lib/bench';
import { createAccount } from '../tests/e2e/support/emulator';

const PORT = Number(process.env.BENCH_PORT || 3310);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const SECTION = '/web/python/section/0';
const PYODIDE_FOLDER = `pyodide-${(JSON.parse(readFileSync('node_modules/pyodide/package.json', 'utf8')) as { version: string }).version}`;
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Milliseconds from the page's navigation start to Python ready (the player's own performance marks). */
async function pythonReadyAfterNavigation(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('codetrail:python-ready').length > 0, undefined, { timeout: 180_000 });
  return page.evaluate(() => {
    const ready = performance.getEntriesByName('codetrail:python-ready')[0];
    return ready ? ready.startTime + ready.duration : Number.NaN;
  });
}

/**
 * Time to Python ready, and the runtime's bytes that came over the network (not from the cache):
 * the app's download worker records them from Resource Timing in the `codetrail:runtime-downloaded` mark.
 */
async function openLesson(context: BrowserContext): Promise<{ time: number; networkBytes: number }> {
  const page = await context.newPage();
  await page.goto(LESSON);
  if (!page.url().includes('/learn')) throw new Error(`The lesson page redirected to ${page.url()}: the bench session was not accepted.`);
  const time = await pythonReadyAfterNavigation(page);
  const networkBytes = await page.evaluate(() =>
    performance
      .getEntriesByName('codetrail:runtime-downloaded')
      .map((mark) => (mark as PerformanceMark).detail as { kind: string; transfers: { transferSize: number }[] })
      .filter((detail) => detail.kind === 'python')
      .flatMap((detail) => detail.transfers)
      .reduce((sum, transfer) => sum + transfer.transferSize, 0),
  );
  await page.close();
  return { time, networkBytes };
}

/** Bare Pyodide (its own loader, nothing else) in a module worker of a same-origin page with no policy. */
async function barePyodide(context: BrowserContext, base: string): Promise<number> {
  const page = await context.newPage();
  const bare = `${base}/bench-baseline`;
  await page.route(bare, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Bare Pyodide</title>' }));
  await page.goto(bare);
  const time = await page.evaluate(async (folder) => {
    const source = `self.onmessage = async () => { const m = await import('${location.origin}/vendor/${folder}/pyodide.mjs'); await m.loadPyodide({ indexURL: '${location.origin}/vendor/${folder}/' }); self.postMessage(null); };`;
    const started = performance.now();
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
    await new Promise<void>((resolve) => {
      worker.onmessage = () => resolve();
      worker.postMessage(null);
    });
    worker.terminate();
    return performance.now() - started;
  }, PYODIDE_FOLDER);
  await page.close();
  return time;
}

/** From the section page (which starts Python) to the lesson: how long the lesson page still waits. */
async function viaSection(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  await page.goto(SECTION);
  await page.waitForFunction(() => performance.getEntriesByName('codetrail:python-start').length > 0, undefined, { timeout: 60_000 });
  // A learner reads the section for a moment before picking a chapter.
  await page.waitForTimeout(3000);
  const clicked = await page.evaluate(() => performance.now());
  await page.locator('[data-testid^="chapter-"]').first().click();
  await page.waitForURL('**/learn**');
  await page.waitForFunction(() => performance.getEntriesByName('codetrail:python-ready').length > 0, undefined, { timeout: 180_000 });
  const ready = await page.evaluate(() => {
    const entry = performance.getEntriesByName('codetrail:python-ready')[0];
    return entry ? entry.startTime + entry.duration : Number.NaN;
  });
  await page.close();
  return Math.max(0, ready - clicked);
}

async function signedInState(browser: Browser, base: string): Promise<StorageState> {
  const email = `bench-runtime-${Date.now()}@example.com`;
  await createAccount(email, 'bench-secret', 'Bench Learner');
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/web/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('bench-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/onboarding-check**');
  const state = await context.storageState({ indexedDB: true });
  await context.close();
  return state;
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const row = (label: string, values: number[]) => `${label.padEnd(44)}${median(values).toFixed(0).padStart(7)} ms   rounds ${values.map((value) => value.toFixed(0)).join(', ')}`;

async function main(): Promise<void> {
  // BENCH_BASE measures an app that is already running (e.g. the e2e server) instead of starting one.
  const run = (body: (base: string) => Promise<void>) => (process.env.BENCH_BASE ? body(process.env.BENCH_BASE) : withStack(PORT, '.data/bench-runtime', body));
  await run(async (base) => {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: BROWSER_ARGS });
    const state = await signedInState(browser, base);
    const figures = { coldBytes: [] as number[], warmBytes: [] as number[], cold: [] as number[], warm: [] as number[], bareCold: [] as number[], bareWarm: [] as number[], section: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // A new context has an empty HTTP cache: the first visit ever.
      const player = await browser.newContext({ baseURL: base, storageState: state });
      const cold = await openLesson(player);
      const warm = await openLesson(player);
      figures.cold.push(cold.time);
      figures.warm.push(warm.time);
      figures.coldBytes.push(cold.networkBytes);
      figures.warmBytes.push(warm.networkBytes);
      await player.close();

      const bare = await browser.newContext({ baseURL: base });
      figures.bareCold.push(await barePyodide(bare, base));
      figures.bareWarm.push(await barePyodide(bare, base));
      await bare.close();

      const learner = await browser.newContext({ baseURL: base, storageState: state });
      figures.section.push(await viaSection(learner));
      await learner.close();
    }
    await browser.close();

    console.log(`\nPython start-up (median of ${ROUNDS} rounds, measured in the same run)\n`);
    console.log(row('Lesson page, first visit (cold cache)', figures.cold));
    console.log(row('Lesson page, second visit (warm cache)', figures.warm));
    console.log(row('Baseline: bare Pyodide worker, cold', figures.bareCold));
    console.log(row('Baseline: bare Pyodide worker, warm', figures.bareWarm));
    console.log(row('Lesson opened from the section page (wait)', figures.section));
    const mb = (values: number[]) => `${(median(values) / 1_000_000).toFixed(2)} MB`;
    console.log(`/vendor bytes over the network               first visit ${mb(figures.coldBytes)}, second visit ${mb(figures.warmBytes)}`);
    console.log('\nLesson figures run from navigation start (page load included); the baseline from starting its worker.');
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
