import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

export const PROJECT_ID = 'demo-codetrail';
const host = () => {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run integration tests with `npm run test:integration`.');
  return value;
};

export function testAdminAuth(): Auth {
  if (!getApps().length) initializeApp({ projectId: PROJECT_ID });
  return getAuth();
}

async function identityToolkit(path: string, body: unknown, attempt = 1): Promise<{ idToken: string; localId: string }> {
  // The emulator sometimes closes a kept-alive connection under load: one more try, then fail.
  let response: Response;
  try {
    response = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (attempt >= 2) throw error;
    return identityToolkit(path, body, attempt + 1);
  }
  if (!response.ok) throw new Error(`Emulator ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { idToken: string; localId: string };
}

let counter = 0;

/** A fresh emulator user and a real (emulator-signed) ID token, with optional roles. */
export async function emulatorUser(options: { displayName?: string; roles?: string[] } = {}) {
  counter += 1;
  const email = `it-${Date.now().toString(36)}-${counter}@example.com`;
  const password = 'integration-secret';
  const created = await identityToolkit('accounts:signUp', { email, password, displayName: options.displayName, returnSecureToken: true });
  if (options.displayName) await testAdminAuth().updateUser(created.localId, { displayName: options.displayName });
  if (options.roles) await testAdminAuth().setCustomUserClaims(created.localId, { roles: options.roles });
  // Sign in again so the token carries the name and claims.
  const signedIn = await identityToolkit('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: created.localId, email, password, idToken: signedIn.idToken };
}

/** Signs an existing emulator user in again: a new ID token with a new auth_time. */
export async function emulatorSignIn(email: string, password: string): Promise<string> {
  return (await identityToolkit('accounts:signInWithPassword', { email, password, returnSecureToken: true })).idToken;
}
