import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestCookies } from '@/server/http/request-cookies';

/**
 * The cookie that names a server-side session (session-service.ts). httpOnly and SameSite=Lax
 * like the auth cookies; it needs no signature: it is 32 random bytes, found by its hash.
 */
export const SESSION_ID_COOKIE = 'Codetrail.Session';

export function readSessionId(req: Pick<IncomingMessage, 'headers'>): string | undefined {
  return requestCookies(req)[SESSION_ID_COOKIE];
}

function appendSetCookie(res: ServerResponse, cookie: string): void {
  const existing = res.getHeader('Set-Cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}

export function setSessionIdCookie(res: ServerResponse, id: string, options: { maxAgeMs: number; secure: boolean }): void {
  const maxAge = Math.floor(options.maxAgeMs / 1000);
  appendSetCookie(
    res,
    `${SESSION_ID_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=${maxAge}; Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`,
  );
}

export function clearSessionIdCookie(res: ServerResponse, options: { secure: boolean }): void {
  appendSetCookie(res, `${SESSION_ID_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`);
}
