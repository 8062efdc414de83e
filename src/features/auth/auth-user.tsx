import { useCallback, useMemo, type ReactNode } from 'react';
import { AuthAction, useUser, withUser } from 'next-firebase-auth';
import { COURSE_ENGINEER, rolesFromClaims } from '@/domain/identity/roles';
import { AuthUserContext, type AuthUser } from './auth-user-context';
import { sessionSync } from './session/session-store';

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

export { useAuthUser, type AuthUser } from './auth-user-context';
