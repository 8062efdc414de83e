import type { Check } from '@/domain/content/model';
import type { CheckResult, RunError, RunResult } from './run-types';

/** Output as learners read it: Unix newlines, no trailing spaces, no trailing blank lines. */
export function normaliseOutput(output: string): string {
  return output
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n+$/, '')
    .replace(/^\n+/, '');
}

/**
 * Evaluates every check given the program's output and the outcome of each assertion
 * (run by the language runner). The one place that decides pass or fail, for every runtime.
 */
export interface QueryResult {
  columns: string[];
  rows: unknown[][];
}

const canonical = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);
const rowKey = (row: readonly unknown[]) => JSON.stringify(row.map(canonical));

/** Query results are equal when the columns match and the rows match (in order when asked). */
export function sameQueryResult(actual: QueryResult, expected: { columns: string[]; rows: unknown[][]; ordered?: boolean }): boolean {
  if (actual.columns.length !== expected.columns.length) return false;
  if (actual.columns.some((column, index) => column.toLowerCase() !== (expected.columns[index] ?? '').toLowerCase())) return false;
  if (actual.rows.length !== expected.rows.length) return false;
  const left = actual.rows.map(rowKey);
  const right = expected.rows.map(rowKey);
  if (!expected.ordered) {
    left.sort();
    right.sort();
  }
  return left.every((key, index) => key === right[index]);
}

/** What a runtime observed while running a lesson's files, before the check rules judge it. */
export interface RunOutcome {
  output: string;
  error: RunError | null;
  assertionFailures: ReadonlyMap<number, string | null>;
  queryResult?: QueryResult | null;
  /** DOM and CSS check outcomes, measured inside the rendered page. */
  pageChecks?: ReadonlyMap<number, boolean>;
}

export function evaluateChecks(checks: Check[], outcome: RunOutcome): CheckResult[] {
  const output = normaliseOutput(outcome.output);
  return checks.map((check, index) => {
    let passed: boolean;
    switch (check.type) {
      case 'output-equals':
        passed = output === normaliseOutput(check.text);
        break;
      case 'output-contains':
        passed = output.includes(check.text);
        break;
      case 'assert':
        passed = outcome.error === null && outcome.assertionFailures.has(index) && outcome.assertionFailures.get(index) === null;
        break;
      case 'sql-result':
        passed = outcome.error === null && outcome.queryResult != null && sameQueryResult(outcome.queryResult, check);
        break;
      case 'dom':
      case 'css':
        passed = outcome.pageChecks?.get(index) === true;
        break;
      default:
        passed = false;
    }
    return { index, type: check.type, passed, message: passed ? null : check.message };
  });
}

/** The verdict on one run: every check judged, passed only without an error. */
export function judgeRun(checks: Check[], outcome: RunOutcome): RunResult {
  const results = evaluateChecks(checks, outcome);
  return {
    status: 'ran',
    passed: outcome.error === null && results.every((check) => check.passed),
    output: outcome.output,
    error: outcome.error,
    timedOut: outcome.error?.type === 'Timeout',
    checks: results,
  };
}
