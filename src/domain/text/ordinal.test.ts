import { ordinal, ordinalSuffix } from './ordinal';

describe('ordinal', () => {
  it.each<[number, string]>([
    [0, '0th'],
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [9, '9th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [20, '20th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [101, '101st'],
    [102, '102nd'],
    [103, '103rd'],
    [111, '111th'],
    [112, '112th'],
    [113, '113th'],
    [121, '121st'],
    [1001, '1001st'],
    [1011, '1011th'],
    [-1, '-1st'],
    [-12, '-12th'],
    [1.5, '1.5'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('%s → %s', (value, expected) => {
    expect(ordinal(value)).toBe(expected);
  });

  it('gives every number in 0…1000 the suffix of its last two digits', () => {
    for (let value = 0; value <= 1000; value += 1) expect(ordinalSuffix(value)).toBe(ordinalSuffix(value % 100));
  });
});
