/// <reference lib="webworker" />
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { executeSql } from '../sql-run';
import { serveProvidedFiles } from './provided-files';
import { parseRuntimeDirs } from './runtime-dirs';
import { errorMessage, type RunCommand, type RuntimeMessage, type WireOutcome, type WorkerInit } from './sandbox-messages';

/**
 * SQL lessons: SQLite (sql.js, vendored wasm) in a worker of the sql sandbox frame, so a query
 * that never ends blocks only this worker until the page removes the frame.
 */
declare const self: DedicatedWorkerGlobalScope;

const SQL_JS_DIR = parseRuntimeDirs(process.env.CODETRAIL_RUNTIME_DIRS).sql;
const post = (message: RuntimeMessage) => self.postMessage(message);
let ready: Promise<SqlJsStatic> | null = null;

self.onmessage = async (event: MessageEvent<WorkerInit | RunCommand>) => {
  const message = event.data;
  if (message.type === 'init') {
    if (!ready) serveProvidedFiles(self, message.assetBase, message.files ?? []);
    ready ??= initSqlJs({ locateFile: (file: string) => `${message.assetBase}${SQL_JS_DIR}/${file}` });
    ready.then(
      () => post({ type: 'ready' }),
      (error: unknown) => post({ type: 'failed', message: errorMessage(error) }),
    );
    return;
  }
  if (message.type !== 'run' || !ready) return;
  const SQL = await ready;
  const outcome = executeSql(SQL, message.request);
  let wire: WireOutcome;
  if ('status' in outcome) {
    wire = outcome;
  } else {
    post({ type: 'output', id: message.id, text: outcome.output });
    wire = { status: 'ran', error: outcome.error, assertionFailures: [], queryResult: outcome.queryResult ?? null, checkQueryResult: outcome.checkQueryResult ?? null, checkQueries: [...(outcome.checkQueries ?? [])], pageChecks: [] };
  }
  post({ type: 'result', id: message.id, outcome: wire });
};
