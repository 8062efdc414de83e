import dynamic from 'next/dynamic';

/** The auth feature's public entry: what other features may use. */
export { useAuthUser, AuthUserProvider } from './auth-user';
export { useApiClient } from './use-api-client';
export { AuthGate } from './components/auth-gate';
export { SignedInShell } from './components/signed-in-shell';

/**
 * Sign up or sign in on one page, then on to a given destination (/web2app/signup). Its own chunk:
 * it carries the Firebase forms, which every other page that imports this entry must not load.
 */
export const LazySignUpOrIn = dynamic(() => import('./components/sign-up-or-in').then((module) => module.SignUpOrIn));
export type { SignUpOrInProps } from './components/sign-up-or-in';
