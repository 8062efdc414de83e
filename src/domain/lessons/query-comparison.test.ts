import { compareQueryResults, describeQueryDifference, type CompareOptions, type QueryDifference, type QueryTable } from './query-comparison';

const table = (columns: string[], ...rows: unknown[][]): QueryTable => ({ columns, rows });
const people = (...rows: unknown[][]) => table(['name', 'age'], ...rows);
const unordered: CompareOptions = { ordered: false, columnOrderMatters: false };
const ordered: CompareOptions = { ordered: true, columnOrderMatters: false };
const namedOrder: CompareOptions = { ordered: false, columnOrderMatters: true };
const same: QueryDifference = { kind: 'same' };
const bytes = (...values: number[]) => new Uint8Array(values);

describe('compareQueryResults', () => {
  it.each<[string, QueryTable, QueryTable, CompareOptions, QueryDifference]>([
    ['identical', people(['Ada', 36], ['Bob', 20]), people(['Ada', 36], ['Bob', 20]), unordered, same],
    ['identical, ordered', people(['Ada', 36], ['Bob', 20]), people(['Ada', 36], ['Bob', 20]), ordered, same],
    ['rows reordered, order not asked', people(['Ada', 36], ['Bob', 20], ['Cy', 41]), people(['Ada', 36], ['Cy', 41], ['Bob', 20]), unordered, same],
    ['rows reordered, ORDER BY asked', people(['Ada', 36], ['Bob', 20], ['Cy', 41]), people(['Ada', 36], ['Cy', 41], ['Bob', 20]), ordered, { kind: 'order', firstWrongPosition: 2 }],
    ['rows reversed, ORDER BY asked', people(['Ada', 36], ['Bob', 20]), people(['Bob', 20], ['Ada', 36]), ordered, { kind: 'order', firstWrongPosition: 1 }],
    ['a wrong value with ORDER BY is a row difference, not an order one', people(['Ada', 36], ['Bob', 20]), people(['Bob', 20], ['Ada', 35]), ordered, { kind: 'rows', missingRow: ['Ada', 36], extraRow: ['Ada', 35] }],
    ['columns swapped, matched by name', people(['Ada', 36], ['Bob', 20]), table(['age', 'name'], [20, 'Bob'], [36, 'Ada']), unordered, same],
    ['columns swapped when their order matters', people(['Ada', 36]), table(['age', 'name'], [36, 'Ada']), namedOrder, { kind: 'column-order', expected: ['name', 'age'], actual: ['age', 'name'] }],
    ['column names ignore case and spaces', people(['Ada', 36]), table(['NAME', ' Age '], ['Ada', 36]), namedOrder, same],
    ['a missing column', table(['name', 'age', 'email'], ['Ada', 36, 'ada@x.org']), people(['Ada', 36]), unordered, { kind: 'columns', missing: ['email'], extra: [] }],
    ['an extra column', table(['name'], ['Ada']), people(['Ada', 36]), unordered, { kind: 'columns', missing: [], extra: ['age'] }],
    ['a misnamed column, as each side spells it', table(['name', 'email'], ['Ada', 'a']), table(['Name', 'mail'], ['Ada', 'a']), unordered, { kind: 'columns', missing: ['email'], extra: ['mail'] }],
    ['columns are checked before rows', table(['name', 'email']), people(['Ada', 36]), ordered, { kind: 'columns', missing: ['email'], extra: ['age'] }],
    ['duplicate column names match in order of appearance', table(['name', 'age', 'name'], ['Ada', 36, 'Rex']), table(['name', 'name', 'age'], ['Ada', 'Rex', 36]), unordered, same],
    ['duplicate column names with swapped values', table(['name', 'name'], ['Ada', 'Rex']), table(['name', 'name'], ['Rex', 'Ada']), unordered, { kind: 'rows', missingRow: ['Ada', 'Rex'], extraRow: ['Rex', 'Ada'] }],
    ['one of two duplicate columns missing', table(['name', 'name'], ['Ada', 'Rex']), table(['NAME'], ['Ada']), unordered, { kind: 'columns', missing: ['name'], extra: [] }],
    ['the example rows are in the expected column order', people(['Ada', 36]), table(['age', 'name'], [35, 'Ada']), unordered, { kind: 'rows', missingRow: ['Ada', 36], extraRow: ['Ada', 35] }],
    ['integer 3 equals real 3.0', table(['n'], [3]), table(['n'], [3.0]), unordered, same],
    ['a BigInt 3 equals 3', table(['n'], [3], [2]), table(['n'], [2n], [3n]), unordered, same],
    ['0.1 + 0.2 equals 0.3, ordered', table(['n'], [0.3]), table(['n'], [0.1 + 0.2]), ordered, same],
    ['0.1 + 0.2 equals 0.3, unordered', table(['n'], [0.3], [1]), table(['n'], [1], [0.1 + 0.2]), unordered, same],
    ['large numbers within the relative tolerance', table(['n'], [1e12]), table(['n'], [1e12 + 0.0001]), unordered, same],
    ['numbers rounding to either side of a 9-digit boundary still match', table(['n'], [1.0000000050001], [2]), table(['n'], [2], [1.0000000049999]), unordered, same],
    ['the same, beside text', table(['name', 'n'], ['Ada', 1.0000000050001], ['Bob', 2]), table(['name', 'n'], ['Bob', 2], ['Ada', 1.0000000049999]), unordered, same],
    ['numbers equal at 9 digits but beyond the tolerance differ', table(['n'], [1.000000001]), table(['n'], [1.000000004]), unordered, { kind: 'rows', missingRow: [1.000000001], extraRow: [1.000000004] }],
    ['1.5 is not 1.50001', table(['n'], [1.5]), table(['n'], [1.50001]), ordered, { kind: 'rows', missingRow: [1.5], extraRow: [1.50001] }],
    ['text "3" is not the number 3', table(['n'], [3]), table(['n'], ['3']), unordered, { kind: 'rows', missingRow: [3], extraRow: ['3'] }],
    ['NULL equals NULL', table(['n'], [null], [1]), table(['n'], [1], [null]), unordered, same],
    ['NULL is not 0', table(['n'], [null]), table(['n'], [0]), unordered, { kind: 'rows', missingRow: [null], extraRow: [0] }],
    ['NULL is not empty text', table(['n'], [null]), table(['n'], ['']), ordered, { kind: 'rows', missingRow: [null], extraRow: [''] }],
    ['0 is not empty text', table(['n'], [0]), table(['n'], ['']), unordered, { kind: 'rows', missingRow: [0], extraRow: [''] }],
    ['text compares with its case', table(['n'], ['Ada']), table(['n'], ['ada']), unordered, { kind: 'rows', missingRow: ['Ada'], extraRow: ['ada'] }],
    ['duplicates count: [a, a, b] is not [a, b, b]', table(['n'], ['a'], ['a'], ['b']), table(['n'], ['a'], ['b'], ['b']), unordered, { kind: 'rows', missingRow: ['a'], extraRow: ['b'] }],
    ['duplicates in another order', table(['n'], ['a'], ['b'], ['a']), table(['n'], ['b'], ['a'], ['a']), unordered, same],
    [
      'too few rows, with an example missing row',
      people(['Ada', 36], ['Bob', 20], ['Cy', 41], ['Dee', 29], ['Eve', 52]),
      people(['Bob', 20], ['Eve', 52], ['Cy', 41]),
      unordered,
      { kind: 'row-count', expected: 5, actual: 3, missingRow: ['Ada', 36] },
    ],
    ['an extra row', people(['Ada', 36]), people(['Ada', 36], ['Bob', 20]), ordered, { kind: 'row-count', expected: 1, actual: 2, extraRow: ['Bob', 20] }],
    ['an extra duplicate row', people(['Ada', 36]), people(['Ada', 36], ['Ada', 36]), unordered, { kind: 'row-count', expected: 1, actual: 2, extraRow: ['Ada', 36] }],
    ['too few rows, some of them wrong', people(['Ada', 36], ['Bob', 20], ['Cy', 41]), people(['Ada', 36], ['Dee', 29]), unordered, { kind: 'row-count', expected: 3, actual: 2, missingRow: ['Bob', 20], extraRow: ['Dee', 29] }],
    ['an empty result where rows are expected', people(['Ada', 36], ['Bob', 20]), people(), unordered, { kind: 'row-count', expected: 2, actual: 0, missingRow: ['Ada', 36] }],
    ['rows where none are expected', people(), people(['Ada', 36]), unordered, { kind: 'row-count', expected: 0, actual: 1, extraRow: ['Ada', 36] }],
    ['both empty', people(), people(), ordered, same],
    ['no columns at all', table([]), table([]), ordered, same],
    ['no columns, fewer rows', table([], [], []), table([], []), unordered, { kind: 'row-count', expected: 2, actual: 1, missingRow: [] }],
    ['equal BLOBs, byte by byte', table(['b'], [bytes(1, 2, 255)], [bytes()]), table(['b'], [bytes()], [bytes(1, 2, 255)]), unordered, same],
    ['BLOBs differing in one byte', table(['b'], [bytes(1, 2, 3)]), table(['b'], [bytes(1, 2, 4)]), unordered, { kind: 'rows', missingRow: [bytes(1, 2, 3)], extraRow: [bytes(1, 2, 4)] }],
    ['a BLOB is not text', table(['b'], [bytes(65)]), table(['b'], ['A']), ordered, { kind: 'rows', missingRow: [bytes(65)], extraRow: ['A'] }],
    ['a short row: its missing cell equals no value', people(['Ada', 36]), people(['Ada']), unordered, { kind: 'rows', missingRow: ['Ada', 36], extraRow: ['Ada', undefined] }],
    ['cells beyond the columns are ignored', people(['Ada', 36]), people(['Ada', 36, 'x']), ordered, same],
  ])('%s', (_case, expected, actual, options, difference) => {
    expect(compareQueryResults(expected, actual, options)).toEqual(difference);
  });
});

