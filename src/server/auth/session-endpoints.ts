import { isNamedError } from '@/lib/errors/named-error';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';
import { getUserFromCookies, setAuthCookies, unsetAuthCookies } from 'next-firebase-auth';
import { SESSION_COOKIE_MAX_AGE_MS } from '@/domain/session/session-cookie-config';
import { crossSiteRefusal } from '@/domain/session/same-origin-request';
import { logger } from '@/lib/logger';
import { reportError } from '@/lib/monitoring/report-error';
import { clientAddress } from '@/server/http/client-address';
import { serverEnv } from '@/server/config/server-env';
import type { RateLimitedError } from '@/server/services/rate-limit-service';
import { getServices, type Services } from '@/server/services/services';
import { adminAuth } from './firebase-admin';
import { bearerToken } from './identity';
import { ensureServerAuth } from './server-auth';
import { clearSessionIdCookie, readSessionId, setSessionIdCookie } from './session-id-cookie';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The checks every cookie-changing endpoint makes before anything else: POST only, from our own
 * pages (a cross-site form or fetch cannot sign a learner in or out), with the services up.
 */
async function admit(req: NextApiRequest, res: NextApiResponse, verb: string): Promise<Services | null> {
  res.setHeader('Cache-Control', 'no-store');
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ message: `Use POST to ${verb}.` });
    return null;
  }
  const refusal = crossSiteRefusal({ origin: header(req.headers.origin), secFetchSite: header(req.headers['sec-fetch-site']), host: header(req.headers.host) }, serverEnv().appOrigin);
  if (refusal) {
    logger.warn(`auth: refused a cross-site request to ${verb} (${refusal}, origin ${JSON.stringify(header(req.headers.origin) ?? null)})`);
    res.status(403).json({ message: `Requests to ${verb} must come from Codetrail's own pages.` });
    return null;
  }
  try {
    return await getServices();
  } catch (error) {
    reportError(error, { area: 'auth', message: 'auth: services unavailable' });
    res.setHeader('Retry-After', '30');
    res.status(503).json({ message: 'The service is starting or unavailable. Please try again in a moment.' });
    return null;
  }
}

/** Answers 429 with Retry-After for a RateLimitedError; true when it did. */
function answeredLimit(error: unknown, res: NextApiResponse): boolean {
  if (!isNamedError<RateLimitedError>(error, 'RateLimitedError')) return false;
  res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(429).json({ message: error.message });
  return true;
}

/**
 * POST /api/login — exchanges the ID token in the Authorization header for signed session cookies.
 * Only refused tokens count against the sign-in limits, keyed by the account they claim or else
 * their address (token-failure-counters.ts), so a valid sign-in goes through whatever another
 * client behind the same address sends; valid sign-ins count only against their own learner's
 * new sessions.
 */
export const loginHandler: NextApiHandler = async (req, res) => {
  const services = await admit(req, res, 'sign in');
  if (!services) return;
  const env = serverEnv();
  const address = clientAddress(req, env.trustProxy);
  /** Counts the refused token, then answers 429 past a limit or the refusal. */
  const refuse = async (token: string | null, verifiedUid: string | null, status: number, message: string) => {
    res.removeHeader('Set-Cookie');
    try {
      await services.rateLimits.countRefusedToken('sign-in', { token, verifiedUid, address });
    } catch (error) {
      if (answeredLimit(error, res)) return;
      throw error;
    }
    res.status(status).json({ message });
  };

  const authorization = req.headers.authorization;
  const token = bearerToken(authorization) ?? (authorization && !/\s/.test(authorization) ? authorization : null);
  if (!token) {
    await refuse(null, null, 400, 'Send the Firebase ID token in the Authorization header.');
    return;
  }
  ensureServerAuth();
  let decoded: DecodedIdToken | null = null;
  try {
    decoded = await adminAuth().verifyIdToken(token);
  } catch (error) {
    logger.warn('auth: /api/login refused a token', error instanceof Error ? error.message : error);
  }
  if (!decoded) {
    await refuse(token, null, 401, 'That sign-in token is not valid. Sign in again.');
    return;
  }
  // A token from before the learner's last sign-out (one taken from a copied cookie) starts nothing.
  if (!(await services.sessions.tokenIsCurrent(decoded.uid, typeof decoded.auth_time === 'number' ? decoded.auth_time : null))) {
    await refuse(token, decoded.uid, 401, 'You signed out since this token was issued. Sign in again.');
    return;
  }
  // The client SDK posts every refreshed token: a browser with a live session is not counted.
  const currentSession = readSessionId(req);
  const sessionUser = await services.sessions.userOf(currentSession);
  const refreshing = currentSession !== undefined && sessionUser === decoded.uid;
  if (!refreshing) {
    try {
      await services.rateLimits.hit('session-create', decoded.uid);
    } catch (error) {
      if (answeredLimit(error, res)) return;
      throw error;
    }
  }
  let userId: string | null = null;
  try {
    // The token was verified just now (and is remembered: verified-token-cache.ts); an unverifiable
    // one would yield an anonymous user rather than an error.
    const { user } = await setAuthCookies(req, res, { token });
    userId = user.id;
  } catch (error) {
    logger.warn('auth: /api/login could not set the cookies', error instanceof Error ? error.message : error);
  }
  if (userId !== decoded.uid) {
    await refuse(token, null, 401, 'That sign-in token is not valid. Sign in again.');
    return;
  }
  const maxAgeMs = env.sessionCookieMaxAgeMs ?? SESSION_COOKIE_MAX_AGE_MS;
  let sessionId: string;
  if (refreshing && currentSession) {
    await services.sessions.extend(currentSession, maxAgeMs);
    sessionId = currentSession;
  } else {
    sessionId = await services.sessions.start(userId, maxAgeMs);
  }
  setSessionIdCookie(res, sessionId, { maxAgeMs, secure: env.secureCookies });
  res.status(200).json({ status: true });
};

/**
 * POST /api/logout — ends the session on the server, not just in this browser: the user's
 * sessions are deleted (a copied cookie is refused from now on), their Firebase refresh tokens
 * are revoked (the one inside a copied cookie can mint no new ID token) and API v1 refuses
 * tokens from earlier sign-ins. Then the cookies are cleared.
 */
export const logoutHandler: NextApiHandler = async (req, res) => {
  const services = await admit(req, res, 'sign out');
  if (!services) return;
  const env = serverEnv();
  ensureServerAuth();
  let userId = await services.sessions.userOf(readSessionId(req));
  if (!userId) {
    // A session from before server-side sessions existed: its signed cookie still names the user.
    userId = await getUserFromCookies({ req, includeToken: false })
      .then((user) => user.id)
      .catch(() => null);
  }
  if (userId) {
    await services.sessions.endAllFor(userId);
    await adminAuth()
      .revokeRefreshTokens(userId)
      .catch((error: unknown) => reportError(error, { area: 'auth', message: `auth: could not revoke the refresh tokens of ${userId}` }));
  }
  await unsetAuthCookies(req, res);
  clearSessionIdCookie(res, { secure: env.secureCookies });
  res.status(200).json({ status: true });
};
