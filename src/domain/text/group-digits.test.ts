import { groupDigits } from './group-digits';

describe('groupDigits', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [20000, '20,000'],
    [1234567, '1,234,567'],
    [-1234567, '-1,234,567'],
    [1234.5, '1,234.5'],
    [Number.NaN, 'NaN'],
  ])('%p → %p', (value, shown) => {
    expect(groupDigits(value)).toBe(shown);
  });

  it('matches English toLocaleString for whole numbers', () => {
    for (const value of [1, 12, 123, 1234, 12345, 123456, 1234567, 100000]) expect(groupDigits(value)).toBe(value.toLocaleString('en'));
  });
});
