import { isNamedError } from '@/lib/errors/named-error';
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

/** POST /api/login — exchanges the ID token in the Authorization header for signed session cookies. */
export const loginHandler: NextApiHandler = async (req, res) => {
  const services = await admit(req, res, 'sign in');
  if (!services) return;
  const env = serverEnv();
  // The client SDK posts every refreshed token: a browser with a live session is not counted.
  const currentSession = readSessionId(req);
  const sessionUser = await services.sessions.userOf(currentSession);
  try {
    // Counted before the token is looked at, so guessing tokens is limited too.
    if (!sessionUser) await services.rateLimits.hit('session-create', clientAddress(req, env.trustProxy));
  } catch (error) {
    if (!isNamedError<RateLimitedError>(error, 'RateLimitedError')) throw error;
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(429).json({ message: error.message });
    return;
  }
  const authorization = req.headers.authorization;
  const token = bearerToken(authorization) ?? (authorization && !/\s/.test(authorization) ? authorization : null);
  if (!token) {
    res.status(400).json({ message: 'Send the Firebase ID token in the Authorization header.' });
    return;
  }
  ensureServerAuth();
  let userId: string | null = null;
  try {
    // An unverifiable token yields an anonymous user rather than an error.
    const { user } = await setAuthCookies(req, res, { token });
    userId = user.id;
  } catch (error) {
    logger.warn('auth: /api/login refused a token', error instanceof Error ? error.message : error);
  }
  if (!userId) {
    res.removeHeader('Set-Cookie');
    res.status(401).json({ message: 'That sign-in token is not valid. Sign in again.' });
    return;
  }
  const maxAgeMs = env.sessionCookieMaxAgeMs ?? SESSION_COOKIE_MAX_AGE_MS;
  let sessionId: string;
  if (currentSession && sessionUser === userId) {
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
