/**
 * The order a learner sees a lesson's reorder lines, word chips and answer choices in. Seeded by
 * learner and lesson, so it is the same on server and client (no hydration mismatch) and across
 * reloads, yet differs between learners; never the authored order, which would give the answer away.
 */

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

/** mulberry32: small, fast and good enough to deal cards. */
function random(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One seed per learner and lesson; a signed-out preview (no user) shares the lesson's seed. */
export function learnerSeed(userId: string | null, lessonId: string): string {
  return `${userId ?? 'anonymous'}:${lessonId}`;
}

function sameSequence(keys: readonly string[], order: readonly number[]): boolean {
  return order.every((index, position) => keys[index] === keys[position]);
}

/**
 * A permutation of the item indices (order[i] = authored index shown at position i). When the items
 * are not all the same, the shown sequence never equals the authored one (compared by key, so two
 * identical items swapping places does not count as shuffled), nor any order `givesAway` rejects.
 */
export function learnerOrder(keys: readonly string[], seed: string, givesAway: (order: readonly number[]) => boolean = () => false): number[] {
  const identity = keys.map((_, index) => index);
  if (new Set(keys).size < 2) return identity;
  const rejected = (order: readonly number[]) => sameSequence(keys, order) || givesAway(order);
  const next = random(hash(seed));
  const order = [...identity];
  for (let attempt = 0; attempt < 12; attempt += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    if (!rejected(order)) return order;
  }
  // Unlucky seeds: a rotation never equals a sequence with two different keys.
  const rotations = identity.slice(1).map((shift) => identity.map((_, position) => (position + shift) % identity.length));
  return rotations.find((rotation) => !rejected(rotation)) ?? (rotations[0] as number[]);
}

/** Reorder lines: never already solved. */
export function lineOrder(lines: readonly string[], seed: string): number[] {
  return learnerOrder(lines, seed);
}

/** Multiple-choice options: never the authored order. */
export function choiceOrder(choices: readonly { text: string }[], seed: string): number[] {
  return learnerOrder(
    choices.map((choice) => choice.text),
    seed,
  );
}

/**
 * Fill-gap word chips: never the authored order, and never opening with the gaps' answers in gap
 * order (authors list the right words first).
 */
export function chipOrder(chips: readonly string[], answersInGapOrder: readonly string[], seed: string): number[] {
  const answers = answersInGapOrder.map((answer) => answer.trim());
  const opensWithAnswers = (order: readonly number[]) =>
    answers.length > 1 && answers.every((answer, position) => (chips[order[position] ?? -1] ?? '').trim() === answer);
  return learnerOrder(chips, seed, opensWithAnswers);
}
