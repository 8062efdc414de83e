/**
 * `npm run bench:ab` (issue 18): this checkout against another commit of the app, page for page, in
 * one run, on one PostgreSQL.
 *
 * A small change to a page (a few per cent) is lost in the noise of two separate bench:ssr runs, and
 * even of one run against the bare app, because this machine's speed drifts from minute to minute.
 * Here both versions serve at the same time from the same database, session and content, and are
 * measured in alternating turns, so the drift falls on both sides alike; the figure is this
 * checkout's throughput over the base commit's, per round.
 *
 * - The base (BENCH_AB_BASE, a commit, `HEAD~1` by default) is checked out as a git worktree in
 *   `<tmpdir>/codetrail-bench-ab/<commit>` sharing this checkout's node_modules, built once with `npm run build`
 *   (kept for the next run) and served by its own app server (`.next/codetrail-app-server.js`) on
 *   port 3398, with the same environment as this checkout's server.
 * - This checkout runs the whole stack (`scripts/start.ts`: Auth emulator, migrations, publish) on
 *   port 3310 against a private PostgreSQL cluster (initdb/pg_ctl, as bench:ssr).
 * - One signed-in learner; both servers must answer BENCH_AB_PATH (the signed-in lesson page by
 *   default) with 200 before the run; then BENCH_AB_ROUNDS rounds (3) of BENCH_TURNS alternating
 *   turns (12), BENCH_SECONDS per side per round (24), 10 connections. A failed request on either
 *   side fails the script.
 *
 * The base must share this checkout's dependencies and database schema closely enough to serve
 * from the same node_modules and database (nearby commits do).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectOk, measure, measureInTurns, sessionCookies, signUp, withStack } from './lib/bench';
import { EMULATOR_HOST } from './lib/emulator';
import { findPostgresBin, startPrivateCluster } from './lib/postgres';
import { waitForHttp } from './lib/processes';

const PORT = 3310;
const BASE_PORT = 3398;
const PAGE = process.env.BENCH_AB_PATH || '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS || 3);
const TURNS = Number(process.env.BENCH_TURNS || 12);
const SECONDS = Number(process.env.BENCH_SECONDS || 24);

function git(args: string[], cwd = process.cwd()): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** The base commit's worktree, built; answers its folder. */
function preparedBase(rev: string): { dir: string; commit: string } {
  const commit = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  // Outside the checkout: Next, tsc and Jest would otherwise find a second project inside this one.
  const dir = path.join(tmpdir(), 'codetrail-bench-ab', commit.slice(0, 12));
  if (!existsSync(path.join(dir, '.git'))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', dir, commit]);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  if (!existsSync(path.join(dir, '.next', 'codetrail-app-server.js'))) {
    console.log(`Building the base ${commit.slice(0, 12)} in ${dir}…`);
    // `npm run build` also finishes the build: Next's missing manifests and the app server bundle.
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  }
  return { dir, commit };
}

async function main(): Promise<void> {
  const rev = process.env.BENCH_AB_BASE || 'HEAD~1';
  const base = preparedBase(rev);
  const bin = findPostgresBin();
  if (!bin) throw new Error('bench:ab needs PostgreSQL (initdb, pg_ctl): apt-get install postgresql');
  const cluster = startPrivateCluster(bin, { port: 54342, database: 'codetrail_bench_ab' });
  if (!cluster) throw new Error('the private PostgreSQL cluster did not start (initdb or pg_ctl failed)');
  const env = { RATE_LIMIT_API_PER_MINUTE: '1000000', DATABASE_URL: cluster.url };
  try {
    await withStack(
      PORT,
      '.data/bench-ab-stack',
      async (origin) => {
        // The base serves with the environment `npm start` gives this checkout's server.
        const server = spawn(process.execPath, [path.join('.next', 'codetrail-app-server.js')], {
          cwd: base.dir,
          env: { ...process.env, ...env, PORT: String(BASE_PORT), HOST: '127.0.0.1', APP_ORIGIN: origin, DATA_DIR: '.data/bench-ab-stack', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, NODE_ENV: 'production', WEB_CONCURRENCY: '1' },
          stdio: ['ignore', 'ignore', 'inherit'],
          detached: true,
        });
        let running = true;
        server.on('exit', () => {
          running = false;
        });
        try {
          const other = `http://127.0.0.1:${BASE_PORT}`;
          await waitForHttp(`${other}/api/health`, 120_000, () => running);
          const cookie = await sessionCookies(origin, await signUp('bench-ab'));
          await expectOk(`${origin}${PAGE}`, { Cookie: cookie });
          await expectOk(`${other}${PAGE}`, { Cookie: cookie });
          const side = (url: string) => ({ url: `${url}${PAGE}`, headers: { Cookie: cookie }, connections: 10, duration: SECONDS });
          await measure('warm-up', { ...side(origin), duration: 5 });
          await measure('warm-up', { ...side(other), duration: 5 });
          console.log(`\nbench:ab ${PAGE}: this checkout (${git(['rev-parse', '--short=12', 'HEAD'])}${git(['status', '--porcelain']) ? ', with changes' : ''}) against ${base.commit.slice(0, 12)} (${rev}), PostgreSQL`);
          console.log('| round | base req/s | this req/s | this / base | base p99 ms | this p99 ms |');
          console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
          let baseTotal = 0;
          let thisTotal = 0;
          for (let round = 1; round <= ROUNDS; round += 1) {
            const [before, after] = await measureInTurns(['base', 'this'], side(other), side(origin), TURNS);
            if (before.failures || after.failures) throw new Error(`failed requests: base ${before.failures}, this ${after.failures}`);
            baseTotal += before.requestsPerSecond;
            thisTotal += after.requestsPerSecond;
            console.log(`| ${round} | ${before.requestsPerSecond.toFixed(0)} | ${after.requestsPerSecond.toFixed(0)} | **${(after.requestsPerSecond / before.requestsPerSecond).toFixed(3)}×** | ${before.p99.toFixed(0)} | ${after.p99.toFixed(0)} |`);
          }
          console.log(`| all | ${(baseTotal / ROUNDS).toFixed(0)} | ${(thisTotal / ROUNDS).toFixed(0)} | **${(thisTotal / baseTotal).toFixed(3)}×** | | |`);
        } finally {
          try {
            process.kill(-(server.pid ?? 0), 'SIGTERM');
          } catch {
            // already stopped
          }
        }
      },
      env,
    );
  } finally {
    cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
