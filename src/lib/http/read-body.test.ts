import { BodyNotJsonError, BodyTooLargeError, isBodyNotJson, isBodyTooLarge, parseJsonBody, readBody, readJsonBody, type BodySource } from './read-body';

/** A body of `chunks`, recording how many were read and whether reading was stopped early. */
function body(chunks: (string | Buffer)[], headers?: BodySource['headers']) {
  const seen = { read: 0, stopped: false };
  const source: BodySource = {
    headers,
    async *[Symbol.asyncIterator]() {
      try {
        for (const chunk of chunks) {
          seen.read += 1;
          yield chunk;
        }
      } finally {
        seen.stopped = seen.read < chunks.length;
      }
    },
  };
  return { source, seen };
}

describe('readBody', () => {
  it.each<[string, (string | Buffer)[], string]>([
    ['buffers', [Buffer.from('ab'), Buffer.from('cd')], 'abcd'],
    ['strings (a stream with an encoding set)', ['é', 'x'], 'éx'],
    ['nothing', [], ''],
  ])('reads a body of %s whole', async (_label, chunks, expected) => {
    expect((await readBody(body(chunks).source, 100)).toString('utf8')).toBe(expected);
  });

  it('accepts a body of exactly the cap, counted in bytes', async () => {
    expect((await readBody(body(['éé']).source, 4)).length).toBe(4);
    await expect(readBody(body(['ééé']).source, 4)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('refuses a body past the cap as soon as the bytes read pass it, the rest unread', async () => {
    const { source, seen } = body(['aaaa', 'bbbb', 'cccc', 'dddd']);
    await expect(readBody(source, 6)).rejects.toMatchObject({ name: 'BodyTooLargeError', maxBytes: 6 });
    expect(seen).toEqual({ read: 2, stopped: true });
  });

  it('refuses a declared Content-Length past the cap before reading anything', async () => {
    const { source, seen } = body(['a'], { 'content-length': '11' });
    await expect(readBody(source, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.read).toBe(0);
  });

  it('counts the bytes even when the declared length is small (or not a number)', async () => {
    await expect(readBody(body(['a'.repeat(20)], { 'content-length': '5' }).source, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect((await readBody(body(['abc'], { 'content-length': 'abc' }).source, 10)).toString()).toBe('abc');
  });

  it('passes on a failure of the stream itself', async () => {
    const failing: BodySource = {
      async *[Symbol.asyncIterator]() {
        yield 'a';
        throw new Error('aborted');
      },
    };
    await expect(readBody(failing, 10)).rejects.toThrow('aborted');
  });
});

describe('parseJsonBody and readJsonBody', () => {
  it.each<[string, unknown]>([
    ['{"a":[1,"é"]}', { a: [1, 'é'] }],
    ['null', null],
    [' 3 ', 3],
  ])('parses %s', (text, expected) => {
    expect(parseJsonBody(Buffer.from(text))).toEqual(expected);
  });

  it.each(['', '{', 'undefined', "{'a':1}"])('refuses %j as not JSON', (text) => {
    expect(() => parseJsonBody(Buffer.from(text))).toThrow(BodyNotJsonError);
  });

  it('reads then parses, with either refusal', async () => {
    expect(await readJsonBody(body(['{"ok":', 'true}']).source, 100)).toEqual({ ok: true });
    await expect(readJsonBody(body(['{"ok":true}']).source, 5)).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(readJsonBody(body(['{"ok":']).source, 100)).rejects.toBeInstanceOf(BodyNotJsonError);
  });
});

describe('isBodyTooLarge and isBodyNotJson', () => {
  it('know the errors by name, as another bundle’s copy of the class makes them', () => {
    const copy = Object.assign(new Error('x'), { name: 'BodyTooLargeError' });
    expect(isBodyTooLarge(copy)).toBe(true);
    expect(isBodyTooLarge(new BodyTooLargeError(1))).toBe(true);
    expect(isBodyTooLarge(new BodyNotJsonError())).toBe(false);
    expect(isBodyNotJson(new BodyNotJsonError())).toBe(true);
    expect(isBodyNotJson(new SyntaxError('x'))).toBe(false);
    expect(isBodyNotJson({ name: 'BodyNotJsonError' })).toBe(false);
  });
});
