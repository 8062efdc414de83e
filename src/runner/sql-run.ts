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

interface Executed {
  result: QueryResult | null;
  error: string | null;
  seedError: string | null;
  /** The checker's own queries, run after the statements on the same database (null: it failed). */
  queried: (QueryResult | null)[];
}

const toResult = (results: { columns: string[]; values: unknown[][] }[]): QueryResult => {
  const last = results[results.length - 1];
  return last ? { columns: last.columns, rows: last.values } : { columns: [], rows: [] };
};

function lastResult(SQL: SqlJsStatic, seed: string | null | undefined, statements: string, queries: readonly string[] = []): Executed {
  const db = new SQL.Database();
  try {
    try {
      if (seed) db.exec(seed);
    } catch (caught) {
      return { result: null, error: null, seedError: caught instanceof Error ? caught.message : String(caught), queried: [] };
    }
    let result: QueryResult;
    try {
      result = toResult(db.exec(statements));
    } catch (caught) {
      return { result: null, error: caught instanceof Error ? caught.message : String(caught), seedError: null, queried: [] };
    }
    const queried = queries.map((query) => {
      try {
        return toResult(db.exec(query));
      } catch {
        return null;
      }
    });
    return { result, error: null, seedError: null, queried };
  } finally {
    db.close();
  }
}

/**
 * The learner's statements on the lesson's data (what they see), and again on a fresh copy of
 * the lesson's check data when a check compares on it (the same query must hold on other rows).
 */
export function executeSql(SQL: SqlJsStatic, request: RunRequest): RunOutcome | UnsupportedRun {
  const file = request.files.find((candidate) => candidate.name.endsWith('.sql'));
  if (!file) return { status: 'unsupported', reason: 'The lesson has no SQL file to run.' };
  // sql-result checks with a query of their own, on the data each names.
  const own = (data: 'lesson' | 'check') =>
    request.checks.flatMap((check, index) => (check.type === 'sql-result' && check.query !== undefined && (check.data ?? 'lesson') === data ? [{ index, query: check.query }] : []));
  const onLesson = own('lesson');
  const onCheck = own('check');
  const checkQueries = new Map<number, QueryResult | null>();
  const shown = lastResult(SQL, request.seed, file.content, onLesson.map((check) => check.query));
  onLesson.forEach((check, position) => checkQueries.set(check.index, shown.queried[position] ?? null));
  if (shown.seedError !== null) return { status: 'unsupported', reason: `The lesson's seed data does not load: ${shown.seedError}` };
  const error: RunError | null = shown.error === null ? null : { type: 'SQLError', message: shown.error, line: null, file: file.name };
  const queryResult = shown.result;
  let output = '';
  if (queryResult) output = queryResult.columns.length > 0 || queryResult.rows.length > 0 ? `${formatQueryResult(queryResult)}\n` : 'The statements ran and returned no rows.\n';
  let checkQueryResult: QueryResult | null = null;
  const needsCheckData = request.checks.some((check) => check.type === 'sql-result' && check.data === 'check');
  if (!error && needsCheckData && request.checkSeed) {
    const hidden = lastResult(SQL, request.checkSeed, file.content, onCheck.map((check) => check.query));
    if (hidden.seedError !== null) return { status: 'unsupported', reason: `The lesson's check data does not load: ${hidden.seedError}` };
    checkQueryResult = hidden.result;
    onCheck.forEach((check, position) => checkQueries.set(check.index, hidden.queried[position] ?? null));
  }
  return { output, error, assertionFailures: new Map(), queryResult, checkQueryResult, checkQueries };
}
