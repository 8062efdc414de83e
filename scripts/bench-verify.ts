/**
 * `npm run bench:verify`: what server grading costs. For a Python, a JavaScript, an SQL and a page
 * lesson of the course, it grades the lesson's solution as completions do (the grader the worker
 * runs: a sandbox process per Python run, shared JavaScript and SQL processes, Chromium's page
 * pool), BENCH_VERIFY_IN_FLIGHT at a time, and prints completions per second, CPU seconds per
 * completion (this process and its children: the sandboxes and Chromium), completions per second
 * per core (1 / CPU seconds) and p50/p95 latency. Beside it, in the same run, the bare run of the
 * same code: a `node` process running the JavaScript, a `node` process loading Pyodide and running
 * the Python, one loading sql.js and running the SQL, and Chromium loading the page, with no checks.
 *
 * A closed loop of N in flight measures the grader saturated: its latency is then N / throughput
 * whatever the grader does (Little's law). So each lesson is also graded with completions arriving
 * on their own, at random (Poisson) moments, at half the rate its cores can grade (the rate from the
 * closed loop of the same run, BENCH_VERIFY_LOAD of capacity): the p95 a learner meets when the
 * grader is busy but not overrun.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Lesson } from '../src/domain/content/model';
import { lessonTypeFromFiles } from '../src/domain/lessons/lesson-type';
import type { RunRequest } from '../src/runner/run-types';
import { compileContent } from '../src/server/content/compile-content';
import { solutionFiles } from '../src/server/content/verify-content';
import { createLocalGrader } from '../src/server/grading/grader';
import { buildPageDocument } from '../src/runner/html-page';
import { percentile } from './lib/bench';

const IN_FLIGHT = Number(process.env.BENCH_VERIFY_IN_FLIGHT || 4);
const LOAD = Number(process.env.BENCH_VERIFY_LOAD || 0.5);
const LESSONS: { label: string; track: string; lesson: string; count: number }[] = [
  { label: 'Python', track: 'python', lesson: 'py-join-text', count: Number(process.env.BENCH_VERIFY_PYTHON || 20) },
  { label: 'JavaScript', track: 'javascript', lesson: 'js-const', count: Number(process.env.BENCH_VERIFY_JS || 60) },
  { label: 'SQL', track: 'sql', lesson: 'sql-where-text', count: Number(process.env.BENCH_VERIFY_SQL || 60) },
  { label: 'Page (HTML)', track: 'html', lesson: 'html-first-heading', count: Number(process.env.BENCH_VERIFY_PAGES || 30) },
];

/**
 * CPU seconds of this process's whole tree (Linux /proc): its own, its ended children's, and every
 * live descendant's (Chromium's processes and the sandboxes stay alive between runs).
 */
function cpuSeconds(): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0) });
    } catch {
      // Ended while listed.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid, hops = 0; current > 1 && hops < 64; hops += 1) {
      if (current === process.pid) return true;
      current = stats.get(current)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) ticks += stat.ticks;
  return ticks / 100;
}

interface Figures {
  perSecond: number;
  cpuPerRun: number;
  p50: number;
  p95: number;
  failed: number;
}

/** The figures of `latencies.length` completions begun at `started` (performance.now()), with the CPU since `cpuBefore`. */
function figures(latencies: number[], failed: number, started: number, cpuBefore: number): Figures {
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return { perSecond: sorted.length / seconds, cpuPerRun: (cpuSeconds() - cpuBefore) / sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), failed };
}

async function measure(count: number, once: () => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, count) }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        if (!(await once())) failed += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return figures(latencies, failed, started, cpuBefore);
}

/**
 * Completions that arrive on their own at `perSecond` on average (exponential gaps from a seeded
 * generator, so runs compare), each graded when it arrives: latency includes any wait in the queue.
 */
async function measureOpen(count: number, perSecond: number, once: () => Promise<boolean>): Promise<Figures> {
  let state = 0x2545f491;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 0.5) / 4294967296;
  };
  const latencies: number[] = [];
  let failed = 0;
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    pending.push(
      (async () => {
        const t0 = performance.now();
        if (!(await once())) failed += 1;
        latencies.push(performance.now() - t0);
      })(),
    );
    await new Promise((resolve) => setTimeout(resolve, (-Math.log(random()) / perSecond) * 1000));
  }
  await Promise.all(pending);
  return figures(latencies, failed, started, cpuBefore);
}

/** A child process that runs `script` with `input` on stdin, bare: no sandbox layers, no checks. */
function bareProcess(script: string, input: string): () => Promise<boolean> {
  return () =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'ignore', 'ignore'], cwd: process.cwd() });
      child.on('exit', (code) => resolve(code === 0));
      child.stdin.end(input);
    });
}

