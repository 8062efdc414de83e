/**
 * What the player says about a run of a code lesson: the error line, the sentence in the feedback
 * bar, which checks are worth showing, and tutor mode's explanation. Pure and per language, so
 * JavaScript and SQL lessons are never told that "Python stopped".
 */
import { isHiddenCheck } from './submission';
import type { Check } from '@/domain/content/model';
import type { LessonType } from './lesson-type';

/** The parts of a run result these rules read (the runner's RunResult has this shape). */
export interface RunFacts {
  passed: boolean;
  output: string;
  error: { type: string; message: string; line: number | null } | null;
  checks: readonly { index: number; type: string; passed: boolean; message: string | null }[];
}

const TIMEOUT = 'Timeout';

/** Who stopped, named for the learner. */
const RUNNER_NAME: Record<LessonType, string> = {
  Python: 'Python',
  JS: 'JavaScript',
  SQL: 'The database',
  HTML: 'The browser',
};

/** What runs away when it never finishes. */
const TIMEOUT_HINT: Record<LessonType, string> = {
  Python: 'Your program did not finish. Look for a loop whose condition never becomes false.',
  JS: 'Your program did not finish. Look for a loop whose condition never becomes false.',
  SQL: 'Your query did not finish. Look for a recursive query that never stops adding rows.',
  HTML: "Your page's script did not finish. Look for a loop whose condition never becomes false.",
};

/** Runtimes often put the line into the message already ("invalid syntax (line 1)"): say it once. */
const MENTIONS_LINE = /\bline \d+/i;

/** The error as one line: "NameError: name 'x' is not defined (line 2)". */
export function describeRunError(error: NonNullable<RunFacts['error']>): string {
  if (error.type === TIMEOUT) return error.message;
  const line = error.line !== null && !MENTIONS_LINE.test(error.message) ? ` (line ${error.line})` : '';
  return `${error.type}: ${error.message}${line}`;
}

/**
 * The checks to list under the output. After an error the program never got to do what the checks
 * look for, so listing them ("Leave age set to 12" on untouched starter code) only distracts.
 */
export function visibleChecks<C extends RunFacts['checks'][number]>(result: Omit<RunFacts, 'checks'> & { checks: readonly C[] }): readonly C[] {
  return result.error ? [] : result.checks;
}

/** The feedback bar's sentence after a run that did not pass, naming what to look at. */
export function runVerdict(result: RunFacts): string {
  if (result.error?.type === TIMEOUT) return 'Not yet: your program ran for too long. Change your code and run it again.';
  if (result.error) return 'Not yet: your program stopped with the error shown under Output. Fix it and run again.';
  const failed = result.checks.filter((check) => !check.passed);
  const first = failed[0];
  if (!first) return 'Not yet: change your code and run it again.';
  const more = failed.length > 1 ? ` (${failed.length} checks failed, listed under Output.)` : '';
  return `Not yet: ${first.message ?? `check ${first.index + 1} did not pass.`}${more}`;
}

function printed(output: string): string {
  const trimmed = output.trim();
  return trimmed ? ` Your program printed: "${trimmed.split('\n').slice(-3).join(' / ')}".` : ' Your program printed nothing.';
}

/** Tutor mode's explanation of a failed run; null when it passed. */
export function tutorExplanation(result: RunFacts | null, attempts: number, lessonType: LessonType): string | null {
  if (!result || result.passed) return null;
  if (result.error) {
    if (result.error.type === TIMEOUT) return TIMEOUT_HINT[lessonType];
    const where = result.error.line !== null ? `line ${result.error.line}` : lessonType === 'SQL' ? 'your query' : 'your code';
    return `${RUNNER_NAME[lessonType]} stopped at ${where} with ${result.error.type}: ${result.error.message}. Fix that first, then run again.`;
  }
  const failed = result.checks.find((check) => !check.passed);
  if (!failed) return null;
  const showOutput = failed.type.startsWith('output') && lessonType !== 'HTML';
  return `Check ${failed.index + 1} did not pass: ${failed.message ?? ''}${showOutput ? printed(result.output) : ''}${attempts > 2 ? ' Open the next hint if you are stuck.' : ''}`;
}

/**
 * Checks that run the learner's code again on data the learner never sees (an SQL check on the
 * lesson's check data, a `rerun` with other values): they catch answers typed in for the shown data.
 */
export function isHiddenDataCheck(check: Check | undefined): boolean {
  // One rule with what the lesson payload leaves out (submission.ts): reruns, page reruns with other values, hidden SQL data.
  return check !== undefined && isHiddenCheck(check);
}

/** What a hidden-data check says while a check on the shown data still fails: no accusation, only the order to fix things in. */
export function hiddenCheckWaits(check: Check): string {
  return check.type === 'sql-result'
    ? 'The same query is also checked on other rows; that check can pass once your result above is right.'
    : 'Your program is also run with other values; that check can pass once the checks above pass.';
}

