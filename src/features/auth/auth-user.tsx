import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { COURSE_ENGINEER, rolesFromClaims } from '@/domain/identity/roles';
import { AuthUserContext, type AuthUser } from './auth-user-context';
import type { FirebaseUserSnapshot } from './firebase-session';
import { sessionSync } from './session/session-store';
import { whenIdle } from '@/lib/when-idle';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The user the server rendered with (next-firebase-auth's withUserTokenSSR), including its ID
 * token. Checked by hand rather than with zod to keep the validator out of every page's first load.
 */
export function parseSerializedUser(serialized: string | undefined): (FirebaseUserSnapshot & { token: string | null }) | null {
  if (!serialized) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(serialized);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const data = raw as Record<string, unknown>;
  const id = text(data.id);
  if (!id) return null;
  const claims = typeof data.claims === 'object' && data.claims !== null && !Array.isArray(data.claims) ? (data.claims as Record<string, unknown>) : {};
  return { id, email: text(data.email), displayName: text(data.displayName), claims, token: text(data._token) };
}

function waitForSignedOut(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const { status } = sessionSync.getState();
      if (status === 'signed-out' || status === 'error') {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = sessionSync.subscribe(check);
    check();
  });
}

/**
 * Mounted once in _app. Starts from the user the server rendered with, then loads the Firebase
 * client in the background once the page is idle (its own chunk, outside every page's first
 * load), follows the signed-in user and keeps the session cookie in step (spec §7). Provides
 * useAuthUser().
 */
export function AuthUserProvider({ userSerialized, children }: { userSerialized?: string; children: ReactNode }) {
  const fromServer = useMemo(() => parseSerializedUser(userSerialized), [userSerialized]);
  const [state, setState] = useState<{ user: FirebaseUserSnapshot | null; initialized: boolean }>({ user: fromServer, initialized: false });
  const firebaseUser = useRef<User | null>(null);
  const serverToken = useRef<string | null>(fromServer?.token ?? null);
  serverToken.current = fromServer?.token ?? serverToken.current;

  useEffect(() => {
    let stop = () => undefined as void;
    let cancelled = false;
    // Once the page is idle: Firebase (~80 KB) never competes with the page's first paint or hydration.
    const cancelIdle = whenIdle(() => {
      void import('./firebase-session').then(({ watchFirebaseUser }) => {
        if (cancelled) return;
        stop = watchFirebaseUser(async (snapshot, user) => {
          firebaseUser.current = user;
          if (!user) serverToken.current = null;
          setState({ user: snapshot, initialized: true });
          await sessionSync.handleTokenChange({ id: snapshot?.id ?? null, getIdToken: () => (user ? user.getIdToken() : Promise.resolve(null)) });
        });
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop();
    };
  }, []);

  const getIdToken = useCallback(async (forceRefresh?: boolean) => {
    if (firebaseUser.current) return firebaseUser.current.getIdToken(forceRefresh);
    return serverToken.current;
  }, []);

  const id = state.user?.id ?? null;
  const signOut = useCallback(async () => {
    sessionSync.beginSignOut();
    if (id && firebaseUser.current) {
      const done = waitForSignedOut();
      const { signOutOfFirebase } = await import('./firebase-session');
      await signOutOfFirebase();
      await done;
    } else {
      // Firebase not followed yet (it starts when the page is idle) or not signed in there (or an
      // earlier attempt failed half-way): make sure the browser's Firebase user is gone too, so it
      // cannot bring the session back, then clear the server session directly.
      if (id) await import('./firebase-session').then(({ signOutOfFirebase }) => signOutOfFirebase()).catch(() => undefined);
      await sessionSync.handleTokenChange({ id: null, getIdToken: async () => null });
    }
    const { status, error } = sessionSync.getState();
    if (status === 'error') throw error ?? new Error('Signing out did not finish.');
  }, [id]);

  const value = useMemo<AuthUser>(() => {
    const roles = rolesFromClaims(state.user?.claims ?? {});
    return {
      id,
      email: state.user?.email ?? null,
      displayName: state.user?.displayName ?? null,
      roles,
      isCourseEngineer: roles.includes(COURSE_ENGINEER),
      clientInitialized: state.initialized,
      getIdToken,
      signOut,
    };
  }, [id, state, getIdToken, signOut]);

  return <AuthUserContext.Provider value={value}>{children}</AuthUserContext.Provider>;
}

export { useAuthUser, type AuthUser } from './auth-user-context';
