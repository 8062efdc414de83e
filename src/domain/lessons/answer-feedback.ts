/**
 * What the feedback bar says about a checked answer of an interaction without a runtime, and
 * whether there is an answer to check at all. Pure, beside the answer rules (answers.ts).
 */

export type AnswerInteraction = 'multiple-choice' | 'fill-gap' | 'reorder';

/** The sentence for a wrong answer; wrongCount is how many items are marked ✗. */
export function wrongAnswerText(kind: AnswerInteraction, wrongCount: number): string {
  if (kind === 'multiple-choice') return 'Not quite. Read the question again and pick another answer.';
  if (kind === 'fill-gap') return `Not quite: ${wrongCount} gap${wrongCount === 1 ? ' is' : 's are'} not right yet (marked ✗ above).`;
  return `Not quite: ${wrongCount} line${wrongCount === 1 ? ' is' : 's are'} in the wrong place (marked ✗ above).`;
}

/** Check stays disabled until there is something to check (a reorder always has an order; code has no Check). */
export function hasAnswerToCheck(kind: AnswerInteraction | 'code', answer: { selected: readonly number[]; answers: readonly string[] }): boolean {
  if (kind === 'multiple-choice') return answer.selected.length > 0;
  if (kind === 'fill-gap') return answer.answers.some((text) => text.trim() !== '');
  return true;
}
