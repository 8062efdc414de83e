import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { AuthAction, useUser, withUser } from 'next-firebase-auth';
import { COURSE_ENGINEER, rolesFromClaims } from '@/domain/identity/roles';
import { sessionSync } from './session/session-store';

export interface AuthUser {
  id: string | null;
  email: string | null;
  displayName: string | null;
  roles: string[];
  isCourseEngineer: boolean;
  /** The client SDK has reported whether someone is signed in. */
  clientInitialized: boolean;
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>;
  /** Signs out of Firebase and clears the server session; rejects if the session could not be cleared. */
  signOut: () => Promise<void>;
}

const AuthUserContext = createContext<AuthUser | null>(null);

/** The signed-in user (or the anonymous user). Throws outside <AuthUserProvider>. */
export function useAuthUser(): AuthUser {
  const user = useContext(AuthUserContext);
  if (!user) {
    throw new Error('useAuthUser() was called outside <AuthUserProvider>. Render the page through pages/_app.tsx, which mounts it.');
  }
  return user;
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

function AuthUserBridge({ children }: { children: ReactNode }) {
  const user = useUser();
  const { id, email, displayName, claims, clientInitialized, getIdToken } = user;
  const firebaseSignOut = user.signOut;
  const signOut = useCallback(async () => {
    sessionSync.beginSignOut();
    if (id) {
      const done = waitForSignedOut();
      await firebaseSignOut();
      await done;
    } else {
      // Already signed out of Firebase (an earlier attempt failed half-way): clear the server session directly.
      await sessionSync.handleTokenChange({ id: null, getIdToken: async () => null });
    }
    const { status, error } = sessionSync.getState();
    if (status === 'error') throw error ?? new Error('Signing out did not finish.');
  }, [firebaseSignOut, id]);
  const value = useMemo<AuthUser>(() => {
    const roles = rolesFromClaims(claims);
    return {
      id,
      email,
      displayName,
      roles,
      isCourseEngineer: roles.includes(COURSE_ENGINEER),
      clientInitialized,
      getIdToken,
      signOut,
    };
  }, [id, email, displayName, claims, clientInitialized, getIdToken, signOut]);
  return <AuthUserContext.Provider value={value}>{children}</AuthUserContext.Provider>;
}

/**
 * Mounted once in _app: follows the Firebase client SDK for every page, starting from the
 * user the server rendered with (pageProps.userSerialized), and provides useAuthUser().
 */
export const AuthUserProvider = withUser<{ children: ReactNode }>({
  whenAuthed: AuthAction.RENDER,
  whenUnauthedBeforeInit: AuthAction.RENDER,
  whenUnauthedAfterInit: AuthAction.RENDER,
})(AuthUserBridge);

/** For tests and stories: provide a fixed user without Firebase. */
export const AuthUserTestProvider = AuthUserContext.Provider;
