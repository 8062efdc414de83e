/**
 * `npm run bench:build`: load figures for the build area beside the lesson endpoints, from one run
 * on one stack (compare rows with each other: the load generator shares the machine's cores).
 * autocannon at 50 connections against
 *   - GET /api/health (the baseline of this machine),
 *   - POST savefiles for a lesson and GET a chapter (the lesson endpoints),
 *   - PUT a project's files (saving a project: validation, the revision, a snapshot check),
 *   - GET /api/v1/shared/{id} (a shared project's public read, no token),
 *   - GET /web/shared/{id} (the shared page, rendered on the server, signed out).
 */
import { measure, ms, signUp, withStack, type Figures } from './lib/bench';

const PORT = Number(process.env.BENCH_PORT || 3600);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_SECONDS || 10);

const run = (title: string, options: Parameters<typeof measure>[1]) => measure(title, { connections: CONNECTIONS, duration: DURATION, ...options });

async function main(): Promise<void> {
  await withStack(
    PORT,
    '.data/bench-build',
    async (BASE) => {
      const token = await signUp('bench-build');
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const tracks = (await (await fetch(`${BASE}/api/v1/tracks`, { headers })).json()) as { publishSetVersion: number };
      const chapter = `${BASE}/api/v1/tracks/python/tutorials/python-basics/chapters/python-basics-first-steps`;
      const save = `${chapter}/lessons/py-hello-print/savefiles?publishSetVersion=${tracks.publishSetVersion}`;
      const created = await fetch(`${BASE}/api/v1/projects`, { method: 'POST', headers, body: JSON.stringify({ template: 'web' }) });
      if (created.status !== 201) throw new Error(`creating a project answered ${created.status}: ${await created.text()}`);
      const project = (await created.json()) as { id: string; files: { path: string; content: string }[] };
      const shared = await fetch(`${BASE}/api/v1/projects/${project.id}/share`, { method: 'POST', headers });
      if (!shared.ok) throw new Error(`sharing answered ${shared.status}`);
      const files = project.files.map((file) => ({ ...file, content: `${file.content}\n<!-- edited -->`.repeat(4) }));
      await run('warm-up', { url: `${BASE}/api/v1/shared/${project.id}`, duration: 3 });

      const rows: { name: string; result: Figures }[] = [];
      rows.push({ name: 'GET /api/health (baseline)', result: await run('health', { url: `${BASE}/api/health` }) });
      rows.push({ name: 'GET chapter (lesson)', result: await run('chapter', { url: chapter, headers }) });
      rows.push({
        name: 'POST savefiles (lesson)',
        result: await run('savefiles', { url: save, method: 'POST', headers, body: JSON.stringify({ files: [{ name: 'main.py', userContent: 'print("Hello, world!")\n'.repeat(20) }] }) }),
      });
      rows.push({ name: 'PUT project files', result: await run('project save', { url: `${BASE}/api/v1/projects/${project.id}/files`, method: 'PUT', headers, body: JSON.stringify({ files }) }) });
      rows.push({ name: 'GET /api/v1/shared/{id}', result: await run('shared read', { url: `${BASE}/api/v1/shared/${project.id}` }) });
      rows.push({ name: 'GET /web/shared/{id} (page)', result: await run('shared page', { url: `${BASE}/web/shared/${project.id}` }) });

      console.log(`\n${CONNECTIONS} connections, ${DURATION} s each\n`);
      console.log('endpoint                       req/s     p50 ms   p95 ms   p99 ms   errors');
      for (const { name, result } of rows) {
        console.log(`${name.padEnd(29)} ${result.requestsPerSecond.toFixed(0).padStart(6)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)} ${String(result.failures).padStart(8)}`);
      }
    },
    // One learner and one address at 50 connections are far past the limits: raised so the figures
    // measure the endpoints (the limiter's counting still runs on every call).
    { RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_PROJECT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_SHARED_READS_PER_MINUTE: '1000000' },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
