import { cert, getApps, initializeApp, applicationDefault, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { serverEnv } from '@/server/config/server-env';

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
    return initializeApp({ projectId: env.firebaseProjectId });
  }
  return initializeApp({
    projectId: env.firebaseProjectId,
    credential: env.firebaseServiceAccount
      ? cert({ projectId: env.firebaseProjectId, ...env.firebaseServiceAccount })
      : applicationDefault(),
  });
}

export function adminAuth(): Auth {
  return getAuth(firebaseAdminApp());
}
