import { init } from 'next-firebase-auth';
import { buildSessionCookieConfig } from '@/domain/session/session-cookie-config';
import { authConfig } from '@/lib/auth/auth-config';
import { serverEnv } from '@/server/config/server-env';
import { firebaseAdminApp } from './firebase-admin';
import { rememberingKeygrip } from './remembering-keygrip';

/** One set of signing keys per process, so the signatures it has verified are remembered. */
let signing: { keys: string; keygrip: ReturnType<typeof rememberingKeygrip> } | null = null;

function keygripFor(keys: readonly string[]): ReturnType<typeof rememberingKeygrip> {
  const id = JSON.stringify(keys);
  if (signing?.keys !== id) signing = { keys: id, keygrip: rememberingKeygrip(keys) };
  return signing.keygrip;
}

/**
 * Configures next-firebase-auth for server work (cookie signing keys, admin app). Called at
 * the start of every server entry point that reads or writes the session, because the
 * browser-safe configuration from _app must never be the one that handles cookies.
 */
export function ensureServerAuth(): void {
  const env = serverEnv();
  firebaseAdminApp();
  const cookies = buildSessionCookieConfig({ keys: env.cookieKeys, secure: env.secureCookies, maxAgeMs: env.sessionCookieMaxAgeMs });
  // The cookies package takes Keygrip's interface in place of the key list (src/server/auth/remembering-keygrip.ts).
  init(authConfig({ cookies: { ...cookies, keys: keygripFor(cookies.keys) } }));
}
