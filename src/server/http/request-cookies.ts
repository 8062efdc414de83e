import type { IncomingMessage } from 'node:http';

/**
 * The request's cookies by name, read from its Cookie header once per request (issue 18).
 *
 * Next's `req.cookies` gives the same answer, but decodes every value with decodeURIComponent when
 * first read: a signed-in learner's header carries about 1.5 kB of session cookies (the auth
 * tokens), and that decoding was about 2 % of the lesson page's time, for cookies the page never
 * reads (next-firebase-auth reads its own from the header). Here a value is decoded only when it
 * has an escape (`%`), which is the same answer: decodeURIComponent changes nothing else.
 *
 * Same rules as Next's parser (the `cookie` package): pairs split at `;`, name and value trimmed,
 * one pair of surrounding double quotes dropped, the first of two same-named cookies wins, a pair
 * without `=` ignored, a value that does not decode kept as sent. The table has no prototype, so a
 * cookie named `__proto__` or `constructor` is just a cookie.
 */
export type RequestCookies = Readonly<Record<string, string | undefined>>;

export function parseCookieHeader(header: string | undefined): RequestCookies {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const equals = header.indexOf('=', start);
    if (equals !== -1 && equals < end) {
      const name = header.slice(start, equals).trim();
      if (!(name in cookies)) {
        let value = header.slice(equals + 1, end).trim();
        if (value.charCodeAt(0) === 34 /* " */) value = value.slice(1, -1);
        cookies[name] = value.includes('%') ? decodeOrKeep(value) : value;
      }
    }
    start = end + 1;
  }
  return cookies;
}

function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const parsed = new WeakMap<object, { header: string | undefined; cookies: RequestCookies }>();

/** The request's cookies, parsed once per request (again only if its Cookie header was replaced). */
export function requestCookies(req: Pick<IncomingMessage, 'headers'>): RequestCookies {
  const header = req.headers.cookie;
  const known = parsed.get(req);
  if (known && known.header === header) return known.cookies;
  const cookies = parseCookieHeader(header);
  parsed.set(req, { header, cookies });
  return cookies;
}
