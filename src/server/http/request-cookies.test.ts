import { parseCookieHeader, requestCookies } from './request-cookies';

// The parser Next uses for `req.cookies` (pages runtime and API routes): ours must agree with it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nextCookies = require('next/dist/compiled/cookie') as { parse: (header: string) => Record<string, string> };

describe('parseCookieHeader', () => {
  const session = `Codetrail.AuthUserTokens=${'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0'.repeat(30)}; Codetrail.AuthUserTokens.sig=225tRjAWfJgzBgapwtt27Vaq8co`;

  it.each([
    ['a signed-in learner', `${session}; Codetrail.Session=yst4e1EquAiwxatMeGwCeN5f0rdjEbn; ct_active_track=python`],
    ['an escaped value', 'ct_notice=%7B%22kind%22%3A%22info%22%2C%22message%22%3A%22Saved%20%E2%9C%93%22%7D; b=2'],
    ['an escape that does not decode', 'bad=%E0%A4%A; good=%41'],
    ['quoted values', 'q="quoted value"; e=""; one="'],
    ['spaces, tabs and empty pairs', ' a = 1 ;;  b=2;\tc =3 ; ;'],
    ['a repeated name (the first wins)', 'x=first; x=second'],
    ['pairs without =', 'flag; a=1; =nameless; b'],
    ['= inside a value', 'token=abc==; url=a=b=c'],
    ['an empty header', ''],
  ])('%s: the same cookies as Next', (_name, header) => {
    expect({ ...parseCookieHeader(header) }).toEqual(nextCookies.parse(header));
  });

  it('reads the cookies it is given and nothing else', () => {
    expect({ ...parseCookieHeader('ct_notice=%7B%7D; a=%41') }).toEqual({ ct_notice: '{}', a: 'A' });
    expect(parseCookieHeader(undefined)).toEqual({});
  });

  it('a cookie named after an object property is a plain cookie (Next skips those)', () => {
    const cookies = parseCookieHeader('__proto__=p; constructor=c; toString=t');
    expect(cookies.__proto__).toBe('p');
    expect(cookies.constructor).toBe('c');
    expect(cookies.toString).toBe('t');
    expect(parseCookieHeader('a=1').constructor).toBeUndefined();
  });
});

describe('requestCookies', () => {
  it('parses one request once, and again only when its header changes', () => {
    const req = { headers: { cookie: 'a=1' } as Record<string, string | undefined> };
    const first = requestCookies(req);
    expect(first.a).toBe('1');
    expect(requestCookies(req)).toBe(first);
    req.headers.cookie = 'a=2';
    expect(requestCookies(req).a).toBe('2');
    expect(requestCookies({ headers: {} }).a).toBeUndefined();
  });
});
