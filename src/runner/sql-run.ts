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
  error: { message: string; line: number | null } | null;
  seedError: string | null;
  /** The checker's own queries, run after the statements on the same database (null: it failed). */
  queried: (QueryResult | null)[];
}

const toResult = (results: { columns: string[]; values: unknown[][] }[]): QueryResult => {
  const last = results[results.length - 1];
  return last ? { columns: last.columns, rows: last.values } : { columns: [], rows: [] };
};

type Database = InstanceType<SqlJsStatic['Database']>;

/** The 1-based line of `offset` in `text`. */
const lineAt = (text: string, offset: number) => text.slice(0, Math.max(0, offset)).split('\n').length;

/** Where a statement really starts: after the blanks and comments before it. */
function statementStart(text: string, from: number): number {
  let at = from;
  for (;;) {
    const rest = text.slice(at);
    const skipped = /^(\s+|--[^\n]*(\n|$)|\/\*[\s\S]*?(\*\/|$))/.exec(rest);
    if (!skipped || skipped[0].length === 0) return at;
    at += skipped[0].length;
  }
}

/** The word SQLite names in its message (`near "FORM"`, `no such column: Folk`), if any. */
function namedToken(message: string): string | null {
  const match = /near "([^"]+)"|no such (?:column|table|function): ([\w.]+)/i.exec(message);
  const token = match?.[1] ?? match?.[2] ?? null;
  return token ? (token.split('.').pop() ?? token) : null;
}

/**
 * The line of the learner's file an error belongs to: the line of the word SQLite names inside the
 * failing statement, else the line the statement starts on.
 */
function errorLine(text: string, from: number, to: number, message: string): number {
  const start = statementStart(text, from);
  const token = namedToken(message);
  if (token) {
    const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = new RegExp(`(^|[^\\w])${escaped}(?![\\w])`, 'i').exec(text.slice(start, Math.max(to, start)));
    if (found) return lineAt(text, start + found.index + (found[1]?.length ?? 0));
  }
  return lineAt(text, start);
}

/**
 * A beginner's explanation added to SQLite's message where it is terse: `WHERE genre = Folk`
 * says "no such column: Folk" because a bare word is a column name; text needs single quotes.
 */
export function explainSqlError(message: string, statement: string): string {
  const column = /no such column: ([\w]+)$/i.exec(message.trim())?.[1];
  if (column) {
    const escaped = column.replace(/[$]/g, '\\$&');
    const comparedAsValue = new RegExp(`(=|<>|!=|<|>|\\bLIKE|\\bIN\\s*\\([^)]*)\\s*${escaped}(?![\\w'])`, 'i').test(statement);
    if (comparedAsValue) return `${message}. A word without quotes is read as a column name: if you mean the text ${column}, write it in single quotes: '${column}'.`;
    return `${message}. Check its spelling against the columns of the table.`;
  }
  return message;
}

/**
 * Runs the learner's statements one by one (as exec would), so an error knows its statement and
 * line. The result is the last statement that returns columns (a SELECT, even one with no rows).
 */
function runStatements(db: Database, text: string): { result: QueryResult; error: null } | { result: null; error: { message: string; line: number | null } } {
  let result: QueryResult = { columns: [], rows: [] };
  const iterator = db.iterateStatements(text);
  const failed = (caught: unknown, from: number, to: number) => {
    const message = caught instanceof Error ? caught.message : String(caught);
    return { result: null, error: { message: explainSqlError(message, text.slice(from, to)), line: errorLine(text, from, to, message) } };
  };
  for (;;) {
    const from = text.length - (iterator.getRemainingSQL() ?? '').length;
    // The iterator frees each statement when it prepares the next one, and itself when it is done
    // or a statement does not prepare.
    let next: ReturnType<typeof iterator.next>;
    try {
      next = iterator.next();
    } catch (caught) {
      return failed(caught, from, text.length);
    }
    if (next.done) return { result, error: null };
    const statement = next.value;
    const to = text.length - (iterator.getRemainingSQL() ?? '').length;
    try {
      const columns = statement.getColumnNames();
      const rows: unknown[][] = [];
      while (statement.step()) rows.push(statement.get());
      if (columns.length > 0) result = { columns, rows };
    } catch (caught) {
      // Stopped half way: free the statement and the iterator's copy of the text (a warm sandbox runs many learners).
      (iterator as unknown as { return?: () => unknown }).return?.();
      return failed(caught, from, to);
    }
  }
}

function lastResult(SQL: SqlJsStatic, seed: string | null | undefined, statements: string, queries: readonly string[] = []): Executed {
  const db = new SQL.Database();
  try {
    try {
      if (seed) db.exec(seed);
    } catch (caught) {
      return { result: null, error: null, seedError: caught instanceof Error ? caught.message : String(caught), queried: [] };
    }
    const ran = runStatements(db, statements);
    if (ran.error) return { result: null, error: ran.error, seedError: null, queried: [] };
    const result = ran.result;
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
  const error: RunError | null = shown.error === null ? null : { type: 'SQLError', message: shown.error.message, line: shown.error.line, file: file.name };
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
