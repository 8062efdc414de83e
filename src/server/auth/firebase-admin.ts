import { cert, getApps, initializeApp, applicationDefault, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { serverEnv } from '@/server/config/server-env';
import { createVerifiedTokenCache } from './verified-token-cache';

/**
 * Initialises firebase-admin ourselves: against the emulator with only a project id (no
 * credentials exist for `demo-*` projects), otherwise with a service account from the
 * environment or the platform's default credentials. next-firebase-auth then reuses this app.
 */
export function firebaseAdminApp(): App {
  const existing = getApps()[0];
  if (existing) return existing;
  const env = serverEnv();
  if (env.authEmulatorHost) {
    // firebase-admin and next-firebase-auth both read the emulator host from the environment.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = env.authEmulatorHost;
    return rememberVerifiedTokens(initializeApp({ projectId: env.firebaseProjectId }));
  }
  return rememberVerifiedTokens(
    initializeApp({
      projectId: env.firebaseProjectId,
      credential: env.firebaseServiceAccount ? cert({ projectId: env.firebaseProjectId, ...env.firebaseServiceAccount }) : applicationDefault(),
    }),
  );
}

/**
 * Every ID token check of this process (next-firebase-auth's page sessions and API v1's bearer
 * tokens both call this app's `verifyIdToken`) goes through the verified-token cache: one
 * verification per token (see verified-token-cache.ts). A check that asks for revocation goes
 * straight to Firebase.
 */
function rememberVerifiedTokens(app: App): App {
  const auth = getAuth(app);
  const verify = auth.verifyIdToken.bind(auth);
  const cache = createVerifiedTokenCache((token) => verify(token));
  auth.verifyIdToken = (token: string, checkRevoked?: boolean) => (checkRevoked ? verify(token, true) : cache.verify(token));
  return app;
}

export function adminAuth(): Auth {
  return getAuth(firebaseAdminApp());
}
