import type { IncomingMessage } from 'node:http';
import { parseCookieHeader, type CookieTable } from '@/lib/http/cookie-header';

/**
 * The request's cookies by name, read from its Cookie header once per request (issue 18).
 *
 * Next's `req.cookies` gives the same answer (src/lib/http/cookie-header.ts follows its rules), but
 * decodes every value with decodeURIComponent when first read: a signed-in learner's header carries
 * about 1.5 kB of session cookies (the auth tokens), and that decoding was about 2 % of the lesson
 * page's time, for cookies the page never reads (next-firebase-auth reads its own from the header).
 */
export type RequestCookies = CookieTable;

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
