import { timingSafeEqual } from 'node:crypto';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { rolesFromClaims } from '@/domain/identity/roles';
import { serverEnv, type ServerEnv } from '@/server/config/server-env';
import { adminAuth } from './firebase-admin';

/** Who is calling the API, as proven by the bearer token. */
export interface Identity {
  uid: string;
  email: string | null;
  displayName: string | null;
  roles: string[];
  impersonated: boolean;
  /** When the user signed in (the token's auth_time, in seconds); null for impersonation. */
  authTime: number | null;
}

export class AuthenticationError extends Error {
  override name = 'AuthenticationError';
}

export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? null;
}

export function identityFromToken(decoded: DecodedIdToken): Identity {
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    displayName: typeof decoded.name === 'string' ? decoded.name : null,
    roles: rolesFromClaims(decoded),
    impersonated: false,
    authTime: typeof decoded.auth_time === 'number' ? decoded.auth_time : null,
  };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface AuthenticatorDependencies {
  impersonation: ServerEnv['impersonation'];
  verifyIdToken: (token: string) => Promise<DecodedIdToken>;
}

/** Verifies `Authorization: Bearer <ID token>` (or the configured impersonation token). */
export function createAuthenticator(deps: AuthenticatorDependencies) {
  return async function authenticateWith(authorization: string | string[] | undefined): Promise<Identity> {
    const token = bearerToken(authorization);
    if (!token) throw new AuthenticationError('Sign in first: this call needs an Authorization: Bearer <ID token> header.');

    const impersonation = deps.impersonation;
    if (impersonation && sameSecret(token, impersonation.token)) {
      return { uid: impersonation.uid, email: impersonation.email, displayName: null, roles: impersonation.roles, impersonated: true, authTime: null };
    }

    try {
      return identityFromToken(await deps.verifyIdToken(token));
    } catch {
      throw new AuthenticationError('Your session token is invalid or has expired. Sign in again.');
    }
  };
}

/** The app's authenticator: configured impersonation, tokens verified by firebase-admin. */
export function authenticate(authorization: string | string[] | undefined): Promise<Identity> {
  return createAuthenticator({ impersonation: serverEnv().impersonation, verifyIdToken: (token) => adminAuth().verifyIdToken(token) })(authorization);
}
