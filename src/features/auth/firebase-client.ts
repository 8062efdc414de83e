import { getApps, initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { publicEnv } from '@/lib/env/public-env';

let auth: Auth | null = null;

/**
 * The Firebase Auth client, started on first use (only the identity pages and the lazily loaded
 * session watcher import this module, so other pages do not ship the SDK in their first load).
 *
 * initializeAuth rather than getAuth: getAuth adds the popup/redirect resolver, which on a phone
 * user agent preloads apis.google.com/js/api.js (a third-party script that fails offline). The
 * app only signs in with email and password, so it needs persistence and nothing else.
 */
export function clientAuth(): Auth {
  if (auth) return auth;
  const app = getApps()[0] ?? initializeApp(publicEnv.firebase);
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (publicEnv.authEmulatorHost) connectAuthEmulator(auth, `http://${publicEnv.authEmulatorHost}`, { disableWarnings: true });
  return auth;
}
