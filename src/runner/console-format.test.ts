import { inspect } from 'node:util';
import { formatConsoleValue } from './console-format';

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

describe('formatConsoleValue matches Node for plain data', () => {
  const values: unknown[] = [
    42, -0, NaN, Infinity, 10n, true, null, undefined,
    [1, 2, 3], [], ['a', "it's"],
    { name: 'Ada', age: 36 }, {}, { 'two words': 1, nested: { list: [1, 'x'] } },
    [{ id: 1, done: false }, { id: 2, done: true }],
    new Map([['a', 1]]), new Set([1, 2]), new Point(1, 2),
    function greet() {}, new Error('boom'),
  ];
  it.each(values.map((value) => [inspect(value, { depth: 4, breakLength: Infinity }), value]))('%s', (expected, value) => {
    if (value instanceof Error) expect(formatConsoleValue(value)).toBe('Error: boom');
    else expect(formatConsoleValue(value)).toBe(expected);
  });
  it('keeps deep nesting on one line (Node would break it over lines)', () => {
    expect(formatConsoleValue([[1, [2, [3]]]])).toBe('[ [ 1, [ 2, [ 3 ] ] ] ]');
  });
  it('prints strings at the top level as they are', () => {
    expect(formatConsoleValue('hi there')).toBe('hi there');
  });
});
