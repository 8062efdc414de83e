/**
 * `npm start` with WEB_CONCURRENCY=N (N > 1, issue 18): N Next.js processes serving one port
 * through Node's cluster module (the primary hands connections to the workers in turn). Each
 * worker is a full app process with its own caches; what must agree across them lives in the
 * database (sessions, rate limits, the current publish set and its cache generation, leagues).
 * A worker that dies is replaced; SIGTERM stops the workers and then the primary.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import next from 'next';

const workers = Number(process.env.WEB_CONCURRENCY);
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '127.0.0.1';

if (cluster.isPrimary) {
  let stopping = false;
  console.log(`[codetrail] ${workers} app processes on http://${hostname}:${port}`);
  for (let index = 0; index < workers; index += 1) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[codetrail] app process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(0);
    for (const worker of running) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  const app = next({ dev: false, hostname, port, dir: process.cwd() });
  app
    .prepare()
    .then(() => {
      const handle = app.getRequestHandler();
      const server = createServer((req, res) => void handle(req, res));
      server.listen(port, hostname);
      process.on('SIGTERM', () => server.close(() => process.exit(0)));
    })
    .catch((error: unknown) => {
      console.error('[codetrail] an app process could not start', error);
      process.exit(1);
    });
}
