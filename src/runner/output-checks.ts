import type { Check } from '@/domain/content/model';
import { compareQueryResults, describeQueryDifference } from '@/domain/lessons/query-comparison';
import { truthfulCheckResults } from '@/domain/lessons/run-feedback';
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

type SqlResultCheck = Extract<Check, { type: 'sql-result' }>;

/**
 * An SQL check's verdict: the learner's result against the expected one, compared as a learner
 * expects (query-comparison.ts: rows in any order unless the lesson asks for ORDER BY, columns by
 * name unless their order matters), with what differs. On the check data the learner never sees,
 * the detail names no rows.
 */
export function judgeQueryResult(check: SqlResultCheck, actual: QueryResult | null | undefined): { passed: boolean; detail: string | null } {
  if (!actual) return { passed: false, detail: null };
  const expected = { columns: check.columns, rows: check.rows };
  const difference = compareQueryResults(expected, actual, { ordered: check.ordered === true, columnOrderMatters: check.columnOrder === true });
  if (difference.kind === 'same') return { passed: true, detail: null };
  if (check.data !== 'check') return { passed: false, detail: describeQueryDifference(difference) };
  const hidden =
    difference.kind === 'row-count'
      ? `On other data your query returns ${difference.actual} ${difference.actual === 1 ? 'row' : 'rows'} instead of ${difference.expected}.`
      : difference.kind === 'rows'
        ? 'On other data your query returns different rows.'
        : difference.kind === 'order'
          ? 'On other data your rows come out in another order.'
          : describeQueryDifference(difference);
  return { passed: false, detail: `${hidden} Does it compute the answer from the table, or is a value typed in?` };
}

/**
 * A `rerun` check's verdict, from the run with other values: null when it printed what the check
 * expects, otherwise why not (for content:check; learners see the check's message).
 */
export function rerunVerdict(check: Extract<Check, { type: 'rerun' }>, printed: string, error: string | null, missing: readonly string[]): string | null {
  if (missing.length > 0) return `the program never assigns ${missing.join(', ')} at its top level, so it cannot be run with other values`;
  if (error !== null) return `with other values the program stops: ${error}`;
  const actual = normaliseOutput(printed);
  if (check.contains !== undefined) return actual.includes(check.contains) ? null : `with other values its output ${JSON.stringify(actual)} does not contain ${JSON.stringify(check.contains)}`;
  const expected = normaliseOutput(check.output ?? '');
  return actual === expected ? null : `with other values it prints ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`;
}

/** What a runtime observed while running a lesson's files, before the check rules judge it. */
export interface RunOutcome {
  output: string;
  error: RunError | null;
  /** assert, uses and rerun checks by index: null when passed, else why not. */
  assertionFailures: ReadonlyMap<number, string | null>;
  queryResult?: QueryResult | null;
  /** The same statements' result on the lesson's check data. */
  checkQueryResult?: QueryResult | null;
  /** sql-result checks with their own `query`, by index: that query's result after the statements. */
  checkQueries?: ReadonlyMap<number, QueryResult | null>;
  /** DOM and CSS check outcomes, measured inside the rendered page. */
  pageChecks?: ReadonlyMap<number, boolean>;
}

export function evaluateChecks(checks: Check[], outcome: RunOutcome): CheckResult[] {
  const output = normaliseOutput(outcome.output);
  const results = checks.map((check, index): CheckResult => {
    let passed: boolean;
    switch (check.type) {
      case 'output-equals':
        passed = output === normaliseOutput(check.text);
        break;
      case 'output-contains':
        passed = output.includes(check.text);
        break;
      case 'assert':
      case 'rerun':
        passed = outcome.error === null && outcome.assertionFailures.has(index) && outcome.assertionFailures.get(index) === null;
        break;
      case 'uses':
        passed = outcome.assertionFailures.has(index) && outcome.assertionFailures.get(index) === null;
        break;
      case 'sql-result': {
        const actual = check.query !== undefined ? outcome.checkQueries?.get(index) : check.data === 'check' ? outcome.checkQueryResult : outcome.queryResult;
        const verdict = judgeQueryResult(check, actual);
        passed = outcome.error === null && verdict.passed;
        if (!passed && outcome.error === null && verdict.detail) return { index, type: check.type, passed, message: check.message, detail: verdict.detail };
        break;
      }
      case 'dom':
      case 'css':
      case 'css-rule':
        passed = outcome.pageChecks?.get(index) === true;
        break;
      default:
        passed = false;
    }
    return { index, type: check.type, passed, message: passed ? null : check.message };
  });
  // Labels for passed checks; a hidden-data check accuses only when the shown data's checks pass.
  return truthfulCheckResults(checks, results);
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
