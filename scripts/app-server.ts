/**
 * The production app server `npm start` runs (issue 18): Next.js's request handler behind a plain
 * Node HTTP server that sheds load, and with WEB_CONCURRENCY=N (N > 1, PostgreSQL only) N such
 * processes on one port through Node's cluster module (the primary hands connections to the
 * workers in turn). Each process has its own caches; what must agree across them lives in the
 * database (sessions, rate limits, the current publish set and its cache generation, leagues).
 *
 * Shedding: past MAX_IN_FLIGHT_REQUESTS page, data or API requests in flight in a process (100
 * unless set; 0 turns shedding and the per-turn budget below off), or with the event loop running far behind while busy (16 such
 * requests in flight, or arrived in the last second or so: requests then wait unread in the socket
 * queue), a new page or API request is answered at once with 503, Retry-After: 1 and
 * X-Codetrail-Shed: 1 (the app's API client sends it again) instead of queueing into a timeout
 * (src/domain/routing/load-shedding.ts; the health check and static files always answer). At most
 * STARTS_PER_TURN such requests start per turn of the event loop, the rest wait in order for the
 * next turns, and one arriving while the oldest waiting has waited over 300 ms is shed: libuv
 * accepts one connection per turn, so long turns left new connections unseen in the kernel's
 * accept queue until their clients timed out (docs/decisions.md D93). A worker
 * that dies is replaced; SIGTERM stops the workers, then the primary.
 *
 * Pages render to a string first (src/server/render/string-first-render.ts): Next's pages router
 * would push every page through React's web stream, several times the cost of the render itself.
 */
import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { installRouteMatchMemo } from '../src/server/render/route-match-memo';
import { installStringFirstRenderer } from '../src/server/render/string-first-render';
import { ArrivalWindow, parseMaxInFlight, sheddable, shouldShed, smoothLag, SHED_HEADER, SHED_RETRY_AFTER_SECONDS, TurnBudget } from '../src/domain/routing/load-shedding';

const workers = Number(process.env.WEB_CONCURRENCY || 1);
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '127.0.0.1';
const maxInFlight = parseMaxInFlight(process.env.MAX_IN_FLIGHT_REQUESTS);

const BUSY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${SHED_RETRY_AFTER_SECONDS + 1}"><title>Codetrail is busy</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Codetrail is very busy right now</h1><p>Your work is safe. This page tries again in a moment.</p></body></html>`;

/**
 * In the web image (a standalone build, deploy/web) there is no next.config.js: the build's own
 * copy of the configuration is handed to Next the way Next's standalone server.js hands it.
 */
function applyStandaloneConfig(dir: string): void {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG || existsSync(path.join(dir, 'next.config.js'))) return;
  const manifest = path.join(dir, process.env.NEXT_DIST_DIR || '.next', 'required-server-files.json');
  if (!existsSync(manifest)) return;
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify((JSON.parse(readFileSync(manifest, 'utf8')) as { config: unknown }).config);
}

function serve(): void {
  applyStandaloneConfig(process.cwd());
  // Before Next loads its pages runtime: pages render to a string first (src/server/render).
  installStringFirstRenderer();
  // Next's route matching, remembered per pathname (src/server/render/route-match-memo.ts).
  installRouteMatchMemo();
  const app = next({ dev: false, hostname, port, dir: process.cwd() });
  app
    .prepare()
    .then(() => {
      const handle = app.getRequestHandler();
      let inFlight = 0;
      // How late the event loop runs, smoothed: a timer due every 50 ms that fires late.
      let loopLag = 0;
      let expected = Date.now() + 50;
      // Page, data and API requests that arrived lately: with the embedded database a request is
      // served within one turn of the loop, so the in-flight count alone never shows a busy process.
      const arrivals = new ArrivalWindow();
      setInterval(() => {
        const now = Date.now();
        loopLag = smoothLag(loopLag, now - expected);
        expected = now + 50;
        arrivals.tick();
      }, 50).unref();
      // Starts per turn of the loop (see STARTS_PER_TURN): the rest wait in order in `budget`.
      const budget = new TurnBudget<() => void>();
      let turnScheduled = false;
      const nextTurn = () => {
        turnScheduled = false;
        for (const start of budget.turn()) start();
        scheduleTurn();
      };
      const scheduleTurn = () => {
        if (turnScheduled || !budget.busy) return;
        turnScheduled = true;
        setImmediate(nextTurn);
      };
      const shed = (req: IncomingMessage, res: ServerResponse) => {
        const wantsJson = req.url?.startsWith('/api/') || req.url?.startsWith('/_next/data/');
        res.writeHead(503, { 'Retry-After': String(SHED_RETRY_AFTER_SECONDS), [SHED_HEADER]: '1', 'Cache-Control': 'no-store', 'Content-Type': wantsJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8' });
        res.end(wantsJson ? JSON.stringify({ message: 'Codetrail is very busy right now. Try again in a moment.' }) : BUSY_PAGE);
      };
      const server = createServer((req, res) => {
        // Only page, data and API requests count: a page's burst of static chunks is cheap and
        // must never push that same learner's API calls over the edge.
        if (!sheddable(req.url)) {
          void handle(req, res);
          return;
        }
        arrivals.arrived();
        if (shouldShed(inFlight, maxInFlight, req.url, loopLag, arrivals.count)) {
          shed(req, res);
          return;
        }
        const start = () => {
          // A client that gave up while its request waited has nothing to answer.
          if (req.socket.destroyed) return;
          inFlight += 1;
          let done = false;
          const finish = () => {
            if (done) return;
            done = true;
            inFlight -= 1;
          };
          res.once('finish', finish);
          res.once('close', finish);
          void handle(req, res);
        };
        if (maxInFlight <= 0) {
          start();
          return;
        }
        const admission = budget.arrive(start, Date.now());
        if (admission === 'shed') shed(req, res);
        else if (admission === 'start') start();
        scheduleTurn();
      });
      server.listen(port, hostname);
      process.on('SIGTERM', () => {
        // Stop taking requests, let the ones in flight finish (a few seconds at most), then exit.
        server.close(() => process.exit(0));
        server.closeIdleConnections();
        setTimeout(() => process.exit(0), 5_000).unref();
      });
    })
    .catch((error: unknown) => {
      console.error('[codetrail] an app process could not start', error);
      process.exit(1);
    });
}

if (workers <= 1) serve();
else if (cluster.isPrimary) {
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
} else serve();
