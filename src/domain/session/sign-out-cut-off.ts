/**
 * Whether a token or session issued at `issuedAtSeconds` (a Firebase token's `auth_time`, a login
 * token's issue time: whole seconds) may come from before a sign-out at `signedOutAt`. A time in
 * whole seconds cannot say whether it came before or after a sign-out within that same second, so
 * the sign-out's own second counts as before: only a later second is after it. (The cost: signing
 * in again within the second of signing out is refused once; the next try is a second later.)
 */
export function issuedBeforeSignOut(issuedAtSeconds: number, signedOutAt: Date): boolean {
  return issuedAtSeconds <= Math.floor(signedOutAt.getTime() / 1000);
}
