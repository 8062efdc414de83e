/**
 * Answer rules for the interactions that need no runtime: multiple choice, fill the gap and
 * reorder lines. Pure, so the player, tests and any future server check agree. The order items are
 * shown in is learner-order.ts.
 */

export interface AnswerResult {
  correct: boolean;
  /** Per item (choice, gap or line position): whether it is right. */
  items: boolean[];
}

export function checkMultipleChoice(choices: readonly { correct: boolean }[], selected: ReadonlySet<number>): AnswerResult {
  const items = choices.map((choice, index) => choice.correct === selected.has(index));
  return { correct: selected.size > 0 && items.every(Boolean), items };
}

/** A gap is right when the answer equals one accepted answer, ignoring surrounding spaces. */
export function checkFillGap(gaps: readonly { accepted: readonly string[] }[], answers: readonly string[]): AnswerResult {
  const items = gaps.map((gap, index) => gap.accepted.includes((answers[index] ?? '').trim()));
  return { correct: items.every(Boolean), items };
}

/** Lines are compared by text, so two identical lines may swap places. */
export function checkReorder(lines: readonly string[], order: readonly number[]): AnswerResult {
  const items = lines.map((line, position) => {
    const placed = order[position];
    return placed !== undefined && lines[placed] === line;
  });
  return { correct: order.length === lines.length && items.every(Boolean), items };
}

/** Moves the item at `from` to `to`, returning a new order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
