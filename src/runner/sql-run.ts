import type { SqlJsStatic } from 'sql.js';
import { judgeRun, type QueryResult, type RunOutcome } from './output-checks';
import type { RunError, RunRequest, RunResult, UnsupportedRun } from './run-types';

/** Renders a result set as a small text table for the console panel. */
export function formatQueryResult(result: QueryResult): string {
  const cells = [result.columns, ...result.rows.map((row) => row.map((value) => (value === null ? 'NULL' : String(value))))];
  const widths = result.columns.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ').trimEnd();
  const header = line(result.columns);
  const body = result.rows.length === 0 ? ['(no rows)'] : cells.slice(1).map(line);
  return [header, widths.map((width) => '-'.repeat(width)).join('-+-'), ...body].join('\n');
}

/**
 * Runs an SQL lesson in SQLite (sql.js): a fresh in-memory database, the lesson's seed, then the
 * learner's statements; the last result set is what the checks compare. Same code in the browser
 * and in Node.
 */
export function runSql(SQL: SqlJsStatic, request: RunRequest): RunResult {
  const outcome = executeSql(SQL, request);
  return 'status' in outcome ? outcome : judgeRun(request.checks, outcome);
}

export function executeSql(SQL: SqlJsStatic, request: RunRequest): RunOutcome | UnsupportedRun {
  const file = request.files.find((candidate) => candidate.name.endsWith('.sql'));
  if (!file) return { status: 'unsupported', reason: 'The lesson has no SQL file to run.' };
  const db = new SQL.Database();
  let error: RunError | null = null;
  let queryResult: QueryResult | null = null;
  let output = '';
  try {
    if (request.seed) db.exec(request.seed);
  } catch (caught) {
    db.close();
    return { status: 'unsupported', reason: `The lesson's seed data does not load: ${caught instanceof Error ? caught.message : String(caught)}` };
  }
  try {
    const results = db.exec(file.content);
    const last = results[results.length - 1];
    queryResult = last ? { columns: last.columns, rows: last.values as unknown[][] } : { columns: [], rows: [] };
    output = last ? `${formatQueryResult(queryResult)}\n` : 'The statements ran and returned no rows.\n';
  } catch (caught) {
    error = { type: 'SQLError', message: caught instanceof Error ? caught.message : String(caught), line: null, file: file.name };
  } finally {
    db.close();
  }
  return { output, error, assertionFailures: new Map(), queryResult };
}