describe('compareQueryResults on 10,000 rows', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => [i % 250, `learner ${i}`, i / 7]);
  const big = table(['level', 'name', 'score'], ...rows);
  const changed = rows.map((row, i) => (i === 6_000 ? [row[0], 'someone else', row[2]] : row));
  const noisy = rows.map(([level, name, score]) => [name, Number(score) * 3 / 3 + 1e-12, level]);

  it.each<[string, QueryTable, CompareOptions, QueryDifference]>([
    ['the same rows reversed', table(big.columns, ...[...rows].reverse()), unordered, same],
    ['reversed with ORDER BY asked', table(big.columns, ...[...rows].reverse()), ordered, { kind: 'order', firstWrongPosition: 1 }],
    ['columns reordered, with floating-point noise', table(['name', 'score', 'level'], ...noisy), unordered, same],
    ['one value changed', table(big.columns, ...changed), unordered, { kind: 'rows', missingRow: rows[6_000] as unknown[], extraRow: [6_000 % 250, 'someone else', 6_000 / 7] }],
    ['one row dropped', table(big.columns, ...rows.slice(1)), ordered, { kind: 'row-count', expected: 10_000, actual: 9_999, missingRow: rows[0] as unknown[] }],
    ['every row doubled', table(big.columns, ...rows, ...rows), unordered, { kind: 'row-count', expected: 10_000, actual: 20_000, extraRow: rows[0] as unknown[] }],
  ])('%s', (_case, actual, options, difference) => {
    expect(compareQueryResults(big, actual, options)).toEqual(difference);
  });
});

