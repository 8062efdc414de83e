/**
 * How a learner's SQL result is compared with the solution's, and what the player says when they
 * differ. Compared as a learner expects: column names ignore case, rows ignore order unless the
 * lesson asks for ORDER BY, numbers ignore floating-point noise; and the explanation names a
 * concrete column or row instead of "wrong result". Pure: the database runs elsewhere.
 */

/** A query's result as the runner reports it (the same shape as the runner's QueryResult). */
export interface QueryTable {
  columns: string[];
  rows: unknown[][];
}

/** What the lesson asks for, which decides which differences count. */
export interface CompareOptions {
  /** True when the lesson asks for ORDER BY: row order then matters. Otherwise rows compare as a multiset. */
  ordered: boolean;
  /** True when column order matters (e.g. the lesson says "select name, then age"). Otherwise columns are matched by name (case-insensitive). */
  columnOrderMatters: boolean;
}

/**
 * The first difference a learner should fix, checked in that order: column names, column order, row
 * count, row values, row order. Example rows are in the expected column order; positions count from 1.
 */
export type QueryDifference =
  | { kind: 'same' }
  /** Column names differ (case-insensitive); names as each side spells them. */
  | { kind: 'columns'; missing: string[]; extra: string[] }
  /** Same names, wrong order; only when columnOrderMatters. */
  | { kind: 'column-order'; expected: string[]; actual: string[] }
  | { kind: 'row-count'; expected: number; actual: number; missingRow?: unknown[]; extraRow?: unknown[] }
  /** Same count, at least one row differs. */
  | { kind: 'rows'; missingRow: unknown[]; extraRow: unknown[] }
  /** Same rows, wrong order; only when ordered. The first position (from 1) holding the wrong row. */
  | { kind: 'order'; firstWrongPosition: number };

const TOLERANCE = 1e-9;
/** At most this many row comparisons pair the rows left over by hashing (numbers rounded to either side of a boundary). */
const MAX_PAIRINGS = 100_000;
const MAX_ROW_TEXT = 60;
const MAX_NAMES = 3;

const columnName = (name: unknown) => (typeof name === 'string' ? name : String(name)).trim().toLowerCase();

const isNumeric = (value: unknown): value is number | bigint => typeof value === 'number' || typeof value === 'bigint';

/** SQLite's typed values: 3 equals 3.0 (and 3n), never "3"; NULL equals only NULL; BLOBs bytewise. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isNumeric(a) && isNumeric(b)) {
    const x = Number(a);
    const y = Number(b);
    if (x === y || (Number.isNaN(x) && Number.isNaN(y))) return true;
    return Math.abs(x - y) <= TOLERANCE * Math.max(1, Math.abs(x), Math.abs(y));
  }
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
    return true;
  }
  return false;
}

function sameRow(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (!sameValue(a[i], b[i])) return false;
  return true;
}

/** A number as its bucket sees it: rounded to 9 significant digits, or to 1e-9 below 1 (3, 3.0 and 3n alike). */
function roundedNumber(value: number | bigint): number {
  const number = Number(value);
  // Integers below 1e9 are already exact at 9 digits: the common case, and cheap.
  if (Number.isInteger(number) && Math.abs(number) < 1e9) return number + 0;
  // + 0 turns -0 into 0.
  return (Math.abs(number) < 1 ? Math.round(number * 1e9) / 1e9 : Number(number.toPrecision(9))) + 0;
}

const float = new Float64Array(1);
const floatWords = new Uint32Array(float.buffer);

function mix(hash: number, word: number): number {
  const next = Math.imul(hash ^ word, 0x5bd1e995);
  return next ^ (next >>> 15);
}

function mixCell(hash: number, value: unknown, numbers: boolean): number {
  if (value === null) return mix(hash, 1);
  if (value === undefined) return mix(hash, 2);
  if (typeof value === 'string') {
    let next = mix(hash, 3);
    for (let i = 0; i < value.length; i += 1) next = mix(next, value.charCodeAt(i));
    return mix(next, value.length);
  }
  if (isNumeric(value)) {
    if (!numbers) return mix(hash, 4);
    float[0] = roundedNumber(value);
    return mix(mix(mix(hash, 4), floatWords[0] as number), floatWords[1] as number);
  }
  if (value instanceof Uint8Array) {
    let next = mix(hash, 5);
    for (let i = 0; i < value.length; i += 1) next = mix(next, value[i] as number);
    return mix(next, value.length);
  }
  return mix(hash, 6);
}

/**
 * A row's bucket: equal rows share one (by type, with numbers rounded), except the rare pair of
 * numbers rounding to either side of a boundary, which diffRows' second pass catches. Rows that merely
 * share a bucket are told apart by value, so a collision costs time, never correctness.
 * Without `numbers`, every number hashes alike: rows that differ only in their numbers share a bucket.
 */
function rowHash(row: readonly unknown[], numbers = true): number {
  let hash = 0x9747b28c;
  for (let i = 0; i < row.length; i += 1) hash = mixCell(hash, row[i], numbers);
  return hash >>> 0;
}

