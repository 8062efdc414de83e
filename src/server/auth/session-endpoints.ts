import type { NextApiHandler } from 'next';
import { setAuthCookies, unsetAuthCookies } from 'next-firebase-auth';
import { logger } from '@/lib/logger';
import { bearerToken } from './identity';
import { ensureServerAuth } from './server-auth';

function onlyPost(method: string | undefined): boolean {
  return method === 'POST';
}

/** POST /api/login — exchanges the ID token in the Authorization header for signed session cookies. */
export const loginHandler: NextApiHandler = async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  if (!onlyPost(req.method)) {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ message: 'Use POST to sign in.' });
    return;
  }
  const header = req.headers.authorization;
  const token = bearerToken(header) ?? (header && !/\s/.test(header) ? header : null);
  if (!token) {
    res.status(400).json({ message: 'Send the Firebase ID token in the Authorization header.' });
    return;
  }
  ensureServerAuth();
  let signedIn = false;
  try {
    // An unverifiable token yields an anonymous user rather than an error.
    const { user } = await setAuthCookies(req, res, { token });
    signedIn = Boolean(user.id);
  } catch (error) {
    logger.warn('auth: /api/login refused a token', error instanceof Error ? error.message : error);
  }
  if (!signedIn) {
    res.removeHeader('Set-Cookie');
    res.status(401).json({ message: 'That sign-in token is not valid. Sign in again.' });
    return;
  }
  res.status(200).json({ status: true });
};

/** POST /api/logout — clears the session cookies. */
export const logoutHandler: NextApiHandler = async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  if (!onlyPost(req.method)) {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ message: 'Use POST to sign out.' });
    return;
  }
  ensureServerAuth();
  await unsetAuthCookies(req, res);
  res.status(200).json({ status: true });
};
