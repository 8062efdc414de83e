/**
 * `npm run bench:api`: load figures for the learning API, measured (not asserted).
 * Starts the real stack on its own port and data folder, signs a learner in through the Auth
 * emulator, then runs autocannon at 50 connections against
 *   - GET /api/health (a trivial endpoint of the same app: the baseline of this machine),
 *   - GET a chapter with full lessons,
 *   - POST savefiles for a lesson,
 * and prints p50/p95/p99 latency and requests/s for each. Compare rows with each other: the
 * load generator shares the machine's cores with the server.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { waitForHttp } from './lib/processes';

const PORT = Number(process.env.BENCH_PORT || 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const EMULATOR = 'http://127.0.0.1:9099';

async function signUp(): Promise<string> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench-secret', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  total: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs autocannon and computes percentiles from every response time (autocannon reports no p95). */
function run(title: string, options: autocannon.Options): Promise<Figures> {
  const times: number[] = [];
  return new Promise<Figures>((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      const failures = result.non2xx + result.errors + result.timeouts;
      if (failures > 0) console.warn(`  ${title}: ${failures} non-2xx/errors/timeouts out of ${result.requests.total}`);
      resolve({ requestsPerSecond: result.requests.average, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), failures, total: result.requests.total });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
}

async function main(): Promise<void> {
  const stack = spawn('npx', ['tsx', 'scripts/start.ts', '--fresh-data'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: '.data/bench', APP_ORIGIN: BASE },
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
    console.log(`Starting the stack on ${BASE} (first start builds the app)…`);
    let running = true;
    stack.on('exit', () => {
      running = false;
    });
    await waitForHttp(`${BASE}/api/health`, 400_000, () => running);
    const token = await signUp();
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const tracks = (await (await fetch(`${BASE}/api/v1/tracks`, { headers })).json()) as { publishSetVersion: number };
    const chapter = `${BASE}/api/v1/tracks/python/tutorials/python-basics/chapters/python-basics-first-steps`;
    const save = `${chapter}/lessons/py-hello-print/savefiles?publishSetVersion=${tracks.publishSetVersion}`;
    // Warm up caches and the JIT before measuring.
    await run('warm-up', { url: `${chapter}`, headers, duration: 3 });

    const rows: { name: string; result: Figures }[] = [];
    rows.push({ name: 'GET /api/health (baseline)', result: await run('health', { url: `${BASE}/api/health` }) });
    rows.push({ name: 'GET chapter', result: await run('chapter', { url: chapter, headers }) });
    rows.push({
      name: 'POST savefiles',
      result: await run('savefiles', { url: save, method: 'POST', headers, body: JSON.stringify({ files: [{ name: 'main.py', userContent: 'print("Hello, world!")\n'.repeat(20) }] }) }),
    });

    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each\n`);
    console.log('endpoint                      req/s     p50 ms   p95 ms   p99 ms   errors');
    for (const { name, result } of rows) {
      const ms = (value: number) => value.toFixed(1).padStart(8);
      console.log(`${name.padEnd(28)} ${result.requestsPerSecond.toFixed(0).padStart(6)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)} ${String(result.failures).padStart(8)}`);
    }
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
