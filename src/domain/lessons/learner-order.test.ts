import fc from 'fast-check';
import { checkReorder } from './answers';
import { chipOrder, choiceOrder, learnerOrder, learnerSeed, lineOrder } from './learner-order';

const isPermutation = (order: readonly number[], length: number) => [...order].sort((a, b) => a - b).join(',') === Array.from({ length }, (_, i) => i).join(',');
const shown = <T,>(items: readonly T[], order: readonly number[]) => order.map((index) => items[index]);

describe('learnerSeed', () => {
  it.each([
    ['u1', 'py-hello', 'u1:py-hello'],
    [null, 'py-hello', 'anonymous:py-hello'],
  ])('%s + %s → %s', (user, lesson, seed) => {
    expect(learnerSeed(user, lesson)).toBe(seed);
  });
});

describe('learnerOrder', () => {
  it('is a permutation, stable for one seed, and never the authored sequence when items differ', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 2 }), { minLength: 0, maxLength: 9 }), fc.string(), (keys, seed) => {
        const order = learnerOrder(keys, seed);
        expect(isPermutation(order, keys.length)).toBe(true);
        expect(learnerOrder(keys, seed)).toEqual(order);
        if (new Set(keys).size >= 2) expect(shown(keys, order)).not.toEqual(keys);
      }),
    );
  });

  it.each([
    [[], []],
    [['a'], [0]],
    [['x', 'x', 'x'], [0, 1, 2]],
  ])('leaves %j (nothing to shuffle) as it is', (keys, expected) => {
    expect(learnerOrder(keys, 'seed')).toEqual(expected);
  });

  it('always swaps two different items', () => {
    fc.assert(fc.property(fc.string(), (seed) => expect(learnerOrder(['a', 'b'], seed)).toEqual([1, 0])));
  });

  it('differs between learners of the same lesson', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const orders = new Set(['ada', 'bob', 'cy', 'dee', 'eve'].map((user) => learnerOrder(keys, learnerSeed(user, 'lesson')).join(',')));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('honours an extra rule about which orders give the answer away', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(learnerOrder(['a', 'b', 'c'], seed, (order) => order[0] === 0)[0]).not.toBe(0);
      }),
    );
  });
});

describe('lineOrder', () => {
  it('never starts a reorder lesson already solved', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { minLength: 2, maxLength: 8 }), fc.string(), (lines, seed) => {
        if (new Set(lines).size >= 2) expect(checkReorder(lines, lineOrder(lines, seed)).correct).toBe(false);
      }),
    );
  });
});

describe('choiceOrder', () => {
  it('never shows the choices in the authored order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 6 }), fc.string(), (texts, seed) => {
        const order = choiceOrder(
          texts.map((text) => ({ text })),
          seed,
        );
        expect(isPermutation(order, texts.length)).toBe(true);
        expect(order).not.toEqual(texts.map((_, i) => i));
      }),
    );
  });
});

describe('chipOrder', () => {
  it.each([
    [['=', 'print'], ['=', 'print']],
    [['=', 'print', '==', 'input'], ['=', 'print']],
    [['name', 'age', 'city'], ['name', 'age', 'city']],
  ])('chips %j never open with the answers %j in gap order', (chips, answers) => {
    for (const user of ['ada', 'bob', 'cy', 'dee', 'eve', 'fay', 'gus', 'hal']) {
      const order = chipOrder(chips, answers, learnerSeed(user, 'fill'));
      expect(isPermutation(order, chips.length)).toBe(true);
      expect(shown(chips, order).slice(0, answers.length)).not.toEqual(answers);
    }
  });

  it('holds for any chips whose first words are the answers', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 7 }), fc.integer({ min: 2, max: 7 }), fc.string(), (chips, gaps, seed) => {
        const answers = chips.slice(0, Math.min(gaps, chips.length));
        const order = chipOrder(chips, answers, seed);
        expect(shown(chips, order).slice(0, answers.length)).not.toEqual(answers);
      }),
    );
  });
});
