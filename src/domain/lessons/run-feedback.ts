/**
 * What the player says about a run of a code lesson: the error line, the sentence in the feedback
 * bar, which checks are worth showing, and tutor mode's explanation. Pure and per language, so
 * JavaScript and SQL lessons are never told that "Python stopped".
 */
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
