import { createContext, useContext } from 'react';

export interface AuthUser {
  id: string | null;
  email: string | null;
  displayName: string | null;
  roles: string[];
  isCourseEngineer: boolean;
  /** The client SDK has reported whether someone is signed in. */
  clientInitialized: boolean;
  /** Starts the Firebase client now if it has not started (pages whose auth state waits for it). */
  needClient: () => void;
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>;
  /** Signs out of Firebase and clears the server session; rejects if the session could not be cleared. */
  signOut: () => Promise<void>;
}

export const AuthUserContext = createContext<AuthUser | null>(null);

/** The signed-in user (or the anonymous user). Throws outside <AuthUserProvider>. */
export function useAuthUser(): AuthUser {
  const user = useContext(AuthUserContext);
  if (!user) {
    throw new Error('useAuthUser() was called outside <AuthUserProvider>. Render the page through pages/_app.tsx, which mounts it.');
  }
  return user;
}

/** For tests and stories: provide a fixed user without Firebase. */
export const AuthUserTestProvider = AuthUserContext.Provider;
