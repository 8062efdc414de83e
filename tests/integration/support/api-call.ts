import { createAuthenticator } from '@/server/auth/identity';
import { runRoutes, type ApiRequest, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';
import { testAdminAuth } from './emulator';

const authenticate = createAuthenticator({ impersonation: null, verifyIdToken: (token) => testAdminAuth().verifyIdToken(token) });

/** Calls routes as the API adapter would, with an emulator-signed token and the users table kept in sync. */
export function apiCaller(services: () => Services) {
  return (routes: Routes, token: string, request: Partial<ApiRequest> = {}) =>
    runRoutes(
      routes,
      { method: 'GET', query: {}, body: undefined, ...request, headers: { authorization: `Bearer ${token}` } },
      { authenticate, onAuthenticated: (identity) => services().users.syncFromIdentity(identity) },
    );
}
