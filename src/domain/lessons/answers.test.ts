import { checkFillGap, checkMultipleChoice, checkReorder, moveItem } from './answers';

describe('checkMultipleChoice', () => {
  const choices = [{ correct: false }, { correct: true }, { correct: false }];
  it.each([
    [[1], true],
    [[0], false],
    [[1, 2], false],
    [[], false],
  ])('selected %j → %s', (selected, correct) => {
    expect(checkMultipleChoice(choices, new Set(selected)).correct).toBe(correct);
  });
  it('needs every correct choice when there are several', () => {
    const many = [{ correct: true }, { correct: true }];
    expect(checkMultipleChoice(many, new Set([0])).correct).toBe(false);
    expect(checkMultipleChoice(many, new Set([0, 1])).correct).toBe(true);
  });
});

describe('checkFillGap', () => {
  const gaps = [{ accepted: ['='] }, { accepted: ['city', 'town'] }];
  it.each([
    [['=', 'city'], true, [true, true]],
    [[' = ', ' town '], true, [true, true]],
    [['==', 'city'], false, [false, true]],
    [['=', 'City'], false, [true, false]],
    [['='], false, [true, false]],
  ])('%j → %s', (answers, correct, items) => {
    expect(checkFillGap(gaps, answers)).toEqual({ correct, items });
  });
});

describe('checkReorder', () => {
  const lines = ['a = 1', 'b = 2', 'print(a + b)'];
  it.each([
    [[0, 1, 2], true],
    [[1, 0, 2], false],
    [[0, 1], false],
  ])('%j → %s', (order, correct) => {
    expect(checkReorder(lines, order).correct).toBe(correct);
  });
  it('accepts identical lines in either place', () => {
    expect(checkReorder(['x', 'x', 'y'], [1, 0, 2]).correct).toBe(true);
  });
});

describe('moveItem', () => {
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [5, 0, ['a', 'b', 'c']],
  ])('moves %d to %d', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c'], from, to)).toEqual(expected);
  });
});
