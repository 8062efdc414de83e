import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { waitForHttp } from './processes';

/** Shared by the bench scripts: the stack on its own port and data folder, autocannon figures, sign-ins. */

export const EMULATOR = 'http://127.0.0.1:9099';

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  total: number;
  /** Requests that got no answer within autocannon's timeout (10 s unless set). */
  timeouts: number;
  /** Connection errors (resets, refused). */
  errors: number;
  /** Quick 503s: load shed on purpose (counted among the failures too). */
  shed: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** What one or more autocannon runs of one target add up to, with every response time. */
interface Tally {
  times: number[];
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  shed: number;
}

const emptyTally = (): Tally => ({ times: [], requests: 0, seconds: 0, non2xx: 0, errors: 0, timeouts: 0, shed: 0 });

/** One autocannon run added to `tally`. */
function runInto(tally: Tally, options: autocannon.Options): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      tally.requests += result.requests.total;
      tally.seconds += result.duration;
      tally.non2xx += result.non2xx;
      tally.errors += result.errors;
      tally.timeouts += result.timeouts;
      tally.shed += (result.statusCodeStats as Record<string, { count: number }> | undefined)?.['503']?.count ?? 0;
      resolve();
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => tally.times.push(responseTime));
  });
}

function figuresOf(title: string, tally: Tally): Figures {
  const times = [...tally.times].sort((a, b) => a - b);
  const failures = tally.non2xx + tally.errors + tally.timeouts;
  if (failures > 0) console.warn(`  ${title}: ${failures} non-2xx/errors/timeouts out of ${tally.requests}`);
  return {
    requestsPerSecond: tally.seconds > 0 ? tally.requests / tally.seconds : Number.NaN,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failures,
    total: tally.requests,
    timeouts: tally.timeouts,
    errors: tally.errors,
    shed: tally.shed,
  };
}

/** Runs autocannon and computes percentiles from every response time (autocannon reports no p95). */
export async function measure(title: string, options: autocannon.Options): Promise<Figures> {
  const tally = emptyTally();
  await runInto(tally, options);
  return figuresOf(title, tally);
}

/**
 * Two targets measured in turns: `slices` runs of each, alternating (a, b, a, b…), each
 * `options.duration / slices` seconds, and each target's figures over all its runs (every
 * response time). On a machine whose speed drifts (a shared VM), a ratio of two back-to-back runs
 * moves with the drift; taken in turns, both sides see the same moments.
 */
export async function measureInTurns(
  titles: [string, string],
  a: autocannon.Options,
  b: autocannon.Options,
  slices: number,
): Promise<[Figures, Figures]> {
  const tallies = [emptyTally(), emptyTally()] as const;
  const each = (options: autocannon.Options) => ({ ...options, duration: Math.max(1, Number(options.duration ?? 10) / slices) });
  for (let slice = 0; slice < slices; slice += 1) {
    await runInto(tallies[0], each(a));
    await runInto(tallies[1], each(b));
  }
  return [figuresOf(titles[0], tallies[0]), figuresOf(titles[1], tallies[1])];
}

/** A new emulator account's ID token. */
export async function signUp(prefix = 'bench'): Promise<string> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `${prefix}-${Date.now()}@example.com`, password: 'bench-secret', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Signs a new learner in through /api/login, as the browser does: the page cookies. */
export async function sessionCookies(base: string, token: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`/api/login answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
}

/** The body of a page or API answer that must be a 200 (redirects are not followed). */
export async function expectOk(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status} (${response.headers.get('location') ?? ''}), not 200`);
  return response.text();
}

/** An existing emulator account's ID token (e.g. the demo course engineer). */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * Starts `npm start` on its own port and data folder from an empty database, runs `body` once
 * the app answers, and stops the whole stack afterwards (also on Ctrl-C).
 */
export async function withStack(port: number, dataDir: string, body: (base: string) => Promise<void>, env: Record<string, string> = {}, host = '127.0.0.1'): Promise<void> {
  const base = `http://${host}:${port}`;
  const stack = spawn('npx', ['tsx', 'scripts/start.ts', '--fresh-data'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_ORIGIN: base, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-(stack.pid ?? 0), 'SIGTERM');
    } catch {
      // already stopped
    }
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    console.log(`Starting the stack on ${base} (first start builds the app)…`);
    let running = true;
    stack.on('exit', () => {
      running = false;
    });
    await waitForHttp(`${base}/api/health`, 400_000, () => running);
    await body(base);
  } finally {
    stop();
  }
}

export const ms = (value: number) => value.toFixed(1).padStart(8);

const BARE_DIR = path.join('bench', 'bare-next');

/**
 * The bare Next.js baseline (`bench/bare-next`: the same Next, React and Node, one
 * getServerSideProps page and an API route), built when its build is missing and served by
 * `next start` on 127.0.0.1:`port` until the returned function stops it.
 */
export async function startBareNext(port: number, env: Record<string, string> = {}): Promise<() => void> {
  if (!existsSync(path.join(BARE_DIR, '.next', 'BUILD_ID'))) {
    console.log('Building the bare Next.js baseline…');
    const build = spawnSync(path.join('node_modules', '.bin', 'next'), ['build', BARE_DIR], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (build.status !== 0) throw new Error('the bare Next.js app did not build');
  }
  if (env.BARE_JSON_DIR) mkdirSync(env.BARE_JSON_DIR, { recursive: true });
  const server = spawn(path.join('node_modules', '.bin', 'next'), ['start', BARE_DIR, '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let running = true;
  server.on('exit', () => {
    running = false;
  });
  await waitForHttp(`http://127.0.0.1:${port}/`, 60_000, () => running);
  return () => {
    try {
      process.kill(-(server.pid ?? 0), 'SIGTERM');
    } catch {
      // already stopped
    }
  };
}
