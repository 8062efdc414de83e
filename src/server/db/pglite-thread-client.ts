import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database on a thread of its own (issue 18). PGlite is PostgreSQL compiled to
 * WebAssembly: on the server's own thread, every statement it parses, plans and runs holds up
 * every other request. Here it runs in a worker thread (src/server/db/pglite-thread.cjs), and this
 * client stands in for it with the part of PGlite's interface drizzle uses: `query` and
 * `transaction`. Results cross by structured clone; errors keep PostgreSQL's fields (code, detail).
 *
 * Ordering: the thread runs statements one at a time in the order they were sent. A transaction
 * sends BEGIN, its statements and COMMIT (or ROLLBACK) under a lock; statements from outside wait
 * for it to end instead of landing inside it, as with PGlite's own transaction mutex.
 */

export const PGLITE_THREAD_FILE = path.join(process.cwd(), 'src/server/db/pglite-thread.cjs');

export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /** Only parsers that hand back PostgreSQL's text untouched (drizzle's): the thread applies those. */
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

export interface ThreadResults<T = unknown> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface ThreadQuerier {
  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<ThreadResults<T>>;
}

type Reply = { id: number; ok: true; result: ThreadResults | null } | { id: number; ok: false; error: Record<string, unknown> };
type Startup = { ready: true } | { ready: false; error: Record<string, unknown> };

/** An error rebuilt from the thread's plain data, with PostgreSQL's fields on it. */
function rebuildError(data: Record<string, unknown>): Error {
  const error = new Error(typeof data.message === 'string' ? data.message : 'The embedded database failed');
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'message' && key !== 'stack') (error as unknown as Record<string, unknown>)[key] = value;
  }
  return error;
}

/**
 * The type ids whose parser is a pass-through, as the key the thread builds its parsers from
 * ("1114,1184,…"); anything else cannot cross the thread. drizzle hands the same parsers object to
 * every run of a query, so each object is checked once, not on every statement.
 */
const rawTypeKeys = new WeakMap<object, string>();

function rawTypesOf(parsers: ThreadQueryOptions['parsers']): string {
  if (!parsers) return '';
  let key = rawTypeKeys.get(parsers);
  if (key === undefined) {
    key = Object.entries(parsers)
      .map(([type, parser]) => {
        if (parser('\u0001probe', Number(type)) !== '\u0001probe') {
          throw new Error(`The embedded database thread only keeps values as PostgreSQL's text; type ${type} has a parser that changes them`);
        }
        return type;
      })
      .join(',');
    rawTypeKeys.set(parsers, key);
  }
  return key;
}

export class PgliteThreadClient implements ThreadQuerier {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: ThreadResults | null) => void; reject: (error: Error) => void }>();
  private stopped: Error | null = null;
  /** The open transaction's end, while one is open (statements from outside wait for it). */
  private transactionEnd: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {
    // Like PGlite on the main thread, an idle database never keeps the process alive; a statement
    // waiting for its answer does (a command must not exit halfway through a migration).
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(rebuildError(reply.error));
    });
    worker.on('error', (error) => this.stop(new Error(`The embedded database thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => this.stop(new Error(`The embedded database thread has stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it (a folder, or in memory when dataDir is null). */
  static async open(dataDir: string | null, file = PGLITE_THREAD_FILE): Promise<PgliteThreadClient> {
    const worker = new Worker(file, { workerData: { dataDir }, execArgv: [], env: process.env, stdout: false, stderr: false });
    const startup = await new Promise<Startup>((resolve) => {
      const onExit = (code: number) => resolve({ ready: false, error: { message: `the thread exited (code ${code}) before the database opened` } });
      const onError = (error: Error) => resolve({ ready: false, error: { message: error.message } });
      worker.once('exit', onExit);
      worker.once('error', onError);
      worker.once('message', (message: Startup) => {
        worker.off('exit', onExit);
        worker.off('error', onError);
        resolve(message);
      });
    });
    if (!startup.ready) {
      await worker.terminate();
      throw rebuildError({ ...startup.error, message: `The embedded database did not open: ${String(startup.error.message)}` });
    }
    return new PgliteThreadClient(worker);
  }

  private send(message: Record<string, unknown>): Promise<ThreadResults | null> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private async statement<T>(sql: string, params: unknown[] = [], options: ThreadQueryOptions = {}): Promise<ThreadResults<T>> {
    const result = await this.send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', rawTypes: rawTypesOf(options.parsers) });
    return result as ThreadResults<T>;
  }

  async query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<ThreadResults<T>> {
    while (this.transactionEnd) await this.transactionEnd;
    return this.statement<T>(sql, params, options);
  }

  /** BEGIN, the callback's statements, then COMMIT; ROLLBACK (and the error again) when it throws. */
  async transaction<T>(callback: (tx: ThreadQuerier) => Promise<T>): Promise<T> {
    while (this.transactionEnd) await this.transactionEnd;
    let end!: () => void;
    this.transactionEnd = new Promise((resolve) => (end = resolve));
    let open = true;
    const tx: ThreadQuerier = {
      query: <R>(sql: string, params?: unknown[], options?: ThreadQueryOptions) => {
        if (!open) return Promise.reject(new Error('This transaction has already ended'));
        return this.statement<R>(sql, params, options);
      },
    };
    try {
      await this.statement('BEGIN');
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        open = false;
        await this.statement('ROLLBACK').catch(() => undefined);
        throw error;
      }
      open = false;
      await this.statement('COMMIT');
      return result;
    } finally {
      open = false;
      this.transactionEnd = null;
      end();
    }
  }

  /** Closes the database, then the thread; a thread that does not stop within 10 s is ended. */
  async close(): Promise<void> {
    if (this.stopped) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    try {
      await this.send({ op: 'close' });
    } finally {
      const timer = setTimeout(() => void this.worker.terminate(), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}
