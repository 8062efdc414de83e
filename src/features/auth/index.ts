/** The auth feature's public entry: what other features may use. */
export { useAuthUser, AuthUserProvider } from './auth-user';
export { useApiClient } from './use-api-client';
export { AuthGate } from './components/auth-gate';
export { SignedInShell } from './components/signed-in-shell';
