import { init } from 'next-firebase-auth';
import { buildSessionCookieConfig } from '@/domain/session/session-cookie-config';
import { authConfig } from '@/lib/auth/auth-config';
import { serverEnv } from '@/server/config/server-env';
import { firebaseAdminApp } from './firebase-admin';

/**
 * Configures next-firebase-auth for server work (cookie signing keys, admin app). Called at
 * the start of every server entry point that reads or writes the session, because the
 * browser-safe configuration from _app must never be the one that handles cookies.
 */
export function ensureServerAuth(): void {
  const env = serverEnv();
  firebaseAdminApp();
  const cookies = buildSessionCookieConfig({ keys: env.cookieKeys, secure: env.secureCookies, maxAgeMs: env.sessionCookieMaxAgeMs });
  init(authConfig({ cookies }));
}