describe('describeQueryDifference', () => {
  const longRow = ['A very long name that goes on and on', 'and on for a while', 12345];

  it.each<[string, QueryDifference, string | null]>([
    ['same', same, null],
    ['a missing and an extra column', { kind: 'columns', missing: ['email'], extra: ['name'] }, 'Your result is missing the column `email` and has an extra column `name`.'],
    ['a missing column', { kind: 'columns', missing: ['email'], extra: [] }, 'Your result is missing the column `email`.'],
    ['two missing columns', { kind: 'columns', missing: ['email', 'age'], extra: [] }, 'Your result is missing the columns `email` and `age`.'],
    ['three missing columns', { kind: 'columns', missing: ['a', 'b', 'c'], extra: [] }, 'Your result is missing the columns `a`, `b` and `c`.'],
    ['five missing columns', { kind: 'columns', missing: ['a', 'b', 'c', 'd', 'e'], extra: [] }, 'Your result is missing the columns `a`, `b`, `c` and 2 more.'],
    ['an extra column', { kind: 'columns', missing: [], extra: ['id'] }, 'Your result has an extra column `id`.'],
    ['extra columns', { kind: 'columns', missing: [], extra: ['id', 'name'] }, 'Your result has extra columns `id` and `name`.'],
    ['missing columns and an extra one', { kind: 'columns', missing: ['a', 'b'], extra: ['c'] }, 'Your result is missing the columns `a` and `b`, and has an extra column `c`.'],
    ['column order', { kind: 'column-order', expected: ['name', 'age'], actual: ['age', 'name'] }, 'The columns are right but in another order: the lesson asks for `name`, `age`.'],
    [
      'too few rows',
      { kind: 'row-count', expected: 5, actual: 3, missingRow: ['Ada', 36] },
      'Your query returned 3 rows; the lesson expects 5. For example, this row is missing: (Ada, 36).',
    ],
    ['one row', { kind: 'row-count', expected: 2, actual: 1, missingRow: ['Bob', 20], extraRow: ['Dee', 29] }, 'Your query returned 1 row; the lesson expects 2. For example, this row is missing: (Bob, 20).'],
    ['no rows', { kind: 'row-count', expected: 1, actual: 0, missingRow: ['Ada', 36] }, 'Your query returned 0 rows; the lesson expects 1. For example, this row is missing: (Ada, 36).'],
    [
      'too many rows',
      { kind: 'row-count', expected: 2, actual: 3, missingRow: ['Bob', 20], extraRow: ['Cy', 41] },
      'Your query returned 3 rows; the lesson expects 2. For example, this row should not be there: (Cy, 41).',
    ],
    ['too many rows, all duplicates', { kind: 'row-count', expected: 1, actual: 2, extraRow: ['Ada', 36] }, 'Your query returned 2 rows; the lesson expects 1. For example, this row should not be there: (Ada, 36).'],
    ['counts only, without an example', { kind: 'row-count', expected: 2, actual: 1 }, 'Your query returned 1 row; the lesson expects 2.'],
    ['a differing row', { kind: 'rows', missingRow: ['Ada', 36], extraRow: ['Ada', 35] }, 'One row differs: expected (Ada, 36) but your result has (Ada, 35).'],
    [
      'NULL, numbers and BLOBs as a learner reads them',
      { kind: 'rows', missingRow: [null, 0.3, bytes(1, 255)], extraRow: ['', 0.1 + 0.2 + 1e-6, 2n] },
      "One row differs: expected (NULL, 0.3, X'01FF') but your result has (, 0.300001, 2).",
    ],
    ['text that looks like a number', { kind: 'rows', missingRow: ['Ada', 3] as unknown[], extraRow: ['Ada', '3'] }, "One row differs: expected (Ada, 3) but your result has (Ada, 3). They look alike, but your 3 is text and the lesson's is a number."],
    ['a number where text is expected', { kind: 'rows', missingRow: ['42'], extraRow: [42] }, "One row differs: expected (42) but your result has (42). They look alike, but your 42 is a number and the lesson's is text."],
    ['a missing cell', { kind: 'rows', missingRow: ['Ada', 36], extraRow: ['Ada', undefined] }, 'One row differs: expected (Ada, 36) but your result has (Ada, ?).'],
    [
      'a long row cut to 60 characters',
      { kind: 'row-count', expected: 1, actual: 0, missingRow: longRow },
      'Your query returned 0 rows; the lesson expects 1. For example, this row is missing: (A very long name that goes on and on, and on for a while….',
    ],
    ['order', { kind: 'order', firstWrongPosition: 2 }, 'The rows are right but in a different order (from row 2 on). Check your ORDER BY.'],
  ])('%s', (_case, difference, message) => {
    expect(describeQueryDifference(difference)).toBe(message);
  });

  it.each([
    ['text', ['x'.repeat(100)]],
    ['emoji', ['😀'.repeat(100)]],
    ['many values', Array.from({ length: 40 }, (_, i) => i)],
  ])('cuts a long row of %s to at most 60 characters, ending with …', (_case, row) => {
    const message = describeQueryDifference({ kind: 'rows', missingRow: row, extraRow: ['short'] }) ?? '';
    const shown = /expected (.*) but/.exec(message)?.[1] ?? '';
    expect(Array.from(shown).length).toBeGreaterThan(55);
    expect(Array.from(shown).length).toBeLessThanOrEqual(60);
    expect(shown).toMatch(/^\(.*[^,\s]…$/u);
    // A character is never cut in half (a lone surrogate cannot be encoded).
    expect(() => encodeURIComponent(shown)).not.toThrow();
  });
});

describe('compareQueryResults then describeQueryDifference', () => {
  it.each<[string, QueryTable, QueryTable, CompareOptions, string | null]>([
    ['identical', people(['Ada', 36]), people(['Ada', 36]), ordered, null],
    ['a wrong alias', table(['name', 'email']), table(['name', 'mail']), unordered, 'Your result is missing the column `email` and has an extra column `mail`.'],
    ['a forgotten WHERE', people(['Ada', 36]), people(['Ada', 36], ['Bob', 20]), unordered, 'Your query returned 2 rows; the lesson expects 1. For example, this row should not be there: (Bob, 20).'],
    ['a forgotten ORDER BY', people(['Bob', 20], ['Ada', 36]), people(['Ada', 36], ['Bob', 20]), ordered, 'The rows are right but in a different order (from row 1 on). Check your ORDER BY.'],
  ])('%s', (_case, expected, actual, options, message) => {
    expect(describeQueryDifference(compareQueryResults(expected, actual, options))).toBe(message);
  });
});
