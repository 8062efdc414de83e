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

/** Statements kept prepared by their text (the rest, BEGIN, COMMIT, DDL…, go through db.query). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** How many statement texts stay prepared (a list of ids of any length is a text of its own). */
const MAX_STATEMENTS = 256;
/** A prepared statement that cannot run any more: its plan's result type changed, or it is gone. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * PostgreSQL's named prepared statements, as node-postgres uses them for drizzle's `.prepare()`
 * (issue 18). PGlite's own `query` parses and plans every statement anew through the unnamed
 * statement; most of the app's statements are the same few texts with other values, and parsing
 * and planning was over half of a progress read's time in the thread. So each text is parsed
 * once under a name of its own, then only bound and run: the same protocol messages `query`
 * sends (Bind, Describe, Execute, Sync), and the same result parsing (PGlite's `parseResults`).
 * Named statements outlive a rolled-back transaction, as in PostgreSQL; the least recently used
 * is closed past MAX_STATEMENTS, and one PostgreSQL calls stale is dropped (and its error passed on).
 */
function namedStatements(db) {
  const { protocol, parse } = require('@electric-sql/pglite');
  const { serialize } = protocol;
  /** @type {Map<string, { name: string, types: number[] }>} text → statement, least recently used first */
  const prepared = new Map();
  let made = 0;
  const send = (bytes) => db.execProtocolStream(bytes, { syncToFs: false });

  async function prepare(sql) {
    const name = `codetrail_${(made += 1)}`;
    await send(serialize.parse({ name, text: sql }));
    const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
    return { name, types };
  }

  async function forget(statement) {
    try {
      await send(serialize.close({ type: 'S', name: statement.name }));
    } finally {
      await send(serialize.sync());
    }
  }

  /** One run; `retry` once when a stale statement failed outside a transaction (nothing was done). */
  async function attempt(sql, params, options, retry) {
    const messages = [];
    let statement = prepared.get(sql);
    let stale = false;
    try {
      if (statement) prepared.delete(sql);
      else statement = await prepare(sql);
      prepared.set(sql, statement);
      const types = statement.types;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[types[index]];
        return serializer ? serializer(value) : value.toString();
      });
      messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(serialize.describe({ type: 'P' }))));
      messages.push(...(await send(serialize.execute({}))));
    } catch (error) {
      stale = Boolean(statement && error && STALE_STATEMENT.has(error.code));
      if (stale) {
        prepared.delete(sql);
        const ready = await send(serialize.sync());
        // 'I': no transaction is open, so the failed statement changed nothing: run it again, newly prepared.
        if (retry && ready.some((entry) => entry.name === 'readyForQuery' && entry.status === 'I')) return attempt(sql, params, options, false);
      }
      throw error;
    } finally {
      if (!stale) messages.push(...(await send(serialize.sync())));
    }
    if (prepared.size > MAX_STATEMENTS) {
      const [oldest, old] = prepared.entries().next().value;
      prepared.delete(oldest);
      await forget(old);
    }
    await db.syncToFs();
    return parse.parseResults(messages, db.parsers, options)[0];
  }

  return {
    run: (sql, params, options) => db.runExclusive(() => attempt(sql, params, options, true)),
  };
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

  const statements = namedStatements(db);

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
      const options = { rowMode: message.rowMode, parsers: parsersFor(message.rawTypes) };
      const result = PREPARABLE.test(message.sql) ? await statements.run(message.sql, message.params ?? [], options) : await db.query(message.sql, message.params, options);
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
