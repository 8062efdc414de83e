import { getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { publicEnv } from '@/lib/env/public-env';

let auth: Auth | null = null;

/**
 * The Firebase Auth client, started on first use (only the identity pages and the lazily loaded
 * session watcher import this module, so other pages do not ship the SDK in their first load).
 */
export function clientAuth(): Auth {
  if (auth) return auth;
  const app = getApps()[0] ?? initializeApp(publicEnv.firebase);
  auth = getAuth(app);
  if (publicEnv.authEmulatorHost) connectAuthEmulator(auth, `http://${publicEnv.authEmulatorHost}`, { disableWarnings: true });
  return auth;
}
