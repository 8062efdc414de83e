import { getApps, initializeApp, cert, applicationDefault } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/** firebase-admin for command-line tools: the emulator for demo projects, credentials otherwise. */
export function cliAdminAuth(projectId: string): Auth {
  if (!getApps().length) {
    if (projectId.startsWith('demo-')) {
      process.env.FIREBASE_AUTH_EMULATOR_HOST ||= process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
      initializeApp({ projectId });
    } else {
      const clientEmail = process.env.FIREBASE_CLIENT_EMAIL;
      const privateKey = process.env.FIREBASE_PRIVATE_KEY?.replace(/\\n/g, '\n');
      initializeApp({
        projectId,
        credential: clientEmail && privateKey ? cert({ projectId, clientEmail, privateKey }) : applicationDefault(),
      });
    }
  }
  return getAuth();
}

export function firebaseProjectId(): string {
  return process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-codetrail';
}

/** Adds a role to the user's `roles` custom claim; the next token refresh carries it. */
export async function grantRole(auth: Auth, email: string, role: string): Promise<{ uid: string; roles: string[] }> {
  const user = await auth.getUserByEmail(email);
  const current = Array.isArray(user.customClaims?.roles) ? (user.customClaims.roles as unknown[]).filter((r): r is string => typeof r === 'string') : [];
  const roles = current.includes(role) ? current : [...current, role];
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, roles });
  return { uid: user.uid, roles };
}

export interface DemoAccount {
  email: string;
  password: string;
  displayName: string;
  roles: string[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'learner@codetrail.local', password: 'learn-to-code', displayName: 'Demo Learner', roles: [] },
  { email: 'engineer@codetrail.local', password: 'build-courses', displayName: 'Demo Course Engineer', roles: ['course_engineer'] },
];

export async function ensureDemoAccounts(auth: Auth): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    let uid: string;
    try {
      uid = (await auth.getUserByEmail(account.email)).uid;
      await auth.updateUser(uid, { password: account.password, displayName: account.displayName });
    } catch {
      uid = (await auth.createUser({ email: account.email, password: account.password, displayName: account.displayName, emailVerified: true })).uid;
    }
    await auth.setCustomUserClaims(uid, account.roles.length > 0 ? { roles: account.roles } : null);
  }
}
