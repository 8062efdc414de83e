/**
 * `npm run bench:player`: figures for the lesson player, each beside its bare baseline measured in
 * the same run (the machine is shared, so only the pairs mean something):
 *   1. SSR lesson page p50/p95 at 50 connections vs the app's landing page (a bare guarded page);
 *   2. Python ready time in the player (its sandbox frame and worker) vs a bare Pyodide load in a
 *      module worker of a same-origin page;
 *   3. Run → first output for a print, warm;
 *   4. first-load JS (gzip) of the lesson page, from the build manifest, against the 170 KB budget.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { firstLoadJsKb, LESSON_FIRST_LOAD_BUDGET_KB, LESSON_ROUTE } from './lib/first-load';
import { waitForHttp } from './lib/processes';

const PORT = Number(process.env.BENCH_PORT || 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const EMULATOR = 'http://127.0.0.1:9099';
const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
/** next.config.js copies Pyodide into a folder named after its version. */
const PYODIDE_FOLDER = `pyodide-${(JSON.parse(readFileSync('node_modules/pyodide/package.json', 'utf8')) as { version: string }).version}`;
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function load(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections: 50, duration: DURATION }, (error, res) => (error ? reject(error) : resolve(res)));
    instance.on('response', (_c: unknown, _s: number, _b: number, time: number) => times.push(time));
  });
  times.sort((a, b) => a - b);
  return { rps: result.requests.average, p50: percentile(times, 50), p95: percentile(times, 95), failures: result.non2xx + result.errors + result.timeouts };
}

async function main(): Promise<void> {
  const stack = spawn('npx', ['tsx', 'scripts/start.ts', '--fresh-data'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: '.data/bench', APP_ORIGIN: BASE },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let running = true;
  stack.on('exit', () => {
    running = false;
  });
  const stop = () => {
    try {
      process.kill(-(stack.pid ?? 0), 'SIGTERM');
    } catch {
      // already stopped
    }
  };
  try {
    console.log(`Starting the stack on ${BASE}…`);
    await waitForHttp(`${BASE}/api/health`, 400_000, () => running);

    const email = `bench-player-${Date.now()}@example.com`;
    const signUp = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-secret', returnSecureToken: true }),
    });
    const { idToken } = (await signUp.json()) as { idToken: string };
    const login = await fetch(`${BASE}/api/login`, { method: 'POST', headers: { Authorization: `Bearer ${idToken}` } });
    const cookie = login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');

    // 1. Server rendering.
    await load(`${BASE}${LESSON}`, { cookie }); // warm-up
    const bare = await load(`${BASE}/`, {});
    const lesson = await load(`${BASE}${LESSON}`, { cookie });

    // 2 and 3. In the browser.
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: BROWSER_ARGS });
    const page = await browser.newPage();
    // Sign in as a learner would, so the Firebase client and the session cookie agree.
    await page.goto(`${BASE}/web/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('bench-secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/onboarding-check');

    // The bare baseline starts its worker in a page of the app's origin with no policy: the app's
    // own pages may not start workers any more (learner code runs in the sandbox frames).
    const BASELINE_PAGE = `${BASE}/bench-baseline`;
    await page.route(BASELINE_PAGE, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Bare Pyodide</title>' }));

    const barePyodide: number[] = [];
    const playerReady: number[] = [];
    const runToOutput: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await page.goto(BASELINE_PAGE);
      barePyodide.push(
        await page.evaluate(async (folder) => {
          const source = `self.onmessage = async () => { const t = performance.now(); const m = await import('${location.origin}/vendor/${folder}/pyodide.mjs'); await m.loadPyodide({ indexURL: '${location.origin}/vendor/${folder}/' }); self.postMessage(performance.now() - t); };`;
          const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
          const time = await new Promise<number>((resolve) => {
            worker.onmessage = (event) => resolve(event.data as number);
            worker.postMessage(null);
          });
          worker.terminate();
          return time;
        }, PYODIDE_FOLDER),
      );
      await page.goto(`${BASE}${LESSON}`);
      if (!page.url().includes('/learn')) throw new Error(`The lesson page redirected to ${page.url()}: the bench session was not accepted.`);
      await page.waitForFunction(() => performance.getEntriesByName('codetrail:python-ready').length > 0, undefined, { timeout: 120_000 });
      playerReady.push(await page.evaluate(() => performance.getEntriesByName('codetrail:python-ready')[0]?.duration ?? Number.NaN));
      for (let run = 0; run < 5; run += 1) {
        // The first press builds the editor (until then its stand-in, named the same, shows the code).
        await page.getByRole('textbox', { name: /code editor/ }).first().click();
        await page.locator('.cm-content').first().waitFor();
        await page.locator('.cm-content').first().click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.insertText(`print("run ${run}")`);
        await page.evaluate(() => performance.clearMeasures('codetrail:run-to-output'));
        await page.getByRole('button', { name: 'Run & check' }).click();
        await page.waitForFunction(() => performance.getEntriesByName('codetrail:run-to-output').length > 0);
        if (run > 0) runToOutput.push(await page.evaluate(() => performance.getEntriesByName('codetrail:run-to-output')[0]?.duration ?? Number.NaN));
      }
    }
    await browser.close();

    const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
    const js = firstLoadJsKb(LESSON_ROUTE);
    console.log('\nLesson player figures (pairs measured in the same run)\n');
    console.log(`SSR, 50 connections     lesson page p50 ${lesson.p50.toFixed(0)} ms, p95 ${lesson.p95.toFixed(0)} ms, ${lesson.rps.toFixed(0)} req/s` + ` | bare page (/) p50 ${bare.p50.toFixed(0)} ms, p95 ${bare.p95.toFixed(0)} ms, ${bare.rps.toFixed(0)} req/s`);
    console.log(`Python ready            player ${median(playerReady).toFixed(0)} ms | bare Pyodide ${median(barePyodide).toFixed(0)} ms | ratio ${(median(playerReady) / median(barePyodide)).toFixed(2)} (budget 1.2)`);
    // Round by round: the bare worker's page may cache Pyodide's compiled code between rounds, the
    // player's opaque-origin sandbox may not, so the first round shows the cold cost on both sides.
    console.log(`  rounds (player/bare ms) ${playerReady.map((ms, round) => `${ms.toFixed(0)}/${(barePyodide[round] ?? Number.NaN).toFixed(0)}`).join(', ')}`);
    console.log(`Run → first output      ${median(runToOutput).toFixed(1)} ms median of ${runToOutput.length} warm runs (budget 50 ms)`);
    console.log(`First-load JS           ${js.toFixed(1)} KB gzip for the lesson page (budget ${LESSON_FIRST_LOAD_BUDGET_KB} KB)`);
    if (lesson.failures + bare.failures > 0) console.log(`(non-2xx or errors during load: lesson ${lesson.failures}, bare ${bare.failures})`);
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
