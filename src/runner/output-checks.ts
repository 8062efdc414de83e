import type { Check } from '@/domain/content/model';
import type { CheckResult, RunError } from './run-types';

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
export function evaluateChecks(
  checks: Check[],
  outcome: { output: string; error: RunError | null; assertionFailures: ReadonlyMap<number, string | null> },
): CheckResult[] {
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
      default:
        // dom, css and sql-result are evaluated by their own runtimes.
        passed = false;
    }
    return { index, type: check.type, passed, message: passed ? null : check.message };
  });
}
