/**
 * Answer rules for the interactions that need no runtime: multiple choice, fill the gap and
 * reorder lines. Pure, so the player, tests and any future server check agree.
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

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

function random(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The starting order of a reorder lesson: shuffled the same way on server and client (no
 * hydration mismatch) and never already solved when the lines differ.
 */
export function shuffledOrder(lines: readonly string[], seed: string): number[] {
  const order = lines.map((_, index) => index);
  if (new Set(lines).size < 2) return order;
  const next = random(hash(seed));
  for (let attempt = 0; attempt < 10; attempt += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    if (!checkReorder(lines, order).correct) return order;
  }
  // Unlucky seeds: swapping the first two distinct lines always breaks the order.
  const first = lines.findIndex((line) => line !== lines[0]);
  const solved = lines.map((_, index) => index);
  [solved[0], solved[first]] = [solved[first] as number, solved[0] as number];
  return solved;
}

/** Moves the item at `from` to `to`, returning a new order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
