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
import { measure, ms, signUp, withStack, type Figures } from './lib/bench';

const PORT = Number(process.env.BENCH_PORT || 3300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_SECONDS || 10);

const run = (title: string, options: Parameters<typeof measure>[1]) => measure(title, { connections: CONNECTIONS, duration: DURATION, ...options });

async function main(): Promise<void> {
  await withStack(PORT, '.data/bench', async (BASE) => {
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
      console.log(`${name.padEnd(28)} ${result.requestsPerSecond.toFixed(0).padStart(6)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)} ${String(result.failures).padStart(8)}`);
    }
    // One learner at 50 connections is far past the per-learner limit: raised so the figures
    // measure the API (the limiter's counting is still done on every call).
  }, { RATE_LIMIT_API_PER_MINUTE: '1000000' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
