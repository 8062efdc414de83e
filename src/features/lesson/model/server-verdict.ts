import type { ServerVerdict } from '@/lib/api-client/learning-endpoints';

/**
 * What the player says when the server's grading did not pass work the browser's checks passed:
 * the first thing to fix, as its check words it. A hidden check (other values, other input, data
 * the learner has not seen) is named as such, so "it worked for me" makes sense.
 */
export function serverRefusalText(verdict: ServerVerdict): string {
  if (verdict.items) return 'Not quite: the server checked your answer and it is not right yet. Look again and check once more.';
  const failing = verdict.checks.find((check) => !check.passed);
  if (verdict.error && (!failing || !failing.hidden)) return `Not yet: when the server ran your code it stopped with ${verdict.error.type}: ${verdict.error.message}`;
  if (failing?.hidden) {
    return `Almost! Your program passes the checks you can see, but not the server’s check with other values it has not seen: ${failing.message ?? 'make it work for any data, not only this one.'}`;
  }
  return `Not yet: ${failing?.message ?? 'the server’s checks did not pass.'}`;
}