/** Indices of the rows by hash. */
function bucketRows(rows: readonly unknown[][], numbers: boolean): Map<number, number[]> {
  const buckets = new Map<number, number[]>();
  for (let index = 0; index < rows.length; index += 1) {
    const hash = rowHash(rows[index] as unknown[], numbers);
    const bucket = buckets.get(hash);
    if (bucket) bucket.push(index);
    else buckets.set(hash, [index]);
  }
  return buckets;
}

/**
 * Pairs each row with an equal row of `others` from its bucket (removing it, so duplicates count).
 * Returns the rows left unpaired and marks the paired others. Stops pairing after `budget` comparisons.
 */
function pairRows(rows: readonly unknown[][], others: readonly unknown[][], numbers: boolean, budget: number): { unpaired: unknown[][]; paired: Uint8Array } {
  const buckets = bucketRows(others, numbers);
  const paired = new Uint8Array(others.length);
  const unpaired: unknown[][] = [];
  let comparisons = 0;
  for (const row of rows) {
    const bucket = buckets.get(rowHash(row, numbers));
    let at = -1;
    for (let i = 0; bucket && i < bucket.length && at < 0 && comparisons < budget; i += 1, comparisons += 1) {
      if (sameRow(row, others[bucket[i] as number] as unknown[])) at = i;
    }
    if (bucket && at >= 0) {
      paired[bucket[at] as number] = 1;
      // Swap-remove: a bucket of many identical rows stays O(1) per row.
      bucket[at] = bucket[bucket.length - 1] as number;
      bucket.pop();
    } else {
      unpaired.push(row);
    }
  }
  return { unpaired, paired };
}

interface RowsDiff {
  /** Expected rows with no partner in the actual rows, in expected order. */
  missing: unknown[][];
  /** Actual rows with no partner in the expected rows, in actual order. */
  extra: unknown[][];
}

/**
 * Multiset difference (duplicates count), O(n) for distinct rows: rows paired within their hash
 * bucket; then the few left over, by everything but their numbers, to catch numbers that rounded apart.
 */
function diffRows(expected: readonly unknown[][], actual: readonly unknown[][]): RowsDiff {
  const first = pairRows(expected, actual, true, Infinity);
  const extra = actual.filter((_, index) => first.paired[index] === 0);
  if (first.unpaired.length === 0 || extra.length === 0) return { missing: first.unpaired, extra };
  const second = pairRows(first.unpaired, extra, false, MAX_PAIRINGS);
  return { missing: second.unpaired, extra: extra.filter((_, index) => second.paired[index] === 0) };
}

interface ColumnMatch {
  missing: string[];
  extra: string[];
  /** For each expected column, the index of its actual column (duplicate names in order of appearance). */
  mapping: number[];
}

function matchColumns(expected: readonly string[], actual: readonly string[]): ColumnMatch {
  const positions = new Map<string, number[]>();
  actual.forEach((name, index) => {
    const key = columnName(name);
    const list = positions.get(key);
    if (list) list.push(index);
    else positions.set(key, [index]);
  });
  const used = new Set<number>();
  const missing: string[] = [];
  const mapping: number[] = [];
  for (const name of expected) {
    const index = positions.get(columnName(name))?.shift();
    if (index === undefined) {
      missing.push(name);
      mapping.push(-1);
    } else {
      used.add(index);
      mapping.push(index);
    }
  }
  const extra = actual.filter((_, index) => !used.has(index));
  return { missing, extra, mapping };
}

/** Each row cut or padded to the columns, in the expected column order; a missing cell is undefined. */
function project(rows: readonly unknown[][], mapping: readonly number[]): unknown[][] {
  const identity = mapping.every((index, position) => index === position);
  return rows.map((row) => {
    if (identity && Array.isArray(row) && row.length === mapping.length) return row;
    const cells: readonly unknown[] = Array.isArray(row) ? row : [];
    return mapping.map((index) => cells[index]);
  });
}

/**
 * Compares a learner's result (`actual`) with the solution's (`expected`) and returns the first
 * difference a learner should fix. Never throws: empty tables, zero columns and short rows compare too.
 */
