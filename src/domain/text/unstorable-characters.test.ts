import fc from 'fast-check';
import { describeUnstorableCharacter, findUnstorableCharacter, toStorableText } from './unstorable-characters';

describe('findUnstorableCharacter', () => {
  it.each([
    ['plain ASCII', 'print("hi")'],
    ['accents, CJK and emoji (surrogate pairs)', 'olá 你好 🐍🎉'],
    ['an empty string', ''],
    ['the replacement character itself', '\uFFFD'],
  ])('finds nothing in %s', (_case, text) => {
    expect(findUnstorableCharacter(text)).toBeNull();
  });

  it.each([
    ['NUL', 'ab\u0000c', { index: 2, codeUnit: 0, kind: 'nul', line: 1, column: 3 }],
    ['NUL on line 3', 'a = 1\nb = 2\nprint(\u0000)', { index: 18, codeUnit: 0, kind: 'nul', line: 3, column: 7 }],
    ['a high surrogate without its low half', 'x\uD83D', { index: 1, codeUnit: 0xd83d, kind: 'lone-surrogate', line: 1, column: 2 }],
    ['a low surrogate without its high half', '\uDC00y', { index: 0, codeUnit: 0xdc00, kind: 'lone-surrogate', line: 1, column: 1 }],
    ['two high surrogates before one low', '\uD83D\uD83D\uDC0D', { index: 0, codeUnit: 0xd83d, kind: 'lone-surrogate', line: 1, column: 1 }],
    ['a pair reversed', '\uDC0D\uD83D', { index: 0, codeUnit: 0xdc0d, kind: 'lone-surrogate', line: 1, column: 1 }],
  ])('finds %s', (_case, text, expected) => {
    expect(findUnstorableCharacter(text)).toEqual(expected);
  });

  it('agrees with UTF-8 round trips and NUL for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const storable = !text.includes('\u0000') && Buffer.from(text, 'utf8').toString('utf8') === text;
        expect(findUnstorableCharacter(text) === null).toBe(storable);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('describeUnstorableCharacter', () => {
  it.each([
    [{ kind: 'nul', codeUnit: 0 }, 'NUL, U+0000'],
    [{ kind: 'lone-surrogate', codeUnit: 0xd800 }, 'a lone UTF-16 surrogate, U+D800'],
  ] as const)('%j is "%s"', (found, text) => {
    expect(describeUnstorableCharacter(found)).toBe(text);
  });
});

describe('toStorableText', () => {
  it.each([
    ['Ada\u0000', 'Ada\uFFFD'],
    ['\uD800name\uDFFF', '\uFFFDname\uFFFD'],
    ['Zoë 🐍', 'Zoë 🐍'],
  ])('%j becomes %j', (text, expected) => {
    expect(toStorableText(text)).toBe(expected);
  });

  it('always gives storable text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => expect(findUnstorableCharacter(toStorableText(text))).toBeNull()));
  });
});
