import { parseCookieHeader } from './cookie-header';

// The parser Next uses for `req.cookies` (pages runtime and API routes): the default must agree with it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nextCookies = require('next/dist/compiled/cookie') as { parse: (header: string) => Record<string, string> };

/** The instance app's own parser before it used this one: `raw` must read every header as it did. */
function instanceAppParserBefore(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!(name in cookies)) cookies[name] = part.slice(index + 1).trim();
  }
  return cookies;
}

const session = `Codetrail.AuthUserTokens=${'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0'.repeat(30)}; Codetrail.AuthUserTokens.sig=225tRjAWfJgzBgapwtt27Vaq8co`;

const HEADERS: [string, string][] = [
  ['a signed-in learner', `${session}; Codetrail.Session=yst4e1EquAiwxatMeGwCeN5f0rdjEbn; ct_active_track=python`],
  ['an instance session and a login nonce', 'ct_instance=Q2xhdWRlIHdhcyBoZXJl_-; ct_login_ab12=bm9uY2U; other=1'],
  ['an escaped value', 'ct_notice=%7B%22kind%22%3A%22info%22%2C%22message%22%3A%22Saved%20%E2%9C%93%22%7D; b=2'],
  ['an escape that does not decode', 'bad=%E0%A4%A; good=%41'],
  ['quoted values', 'q="quoted value"; e=""; one="'],
  ['spaces, tabs and empty pairs', ' a = 1 ;;  b=2;\tc =3 ; ;'],
  ['a repeated name (the first wins)', 'x=first; x=second'],
  ['pairs without =', 'flag; a=1; =nameless; b'],
  ['= inside a value', 'token=abc==; url=a=b=c'],
  ['an empty header', ''],
];

describe('parseCookieHeader', () => {
  it.each(HEADERS)('%s: the same cookies as Next', (_name, header) => {
    expect({ ...parseCookieHeader(header) }).toEqual(nextCookies.parse(header));
  });

  it.each(HEADERS)('%s, raw: the same cookies as the instance app read before (a nameless pair aside)', (_name, header) => {
    // A nameless pair is read or not depending on the space before its `=`; no one asks for the cookie ''.
    const named = (cookies: Record<string, string | undefined>) => Object.fromEntries(Object.entries(cookies).filter(([name]) => name !== ''));
    expect(named(parseCookieHeader(header, { raw: true }))).toEqual(named(instanceAppParserBefore(header)));
  });

  it.each<[string, string, Record<string, string>, Record<string, string>]>([
    ['quotes', 'q="a b"; e=""; one="', { q: 'a b', e: '', one: '' }, { q: '"a b"', e: '""', one: '"' }],
    ['escapes', 'a=%41; bad=%E0%A4%A; plus=a+b', { a: 'A', bad: '%E0%A4%A', plus: 'a+b' }, { a: '%41', bad: '%E0%A4%A', plus: 'a+b' }],
    ['= in values', 'token=abc==; url=a=b=c', { token: 'abc==', url: 'a=b=c' }, { token: 'abc==', url: 'a=b=c' }],
    ['duplicates (the first, most specific, wins)', 'x=%41; x=second', { x: 'A' }, { x: '%41' }],
    ['malformed parts', 'flag;; =v; a=1;b', { '': 'v', a: '1' }, { '': 'v', a: '1' }],
  ])('%s: read as Next does by default, as sent when raw', (_label, header, decoded, raw) => {
    expect({ ...parseCookieHeader(header) }).toEqual(decoded);
    expect({ ...parseCookieHeader(header, { raw: true }) }).toEqual(raw);
  });

  it('reads the cookies it is given and nothing else', () => {
    expect({ ...parseCookieHeader('ct_notice=%7B%7D; a=%41') }).toEqual({ ct_notice: '{}', a: 'A' });
    expect(parseCookieHeader(undefined)).toEqual({});
    expect(parseCookieHeader(undefined, { raw: true })).toEqual({});
  });

  it('a cookie named after an object property is a plain cookie (Next skips those)', () => {
    const cookies = parseCookieHeader('__proto__=p; constructor=c; toString=t');
    expect(cookies.__proto__).toBe('p');
    expect(cookies.constructor).toBe('c');
    expect(cookies.toString).toBe('t');
    expect(parseCookieHeader('a=1').constructor).toBeUndefined();
    expect(parseCookieHeader('constructor=c', { raw: true }).constructor).toBe('c');
  });
});
