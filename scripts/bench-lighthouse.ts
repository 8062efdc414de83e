/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset: Moto G-class screen, simulated slow 4G
 * and 4× CPU slowdown) three times each on the landing page, a lesson page and a section page,
 * signed in for the last two; prints the median performance and accessibility scores, CLS, LCP
 * and TBT against the goals (performance ≥ 90, accessibility 100, CLS < 0.1).
 *
 * Offline-safe: Debian's Chromium (/usr/bin/chromium) through chrome-launcher, the app and the
 * Auth emulator on this machine, nothing fetched from the internet. Signing in goes through the
 * real login page (Playwright attached to the same Chromium over CDP), so the lesson page runs
 * as it does for a learner: session cookie and the Firebase user in IndexedDB; Lighthouse then
 * keeps that storage (disableStorageReset).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { EMULATOR, withStack } from './lib/bench';

const PORT = Number(process.env.BENCH_PORT || 3400);
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'lesson', path: '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0', signedIn: true },
  { name: 'section', path: '/web/python/section/0', signedIn: true },
] as const;

interface Figures {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function signIn(chromePort: number): Promise<void> {
  const email = `bench-lighthouse-${Date.now()}@example.com`;
  const signUp = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-secret', displayName: 'Bench Learner', returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`emulator signUp failed: ${signUp.status}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${BASE}/web/login?redirectUrl=${encodeURIComponent('/web/settings')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('bench-secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/web/settings');
    await page.close();
  } finally {
    // Detach only: the Chromium belongs to chrome-launcher.
    await browser.close().catch(() => undefined);
  }
}

interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

/**
 * Lighthouse's CLI in a plain Node process: under tsx its page-side functions are serialised with
 * esbuild's `__name` helper, which does not exist in the page ("__name is not defined").
 */
async function audit(url: string, chromePort: number): Promise<Figures> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['node_modules/lighthouse/cli/index.js', url, `--port=${chromePort}`, '--output=json', '--output-path=stdout', '--only-categories=performance,accessibility', '--disable-storage-reset', '--quiet'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const lhr = JSON.parse(stdout) as LighthouseResult;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
  };
}

async function main(): Promise<void> {
  // The sign-in goes through the login page, so the stack's origin is the one the browser opens.
  await withStack(
    PORT,
    '.data/bench-lighthouse',
    async () => {
      let chrome: chromeLauncher.LaunchedChrome | null = null;
      try {
        chrome = await chromeLauncher.launch({
          chromePath: CHROME,
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        });
        const rows: { name: string; figures: Figures }[] = [];
        let signedIn = false;
        for (const target of PAGES) {
          if (target.signedIn && !signedIn) {
            await signIn(chrome.port);
            signedIn = true;
          }
          const runs: Figures[] = [];
          for (let run = 0; run < RUNS; run += 1) {
            const figures = await audit(`${BASE}${target.path}`, chrome.port);
            console.log(`  ${target.name} run ${run + 1}: performance ${figures.performance}, accessibility ${figures.accessibility}, CLS ${figures.cls.toFixed(3)}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms`);
            runs.push(figures);
          }
          rows.push({
            name: target.name,
            figures: {
              performance: median(runs.map((r) => r.performance)),
              accessibility: median(runs.map((r) => r.accessibility)),
              cls: median(runs.map((r) => r.cls)),
              lcpMs: median(runs.map((r) => r.lcpMs)),
              tbtMs: median(runs.map((r) => r.tbtMs)),
            },
          });
        }
        console.log(`\nLighthouse ${RUNS}× per page, mobile preset, median (goals: performance ≥ 90, accessibility 100, CLS < 0.1)\n`);
        console.log('| page | performance | accessibility | CLS | LCP | TBT | goals |');
        console.log('|---|---:|---:|---:|---:|---:|---|');
        for (const { name, figures } of rows) {
          const met = figures.performance >= 90 && figures.accessibility === 100 && figures.cls < 0.1;
          console.log(`| ${name} | ${figures.performance} | ${figures.accessibility} | ${figures.cls.toFixed(3)} | ${(figures.lcpMs / 1000).toFixed(2)} s | ${Math.round(figures.tbtMs)} ms | ${met ? 'met' : 'NOT met'} |`);
        }
      } finally {
        chrome?.kill();
      }
    },
    {},
    'localhost',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
