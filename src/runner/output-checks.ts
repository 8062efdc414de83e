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

/** Letters and digits only, in lower case: what is left when capitals, spaces and punctuation are set aside. */
const wordsOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * What differs between the output and an output check's text, when it is something a learner
 * easily misses: the capital letters (`hello` for `Hello`), or only capitals, spaces and
 * punctuation. Null otherwise (the check's own message says what to do).
 */
export function outputDifference(expected: string, actual: string, mode: 'equals' | 'contains'): string | null {
  if (!actual.trim()) return null;
  if (mode === 'contains') {
    const at = actual.toLowerCase().indexOf(expected.toLowerCase());
    if (at < 0) return null;
    const written = actual.slice(at, at + expected.length);
    return `Your output has "${written}" where the lesson expects "${expected}": capital letters count, so they must match too.`;
  }
  if (actual.toLowerCase() === expected.toLowerCase()) return `Your output "${actual}" has the right letters, but its capital letters differ from "${expected}".`;
  if (wordsOf(actual) === wordsOf(expected) && wordsOf(expected) !== '') {
    return `Your output "${actual}" has the right words, but its capital letters, spaces or punctuation differ from "${expected}".`;
  }
  return null;
}

type UsesCheck = Extract<Check, { type: 'uses' }>;

const CONSTRUCT_NAMES: Record<UsesCheck['construct'], string> = {
  for: 'a for loop',
  while: 'a while loop',
  loop: 'a loop',
  if: 'an if',
  ternary: 'a conditional expression',
  branch: 'a branch',
  function: 'the function',
  return: 'a return',
  break: 'a break',
  try: 'a try block',
  call: 'the call',
  import: 'an import',
  'f-string': 'an f-string',
  'template-literal': 'a template literal',
  comprehension: 'a comprehension',
  'augmented-assignment': 'an augmented assignment',
  'boolean-operator': 'a boolean operator',
  'arrow-function': 'an arrow function',
};

/**
 * A `uses` check's verdict, the same for Python and JavaScript: null when it passed, else why not
 * (the check's message, or a sentence that says more, shown as the check's detail).
 * - `inCode`: the parsed program has the construct (null or undefined: it does not parse).
 * - `ran`: whether the construct ran and did its work (a loop's body, a branch's condition, a
 *   function's body, a try's statements, a call); null or undefined when the run could not be
 *   watched (it stopped with an error, or the file never ran): the verdict then rests on the code alone.
 * - `calledAnyway` (absent calls): the run called a function of that name under any name (add = sum).
 */
export function usesVerdict(check: UsesCheck, inCode: boolean | null | undefined, ran: boolean | null | undefined, calledAnyway: boolean): string | null {
  if (inCode === null || inCode === undefined) return check.message;
  if (check.absent === true) {
    if (inCode) return check.message;
    return calledAnyway ? `Your program still calls ${check.name ?? 'it'}() under another name.` : null;
  }
  if (!inCode) return check.message;
  if (ran === false) {
    const what = check.construct === 'call' && check.name ? `a call to ${check.name}()` : check.construct === 'function' && check.name ? `the function ${check.name}` : CONSTRUCT_NAMES[check.construct];
    return `Your code has ${what}, but it never does its work when the program runs (it is never reached, or its body never runs).`;
  }
  return null;
}

/** One run of a `rerun` check: what it printed, its error, the names it never assigns. */
export interface RerunRun {
  printed: string;
  error: string | null;
  missing: readonly string[];
}

/** The seeds a `rerun` check runs with: its `seeds`, or its one `seed` (undefined: not seeded). */
export function rerunSeeds(check: Extract<Check, { type: 'rerun' }>): (number | undefined)[] {
  return check.seeds ? [...check.seeds] : [check.seed];
}

/**
 * A `rerun` check's verdict over all its runs (one per seed): each run must pass rerunVerdict, and
 * with `seeds` the outputs must differ (at least `distinct` different ones, 2 unless given).
 */
export function rerunRunsVerdict(check: Extract<Check, { type: 'rerun' }>, runs: readonly RerunRun[]): string | null {
  for (const run of runs) {
    const verdict = rerunVerdict(check, run.printed, run.error, run.missing);
    if (verdict !== null) return verdict;
  }
  if (!check.seeds) return null;
  const outputs = new Set(runs.map((run) => normaliseOutput(run.printed)));
  const wanted = check.distinct ?? 2;
  return outputs.size >= wanted ? null : `with ${runs.length} different random seeds it prints only ${outputs.size} different ${outputs.size === 1 ? 'output' : 'outputs'} (at least ${wanted} expected)`;
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
  /**
   * A hint about the code itself (`if (x = 15)`: an assignment where a comparison was meant), shown
   * as the detail of the first check that failed; never shown when the run passed.
   */
  hint?: string | null;
}

export function evaluateChecks(checks: Check[], outcome: RunOutcome): CheckResult[] {
  const results = judgeEachCheck(checks, outcome);
  const hint = outcome.hint;
  if (!hint) return results;
  const first = results.findIndex((result) => !result.passed);
  if (first < 0) return results;
  const failed = results[first]!;
  results[first] = { ...failed, detail: failed.detail ? `${failed.detail} ${hint}` : hint };
  return results;
}

function judgeEachCheck(checks: Check[], outcome: RunOutcome): CheckResult[] {
  const output = normaliseOutput(outcome.output);
  const results = checks.map((check, index): CheckResult => {
    let passed: boolean;
    switch (check.type) {
      case 'output-equals':
      case 'output-contains': {
        passed = check.type === 'output-equals' ? output === normaliseOutput(check.text) : output.includes(check.text);
        const detail = passed ? null : outputDifference(check.type === 'output-equals' ? normaliseOutput(check.text) : check.text, output, check.type === 'output-equals' ? 'equals' : 'contains');
        if (detail) return { index, type: check.type, passed, message: check.message, detail };
        break;
      }
      case 'assert':
      case 'rerun':
        passed = outcome.error === null && outcome.assertionFailures.has(index) && outcome.assertionFailures.get(index) === null;
        break;
      case 'uses': {
        const failure = outcome.assertionFailures.get(index);
        passed = outcome.assertionFailures.has(index) && failure === null;
        if (!passed && typeof failure === 'string' && failure !== check.message) return { index, type: check.type, passed, message: check.message, detail: failure };
        break;
      }
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