const MAX_LABEL = 80;
const CONSTRUCT_NAMES: Record<string, string> = {
  for: 'a for loop',
  while: 'a while loop',
  loop: 'a loop',
  if: 'an if',
  ternary: 'a conditional expression',
  branch: 'a branch (if)',
  function: 'a function',
  return: 'return',
  break: 'break',
  try: 'try',
  call: 'a call',
  import: 'an import',
  'f-string': 'an f-string',
  'template-literal': 'a template literal',
  comprehension: 'a comprehension',
  'augmented-assignment': 'an augmented assignment (+=)',
  'boolean-operator': 'a boolean operator (and/or)',
  'arrow-function': 'an arrow function',
};

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_LABEL ? line : `${line.slice(0, MAX_LABEL - 1).trimEnd()}…`;
}

const quoted = (text: string) => `"${clip(text)}"`;


/**
 * A passed check's short label, naming what it checked ("Prints "Hello, Ada!"", "Uses a for loop",
 * "Works with other values too"), so seven passed checks are not seven "Check passed". Hidden
 * data is never named: a check on other data says only that it held there too.
 */
export function checkLabel(check: Check): string {
  switch (check.type) {
    case 'output-equals':
      return check.text.trim() === '' ? 'Prints nothing, as asked' : !check.text.trim().includes('\n') && check.text.trim().length <= 40 ? `Prints ${quoted(check.text.trim())}` : 'Prints exactly the expected output';
    case 'output-contains':
      return `The output contains ${quoted(check.text)}`;
    case 'assert': {
      // Its message says what to fix when it fails ("The variable name is still empty."), so a
      // passed assert names the condition that held, or says only that the lesson's test passed.
      const code = check.code.trim();
      const condition = code.includes('\n') ? '' : code.replace(/^assert\s+/, '').replace(/^assert\((.*)\);?$/, '$1');
      return condition ? clip(`Holds: ${condition}`) : 'The lesson’s test of your code passed';
    }
    case 'uses': {
      const what = check.name ? (check.construct === 'import' ? `imports ${check.name}` : check.construct === 'function' ? `defines ${check.name}()` : check.construct === 'call' ? `calls ${check.name}()` : `uses ${check.name}`) : `uses ${CONSTRUCT_NAMES[check.construct] ?? check.construct}`;
      const sentence = check.absent ? `Does without ${what.replace(/^(uses|imports|defines|calls) /, '')}` : what;
      return clip(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    }
    case 'rerun':
      return check.input ? 'Works with other input too' : check.seed !== undefined ? 'Works with other random numbers too' : 'Works with other values too';
    case 'dom':
      return clip(check.count !== undefined ? `The page has ${check.count} × ${check.selector}` : check.text !== undefined ? `${check.selector} reads "${check.text}"` : `The page has ${check.selector}`);
    case 'css':
      return clip(`${check.selector} has ${check.property}: ${check.value}`);
    case 'css-rule':
      return clip(`A ${check.selector} rule sets ${check.property}${check.value ? `: ${check.value}` : ''}${check.media ? ` inside @media ${check.media}` : ''}`);
    case 'sql-result':
      if (check.data === 'check') return 'The same query is right on other rows too';
      if (check.query !== undefined) return clip(`The tables hold the right ${check.columns.join(', ')} (checked with the lesson's own query)`);
      return clip(`Returns the right ${check.rows.length === 1 ? 'row' : `${check.rows.length} rows`} with ${check.columns.join(', ')}${check.ordered ? ', in order' : ''}`);
    default:
      return 'Check passed';
  }
}

/** A check result as the runners report it (the runner's CheckResult has this shape). */
interface JudgedCheck {
  index: number;
  passed: boolean;
  message: string | null;
  detail?: string | null;
  label?: string;
}

/** Checks on what the learner's code produced with the shown data (not how it is written, not hidden data). */
const judgesShownData = (check: Check | undefined) => check !== undefined && check.type !== 'uses' && !isHiddenDataCheck(check);

/**
 * Makes every result say something true, for both engines: a passed check gets its label; a failed
 * hidden-data check accuses the learner of typing the answer in only when every check on the shown
 * data passed. While one of those fails, the hidden one only says it waits (and names no detail).
 */
export function truthfulCheckResults<R extends JudgedCheck>(checks: readonly Check[], results: readonly R[]): (R & { label?: string })[] {
  const shownFailed = results.some((result) => !result.passed && judgesShownData(checks[result.index]));
  return results.map((result) => {
    const check = checks[result.index];
    if (!check) return result;
    if (result.passed) return { ...result, label: checkLabel(check) };
    if (shownFailed && isHiddenDataCheck(check)) return { ...result, message: hiddenCheckWaits(check), detail: null };
    return result;
  });
}
