import { createAuthenticator } from '@/server/auth/identity';
import { runRoutes, type ApiRequest, type EndpointDependencies, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';
import { testAdminAuth } from './emulator';

/** Verifies emulator-signed ID tokens, as the app verifies real ones. */
export const testAuthenticate = createAuthenticator({ impersonation: null, verifyIdToken: (token) => testAdminAuth().verifyIdToken(token) });

/** Calls routes as the API adapter would, with an emulator-signed token and the users table kept in sync. */
export function apiCaller(services: () => Services, options: Pick<EndpointDependencies, 'logError'> = {}) {
  return (routes: Routes, token: string, request: Partial<ApiRequest> = {}) =>
    runRoutes(
      routes,
      { method: 'GET', query: {}, body: undefined, ...request, headers: { authorization: `Bearer ${token}` } },
      { authenticate: testAuthenticate, onAuthenticated: (identity) => services().users.syncFromIdentity(identity), logError: options.logError },
    );
}
