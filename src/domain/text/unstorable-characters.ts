/**
 * Characters no text column can take: PostgreSQL text cannot hold NUL (U+0000), and a lone
 * UTF-16 surrogate has no UTF-8 encoding. JSON and JavaScript strings carry both happily, so
 * they are refused where requests come in and replaced where trusted text (a token's display
 * name) is stored.
 */

export interface UnstorableCharacter {
  /** Index of the UTF-16 code unit. */
  index: number;
  codeUnit: number;
  kind: 'nul' | 'lone-surrogate';
  /** 1-based line and column, for messages about code. */
  line: number;
  column: number;
}

// Without the u flag a regex walks UTF-16 code units, so it sees each half of a surrogate pair.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export function findUnstorableCharacter(text: string): UnstorableCharacter | null {
  const match = UNSTORABLE.exec(text);
  if (!match) return null;
  const index = match.index;
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  const codeUnit = text.charCodeAt(index);
  return { index, codeUnit, kind: codeUnit === 0 ? 'nul' : 'lone-surrogate', line: before.split('\n').length, column: index - lineStart + 1 };
}

/** "NUL, U+0000" / "a lone UTF-16 surrogate, U+D800" */
export function describeUnstorableCharacter(found: Pick<UnstorableCharacter, 'codeUnit' | 'kind'>): string {
  const code = `U+${found.codeUnit.toString(16).toUpperCase().padStart(4, '0')}`;
  return found.kind === 'nul' ? `NUL, ${code}` : `a lone UTF-16 surrogate, ${code}`;
}

/** Replaces each unstorable character with U+FFFD, the replacement character. */
export function toStorableText(text: string): string {
  return UNSTORABLE.test(text) ? text.replace(UNSTORABLE_ALL, '\uFFFD') : text;
}
