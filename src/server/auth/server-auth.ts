import type { GetServerSidePropsContext } from 'next';
import { getUserFromCookies, init } from 'next-firebase-auth';
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

/** The server configuration next-firebase-auth was last given, to give it once per configuration. */
let configuredFor: ReturnType<typeof serverEnv> | null = null;

/**
 * Configures next-firebase-auth for server work (cookie signing keys, admin app). Called at the
 * start of every server entry point that reads or writes the session; it configures once per
 * server configuration (`serverEnv()` is parsed once per process), since next-firebase-auth's
 * `init` validates and copies the whole configuration each time (about 0.4 % of a signed-in page).
 */
export function ensureServerAuth(): void {
  const env = serverEnv();
  if (configuredFor === env) return;
  firebaseAdminApp();
  const cookies = buildSessionCookieConfig({ keys: env.cookieKeys, secure: env.secureCookies, maxAgeMs: env.sessionCookieMaxAgeMs });
  // The cookies package takes Keygrip's interface in place of the key list (src/server/auth/remembering-keygrip.ts).
  init(authConfig({ cookies: { ...cookies, keys: keygripFor(cookies.keys) } }));
  configuredFor = env;
}

/** The signed-in user a page's session cookies name, as the page guard uses it. */
export interface CookieUser {
  id: string;
  email: string | null;
  displayName: string | null;
  claims: Record<string, string | boolean>;
}

/** What reading the session cookies gives a page: the user (or none) and the serialized user for its props. */
export interface CookieSession {
  user: CookieUser | null;
  /** next-firebase-auth's `serialize()`, which pages hand to the browser as `userSerialized`. */
  serialized: string;
}

/**
 * The user a page's signed session cookies name: next-firebase-auth's `getUserFromCookies` with
 * the token, which is what its `withUserTokenSSR` reads (tests/integration/page-session-cookies.test.ts).
 */
export async function cookieSession(req: GetServerSidePropsContext['req']): Promise<CookieSession> {
  ensureServerAuth();
  const authUser = await getUserFromCookies({ req, includeToken: true });
  return {
    user: authUser.id ? { id: authUser.id, email: authUser.email, displayName: authUser.displayName, claims: authUser.claims } : null,
    serialized: authUser.serialize(),
  };
}

let signedOut: Promise<string> | null = null;

/** next-firebase-auth's serialized user for a request with no session cookies (a visitor's `userSerialized`). */
export function signedOutSerialized(): Promise<string> {
  ensureServerAuth();
  signedOut ??= getUserFromCookies({ req: { headers: {} } as GetServerSidePropsContext['req'], includeToken: true }).then(
    (user) => user.serialize(),
    (error: unknown) => {
      signedOut = null;
      throw error;
    },
  );
  return signedOut;
}