const PYODIDE_BARE = `import { loadPyodide } from 'pyodide'; let code = ''; for await (const chunk of process.stdin) code += chunk; const py = await loadPyodide(); py.setStdout({ batched: () => {} }); py.runPython(code);`;
const SQL_BARE = `import initSqlJs from 'sql.js'; let input = ''; for await (const chunk of process.stdin) input += chunk; const { seed, query } = JSON.parse(input); const SQL = await initSqlJs(); const db = new SQL.Database(); db.run(seed); db.exec(query);`;
const JS_BARE = `import vm from 'node:vm'; let code = ''; for await (const chunk of process.stdin) code += chunk; vm.runInNewContext(code, { console: { log() {} } }, { timeout: 5000 });`;

async function bareFor(lesson: Lesson, request: RunRequest, chromium: () => Promise<Page>): Promise<() => Promise<boolean>> {
  const main = request.files.find((file) => !lesson.executableContent?.files.find((candidate) => candidate.name === file.name && !candidate.editable))?.content ?? '';
  switch (request.lessonType) {
    case 'Python':
      return bareProcess(PYODIDE_BARE, request.files.filter((file) => file.name.endsWith('.py')).map((file) => file.content).join('\n'));
    case 'JS':
      return bareProcess(JS_BARE, request.files.filter((file) => file.name.endsWith('.js')).map((file) => file.content).join('\n'));
    case 'SQL':
      return bareProcess(SQL_BARE, JSON.stringify({ seed: request.seed ?? '', query: request.files.filter((file) => file.name.endsWith('.sql')).map((file) => file.content).join('\n') || main }));
    case 'HTML': {
      const document = buildPageDocument(request.files);
      const page = await chromium();
      return async () => {
        await page.setContent(document, { waitUntil: 'load' });
        return true;
      };
    }
  }
}

async function main(): Promise<void> {
  const { content } = await compileContent(path.resolve('content'));
  const grader = createLocalGrader({ onWarning: (message) => console.warn(message) });
  const { chromium } = await import('@playwright/test');
  const { chromiumPath } = await import('../src/runner/node/chromium-html-runner');
  const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const rows: string[] = [];
  try {
    for (const target of LESSONS) {
      const lesson = content.tracks.find((track) => track.id === target.track)?.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)).find((candidate) => candidate.id === target.lesson);
      const executable = lesson?.executableContent;
      if (!lesson || !executable) throw new Error(`No lesson ${target.lesson} in ${target.track}.`);
      const request: RunRequest = { lessonType: lessonTypeFromFiles(executable.files), files: solutionFiles(lesson), checks: executable.checks, seed: executable.seed, checkSeed: executable.checkSeed ?? null, stdin: executable.input ?? [] };
      // Warm up both (a spare started, Chromium's page made), then measure the grader, then the bare run.
      grader.warmUp?.(request.lessonType);
      await Promise.all(Array.from({ length: IN_FLIGHT }, () => grader.grade(request)));
      const bare = await bareFor(lesson, request, () => browser.newContext().then((context) => context.newPage()));
      await bare();
      const graded = await measure(target.count, async () => {
        const result = await grader.grade(request);
        return result.status === 'ran' && result.passed;
      });
      const rate = (LOAD * os.cpus().length) / Math.max(graded.cpuPerRun, 0.001);
      const arriving = await measureOpen(target.count, rate, async () => {
        const result = await grader.grade(request);
        return result.status === 'ran' && result.passed;
      });
      const baseline = await measure(target.count, bare);
      const line = (name: string, figures: Figures) =>
        `| ${name} | ${figures.perSecond.toFixed(1)} | ${figures.cpuPerRun.toFixed(3)} | ${(1 / figures.cpuPerRun).toFixed(1)} | ${figures.p50.toFixed(0)} | ${figures.p95.toFixed(0)} | ${figures.failed} |`;
      rows.push(
        line(`${target.label}: graded (${executable.checks.length} checks), ${IN_FLIGHT} in flight`, graded),
        line(`${target.label}: graded, arriving at ${rate.toFixed(1)}/s (${Math.round(LOAD * 100)} % of capacity)`, arriving),
        line(`${target.label}: bare run, ${IN_FLIGHT} in flight`, baseline),
      );
      for (const row of rows.slice(-3)) console.log(row);
    }
  } finally {
    await browser.close();
    await grader.close();
  }
  console.log(`\nbench:verify on ${os.cpus().length} cores (the same run, the same code):\n`);
  console.log('| lesson | completions/s | CPU s per completion | per core /s | p50 ms | p95 ms | not passed |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
