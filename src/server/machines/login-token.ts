import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The instance app's login token: `<payload>.<signature>`, base64url JSON signed with HMAC-SHA256.
 * It names the learner and the machine, lives 60 seconds, and its id (jti) is stored so it can
 * be exchanged once only (machine-service). Signing alone would make it replayable; the row alone
 * would make it guessable-by-id; both together make it neither.
 *
 * Before the instance app may exchange it, the token is bound to the browser that opens it
 * (`bnd`, the hash of a nonce the instance app keeps in that browser's cookie): the instance app
 * sends the token through the web app, which binds it only for the learner it names, signed in
 * there. So a token handed to someone else's browser (login CSRF) opens nothing.
 */

export const LOGIN_TOKEN_SECONDS = 60;

export interface LoginTokenClaims {
  jti: string;
  uid: string;
  mid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The browser's binding: base64url SHA-256 of the instance app's nonce cookie (bound tokens only). */
  bnd?: string;
}

/** A binding as the instance app sends it: base64url of 32 bytes. */
export const LOGIN_BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const signatureOf = (key: string, payload: string) => createHmac('sha256', `instance-login-token:${key}`).update(payload).digest('base64url');

export function signLoginToken(key: string, claims: Omit<LoginTokenClaims, 'jti' | 'exp'>, now: Date): { token: string; claims: LoginTokenClaims } {
  const full: LoginTokenClaims = { jti: randomBytes(18).toString('base64url'), uid: claims.uid, mid: claims.mid, exp: Math.floor(now.getTime() / 1000) + LOGIN_TOKEN_SECONDS };
  return { token: sign(key, full), claims: full };
}

function sign(key: string, claims: LoginTokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The same token (id, learner, machine, expiry) bound to a browser, signed with the current key. */
export function bindLoginToken(key: string, claims: LoginTokenClaims, binding: string): string {
  if (!LOGIN_BINDING_PATTERN.test(binding)) throw new Error('A binding is 43 base64url characters.');
  return sign(key, { jti: claims.jti, uid: claims.uid, mid: claims.mid, exp: claims.exp, bnd: binding });
}

/** Whether a bound token's binding is this browser's (constant time). */
export function sameBinding(claims: LoginTokenClaims, binding: string): boolean {
  if (!claims.bnd || !LOGIN_BINDING_PATTERN.test(binding)) return false;
  return timingSafeEqual(Buffer.from(claims.bnd), Buffer.from(binding));
}

export type LoginTokenVerdict = { ok: true; claims: LoginTokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks the signature against each key (current first, then the previous one) and the expiry. */
export function verifyLoginToken(keys: string[], token: string, now: Date): LoginTokenVerdict {
  if (typeof token !== 'string' || token.length > 1024) return { ok: false, reason: 'malformed' };
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(signature);
  const signed = keys.some((key) => {
    const expected = Buffer.from(signatureOf(key, payload));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return { ok: false, reason: 'signature' };
  let claims: LoginTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LoginTokenClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.jti !== 'string' || typeof claims.uid !== 'string' || typeof claims.mid !== 'string' || typeof claims.exp !== 'number') return { ok: false, reason: 'malformed' };
  if (claims.bnd !== undefined && (typeof claims.bnd !== 'string' || !LOGIN_BINDING_PATTERN.test(claims.bnd))) return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
