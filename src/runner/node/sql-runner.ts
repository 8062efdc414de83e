import type { SqlJsStatic } from 'sql.js';
import { runSql } from '../sql-run';
import type { RunRequest, RunResult } from '../run-types';

/** SQLite (sql.js) in Node, loaded once. */
export function createNodeSqlRunner() {
  let loading: Promise<SqlJsStatic> | null = null;
  return {
    async run(request: RunRequest): Promise<RunResult> {
      loading ??= import('sql.js').then((module) => (module.default as unknown as (config?: object) => Promise<SqlJsStatic>)());
      return runSql(await loading, request);
    },
  };
}