export function compareQueryResults(expected: QueryTable, actual: QueryTable, options: CompareOptions): QueryDifference {
  const expectedColumns = Array.isArray(expected.columns) ? expected.columns : [];
  const actualColumns = Array.isArray(actual.columns) ? actual.columns : [];
  const columns = matchColumns(expectedColumns, actualColumns);
  if (columns.missing.length > 0 || columns.extra.length > 0) return { kind: 'columns', missing: columns.missing, extra: columns.extra };
  if (options.columnOrderMatters && columns.mapping.some((index, position) => index !== position)) {
    return { kind: 'column-order', expected: [...expectedColumns], actual: [...actualColumns] };
  }

  const expectedRows = project(Array.isArray(expected.rows) ? expected.rows : [], expectedColumns.map((_, index) => index));
  const actualRows = project(Array.isArray(actual.rows) ? actual.rows : [], columns.mapping);
  let firstWrong = -1;
  if (expectedRows.length === actualRows.length) {
    firstWrong = expectedRows.findIndex((row, index) => !sameRow(row, actualRows[index] as unknown[]));
    if (firstWrong < 0) return { kind: 'same' };
  }

  const { missing, extra } = diffRows(expectedRows, actualRows);
  if (expectedRows.length !== actualRows.length) {
    return {
      kind: 'row-count',
      expected: expectedRows.length,
      actual: actualRows.length,
      ...(missing[0] ? { missingRow: missing[0] } : {}),
      ...(extra[0] ? { extraRow: extra[0] } : {}),
    };
  }
  if (missing[0] && extra[0]) return { kind: 'rows', missingRow: missing[0], extraRow: extra[0] };
  return options.ordered ? { kind: 'order', firstWrongPosition: firstWrong + 1 } : { kind: 'same' };
}

function formatValue(value: unknown): string {
  if (value === null) return 'NULL';
  if (value === undefined) return '?';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) {
    // Only the start: a longer BLOB is cut with the row anyway.
    let hex = '';
    for (const byte of value.subarray(0, MAX_ROW_TEXT)) hex += byte.toString(16).padStart(2, '0').toUpperCase();
    return `X'${hex}'`;
  }
  try {
    return String(value);
  } catch {
    return '?';
  }
}

/** A row as a learner reads it: (Ada, 36, NULL), at most 60 characters, cut with … (never after a dangling comma). */
function formatRow(row: readonly unknown[]): string {
  const text = `(${row.map(formatValue).join(', ')})`;
  if (text.length <= MAX_ROW_TEXT) return text;
  const characters = Array.from(text);
  return characters.length <= MAX_ROW_TEXT ? text : `${characters.slice(0, MAX_ROW_TEXT - 1).join('').replace(/[,\s]+$/, '')}…`;
}

/** Up to three names, joined as in a sentence: "`a`, `b` and `c`" (then "and 2 more"). */
function nameList(names: readonly string[]): string {
  const shown = names.slice(0, MAX_NAMES).map((name) => `\`${name}\``);
  if (names.length > MAX_NAMES) return `${shown.join(', ')} and ${names.length - MAX_NAMES} more`;
  if (shown.length < 2) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

const typeName = (value: unknown) => (isNumeric(value) ? 'a number' : typeof value === 'string' ? 'text' : null);

/** "3" and 3 print alike: name the type that differs, or the learner sees two equal rows. */
function lookAlike(expected: readonly unknown[], actual: readonly unknown[]): string {
  const index = expected.findIndex((value, position) => !sameValue(value, actual[position]));
  const wanted = typeName(expected[index]);
  const got = typeName(actual[index]);
  if (index < 0 || !wanted || !got || wanted === got) return '';
  return ` They look alike, but your ${formatValue(actual[index])} is ${got} and the lesson's is ${wanted}.`;
}

const rowCount = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

function describeColumns(missing: readonly string[], extra: readonly string[]): string {
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`is missing ${missing.length === 1 ? 'the column' : 'the columns'} ${nameList(missing)}`);
  if (extra.length > 0) parts.push(`has ${extra.length === 1 ? 'an extra column' : 'extra columns'} ${nameList(extra)}`);
  if (parts.length === 0) return "Your result's columns differ from the lesson's.";
  return `Your result ${parts.join(missing.length > 1 ? ', and ' : ' and ')}.`;
}

/**
 * One or two short sentences for a beginner, naming the column or an example row to look at;
 * null when the results are the same.
 */
export function describeQueryDifference(difference: QueryDifference): string | null {
  switch (difference.kind) {
    case 'same':
      return null;
    case 'columns':
      return describeColumns(difference.missing, difference.extra);
    case 'column-order':
      return `The columns are right but in another order: the lesson asks for ${difference.expected.map((name) => `\`${name}\``).join(', ')}.`;
    case 'row-count': {
      const counts = `Your query returned ${rowCount(difference.actual)}; the lesson expects ${difference.expected}.`;
      const missing = difference.missingRow ? ` For example, this row is missing: ${formatRow(difference.missingRow)}.` : '';
      const extra = difference.extraRow ? ` For example, this row should not be there: ${formatRow(difference.extraRow)}.` : '';
      // Fewer rows than expected: show what is missing; more: what should go.
      return counts + (difference.actual < difference.expected ? missing || extra : extra || missing);
    }
    case 'rows': {
      const expectedRow = formatRow(difference.missingRow);
      const actualRow = formatRow(difference.extraRow);
      const alike = expectedRow === actualRow ? lookAlike(difference.missingRow, difference.extraRow) : '';
      return `One row differs: expected ${expectedRow} but your result has ${actualRow}.${alike}`;
    }
    case 'order':
      return `The rows are right but in a different order (from row ${difference.firstWrongPosition} on). Check your ORDER BY.`;
    default:
      return null;
  }
}
