// @ts-check
/**
 * The embedded database's own thread (issue 18): PGlite runs here, in a worker thread, so that
 * parsing, planning and running SQL in WebAssembly never holds up the thread that renders pages.
 * Its client, src/server/db/pglite-thread-client.ts, starts this file and is its only peer.
 *
 * Plain CommonJS on purpose: the same file starts under Next's server, tsx, Jest and the container
 * image (copied beside the migrations), none of which share a TypeScript loader for worker threads.
 *
 * Protocol (structured clone over the worker's port):
 *   in:  { id, op: 'query', sql, params, rowMode, rawTypes }   one statement, answered in order;
 *        rawTypes: the type ids kept as text, comma-separated ("1114,1184", or "")
 *        { id, op: 'close' }                                  close the database, then the thread ends
 *   out: { ready: true } | { ready: false, error }             once, after opening
 *        { id, ok: true, result: { rows, fields, affectedRows } } | { id, ok: false, error }
 * Messages are handled one at a time in arrival order, so a transaction's BEGIN, statements and
 * COMMIT (sent by the client under its own lock) run back to back.
 */
const { parentPort, workerData } = require('node:worker_threads');

if (!parentPort) throw new Error('pglite-thread.cjs runs only as a worker thread');
const port = parentPort;

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint…). */
function errorData(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const data = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    data[key] = value;
  }
  return data;
}

/** Values of these types come back as PostgreSQL's text, untouched (what drizzle asks of PGlite). */
const raw = (value) => value;

async function main() {
  const { PGlite } = require('@electric-sql/pglite');
  let db;
  try {
    db = workerData.dataDir ? new PGlite(workerData.dataDir) : new PGlite();
    await db.waitReady;
  } catch (error) {
    port.postMessage({ ready: false, error: errorData(error) });
    return;
  }
  const parserSets = new Map();
  const parsersFor = (rawTypes) => {
    let parsers = parserSets.get(rawTypes);
    if (!parsers) {
      parsers = Object.fromEntries(rawTypes.split(',').filter(Boolean).map((type) => [Number(type), raw]));
      parserSets.set(rawTypes, parsers);
    }
    return parsers;
  };

  let queue = Promise.resolve();
  const handle = async (message) => {
    if (message.op === 'close') {
      try {
        await db.close();
        port.postMessage({ id: message.id, ok: true, result: null });
      } catch (error) {
        port.postMessage({ id: message.id, ok: false, error: errorData(error) });
      }
      port.close();
      return;
    }
    try {
      const result = await db.query(message.sql, message.params, { rowMode: message.rowMode, parsers: parsersFor(message.rawTypes) });
      port.postMessage({ id: message.id, ok: true, result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } });
    } catch (error) {
      port.postMessage({ id: message.id, ok: false, error: errorData(error) });
    }
  };
  port.on('message', (message) => {
    queue = queue.then(() => handle(message));
  });
  port.postMessage({ ready: true });
}

main().catch((error) => {
  port.postMessage({ ready: false, error: errorData(error) });
});
