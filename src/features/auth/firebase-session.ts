import { onIdTokenChanged, signOut, type User } from 'firebase/auth';
import { clientAuth } from './firebase-client';

export interface FirebaseUserSnapshot {
  id: string;
  email: string | null;
  displayName: string | null;
  claims: Record<string, unknown>;
}

/** Follows the signed-in Firebase user (loaded lazily by the auth user provider). */
export function watchFirebaseUser(onChange: (snapshot: FirebaseUserSnapshot | null, user: User | null) => Promise<void>): () => void {
  return onIdTokenChanged(clientAuth(), async (user) => {
    const claims = user ? (await user.getIdTokenResult()).claims : {};
    await onChange(user ? { id: user.uid, email: user.email, displayName: user.displayName, claims } : null, user);
  });
}

export function signOutOfFirebase(): Promise<void> {
  return signOut(clientAuth());
}
