import { isHttpError } from './http-error';
import { findUnstorableInput, refuseUnstorableInput, unstorableInputMessage } from './unstorable-input';

function refusal(query: unknown, body: unknown): { status: number; message: string } | null {
  try {
    refuseUnstorableInput(query, body);
    return null;
  } catch (error) {
    if (!isHttpError(error)) throw error;
    return { status: error.status, message: error.message };
  }
}

describe('refuseUnstorableInput', () => {
  it.each([
    ['a savefiles body', {}, { files: [{ name: 'main.py', userContent: 'print("olá 🐍")\n' }] }],
    ['numbers, booleans and null', { trackVersion: '3' }, { attempts: 1, usedHints: false, timeZone: null }],
    ['no body', { trackId: 'python' }, undefined],
  ])('lets %s through', (_case, query, body) => {
    expect(refusal(query, body)).toBeNull();
  });

  it.each([
    [
      'NUL in a file names the file and the line',
      {},
      { files: [{ name: 'main.py', userContent: 'a = 1\nb = 2\nprint(a\u0000b)' }] },
      422,
      'main.py contains a character that cannot be saved (NUL, U+0000) on line 3. Remove it and try again.',
    ],
    [
      'a lone surrogate in the second file',
      {},
      { files: [{ name: 'index.html', userContent: '<p>ok</p>' }, { name: 'style.css', userContent: 'p { content: "\uD83D"; }' }] },
      422,
      'style.css contains a character that cannot be saved (a lone UTF-16 surrogate, U+D83D) on line 1. Remove it and try again.',
    ],
    [
      'NUL in a file name (the name cannot name the file)',
      {},
      { files: [{ name: 'main\u0000.py', userContent: '' }] },
      422,
      'body.files.0.name contains a character that cannot be saved (NUL, U+0000) at position 5. Remove it and try again.',
    ],
    ['NUL in a time zone', {}, { timeZone: 'Europe/Lis\u0000bon' }, 422, 'body.timeZone contains a character that cannot be saved (NUL, U+0000) at position 11. Remove it and try again.'],
    ['a surrogate in a field name', {}, { completions: [{ ['\uDC00']: 1 }] }, 422, 'A field name in body.completions.0 contains a character that is not allowed (a lone UTF-16 surrogate, U+DC00).'],
    ['NUL in a path id', { trackId: 'py\u0000thon' }, undefined, 400, 'Invalid query.trackId: it contains a character that is not allowed (NUL, U+0000).'],
    ['a repeated query parameter', { trackVersion: ['1', '\uD800'] }, undefined, 400, 'Invalid query.trackVersion.1: it contains a character that is not allowed (a lone UTF-16 surrogate, U+D800).'],
    ['the query before the body', { lessonId: '\u0000' }, { files: [{ name: 'main.py', userContent: '\u0000' }] }, 400, 'Invalid query.lessonId: it contains a character that is not allowed (NUL, U+0000).'],
  ])('refuses %s', (_case, query, body, status, message) => {
    expect(refusal(query, body)).toEqual({ status, message });
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    const found = findUnstorableInput(deep);
    expect(found?.path).toHaveLength(100_000);
    expect(unstorableInputMessage('body', { ...(found as NonNullable<typeof found>), path: [0] })).toBe('body.0 contains a character that cannot be saved (NUL, U+0000) at position 2. Remove it and try again.');
  });
});
