/** Session cookie rules from spec §9. Pure: the caller passes the environment in. */

export const SESSION_COOKIE_NAME = 'Codetrail';
/** 10368e5 ms: about 12 days. */
export const SESSION_COOKIE_MAX_AGE_MS = 10368e5;
export const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionCookieInput {
  /** Signing keys, newest first; older keys still verify existing cookies during rotation. */
  keys: readonly string[];
  /** Whether the app is served over https (secure cookies) or local http. */
  secure: boolean;
  maxAgeMs?: number;
}

export interface SessionCookieConfig {
  name: string;
  keys: string[];
  httpOnly: true;
  signed: true;
  sameSite: 'lax';
  secure: boolean;
  maxAge: number;
  overwrite: true;
  path: '/';
}

export class SessionCookieConfigError extends Error {
  override name = 'SessionCookieConfigError';
}

export function buildSessionCookieConfig(input: SessionCookieInput): SessionCookieConfig {
  const maxAge = input.maxAgeMs ?? SESSION_COOKIE_MAX_AGE_MS;
  if (!Number.isFinite(maxAge) || maxAge <= 0) {
    throw new SessionCookieConfigError(`Session cookie max age must be a positive number of milliseconds, got ${maxAge}.`);
  }
  if (maxAge >= TWO_WEEKS_MS) {
    throw new SessionCookieConfigError(
      `Session cookie max age must be under two weeks (${TWO_WEEKS_MS} ms); got ${maxAge} ms.`,
    );
  }
  const keys = input.keys.filter((key) => key.length > 0);
  if (keys.length === 0) {
    throw new SessionCookieConfigError('At least one cookie signing key is required.');
  }
  return {
    name: SESSION_COOKIE_NAME,
    keys,
    httpOnly: true,
    signed: true,
    sameSite: 'lax',
    secure: input.secure,
    maxAge,
    overwrite: true,
    path: '/',
  };
}
