import { eq } from 'drizzle-orm';
import { previewFallbackRoutes } from '@/server/api/v1/preview-routes';
import { userMeRoutes, userVisitsRoutes } from '@/server/api/v1/user-routes';
import { createAuthenticator } from '@/server/auth/identity';
import { parseServerEnv } from '@/server/config/server-env';
import type { DatabaseHandle } from '@/server/db/client';
import { users, userVisits } from '@/server/db/schema';
import { z } from 'zod';
import { defineEndpoint, runRoutes, type ApiRequest, type EndpointDependencies, type Routes } from '@/server/http/endpoint';
import { createServices, type Services } from '@/server/services/services';
import { openTestDatabase } from './support/database';
import { emulatorUser, testAdminAuth } from './support/emulator';

let handle: DatabaseHandle;
let services: Services;

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
});

afterAll(async () => {
  await handle.close();
});

function deps(impersonationEnv: Record<string, string> = {}): EndpointDependencies {
  return {
    authenticate: createAuthenticator({
      impersonation: parseServerEnv(impersonationEnv).impersonation,
      verifyIdToken: (token) => testAdminAuth().verifyIdToken(token),
    }),
    onAuthenticated: (identity) => services.users.syncFromIdentity(identity),
  };
}

function call(routes: Routes, request: Partial<ApiRequest> & { token?: string }, dependencies = deps()) {
  const headers = { ...(request.headers ?? {}), ...(request.token ? { authorization: `Bearer ${request.token}` } : {}) };
  return runRoutes(routes, { method: 'GET', query: {}, body: undefined, ...request, headers }, dependencies);
}

describe(`API v1 on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('answers 401 without a token', async () => {
    const response = await call(userMeRoutes(services), {});
    expect(response).toEqual({ status: 401, body: { message: expect.stringMatching(/Authorization: Bearer/) }, headers: undefined });
  });

  it('answers 401 for a bad token', async () => {
    const response = await call(userMeRoutes(services), { token: 'not-a-real-token' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Your session token is invalid or has expired. Sign in again.' });
  });

  it('answers 200 for an emulator token and creates the user row', async () => {
    const user = await emulatorUser({ displayName: 'Ada Lovelace' });
    const response = await call(userMeRoutes(services), { token: user.idToken });
    expect(response).toMatchObject({ status: 200, body: { id: user.uid, email: user.email, displayName: 'Ada Lovelace', roles: [] } });
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.uid));
    expect(row).toMatchObject({ id: user.uid, email: user.email, displayName: 'Ada Lovelace', roles: [] });
  });

  it('carries the roles claim into /user/me and the users table', async () => {
    const engineer = await emulatorUser({ displayName: 'Grace', roles: ['course_engineer'] });
    const response = await call(userMeRoutes(services), { token: engineer.idToken });
    expect(response.body).toMatchObject({ roles: ['course_engineer'] });
    const [row] = await handle.db.select().from(users).where(eq(users.id, engineer.uid));
    expect(row?.roles).toEqual(['course_engineer']);
  });

  it('records a web visit and refuses other app names', async () => {
    const user = await emulatorUser();
    const created = await call(userVisitsRoutes(services), { method: 'POST', token: user.idToken, body: { appName: 'web' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ visitedAt: expect.any(String) });

    const refused = await call(userVisitsRoutes(services), { method: 'POST', token: user.idToken, body: { appName: 'ios' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: expect.stringMatching(/body\.appName/) });

    const missing = await call(userVisitsRoutes(services), { method: 'POST', token: user.idToken });
    expect(missing).toMatchObject({ status: 400, body: { message: 'This call needs a JSON body.' } });

    const visits = await handle.db.select().from(userVisits).where(eq(userVisits.userId, user.uid));
    expect(visits).toHaveLength(1);
    expect(visits[0]?.appName).toBe('web');
  });

  it('answers 405 with the allowed methods', async () => {
    const user = await emulatorUser();
    const response = await call(userMeRoutes(services), { method: 'DELETE', token: user.idToken });
    expect(response).toEqual({ status: 405, body: { message: 'Method DELETE is not allowed here. Use GET.' }, headers: { Allow: 'GET' } });
  });

  it('keeps preview calls for course engineers (403 for learners)', async () => {
    const learner = await emulatorUser();
    const engineer = await emulatorUser({ roles: ['course_engineer'] });
    const routes = previewFallbackRoutes('/api/v1/preview/tracks/x');
    expect(await call(routes, { method: 'POST', token: learner.idToken })).toMatchObject({
      status: 403,
      body: { message: 'This call is for course engineers only.' },
    });
    expect(await call(routes, { method: 'POST', token: engineer.idToken })).toMatchObject({
      status: 404,
      body: { message: 'No preview endpoint at /api/v1/preview/tracks/x.' },
    });
  });

  describe('impersonation token', () => {
    const token = 'impersonate-me-please-0123456789';

    it('is refused when none is configured', async () => {
      expect((await call(userMeRoutes(services), { token })).status).toBe(401);
    });

    it('is honoured when configured (outside production)', async () => {
      const dependencies = deps({ NODE_ENV: 'test', API_IMPERSONATION_TOKEN: token, API_IMPERSONATION_UID: 'support-agent', API_IMPERSONATION_ROLES: 'course_engineer' });
      const response = await call(userMeRoutes(services), { token }, dependencies);
      expect(response).toMatchObject({ status: 200, body: { id: 'support-agent', roles: ['course_engineer'] } });
      const [row] = await handle.db.select().from(users).where(eq(users.id, 'support-agent'));
      expect(row?.roles).toEqual(['course_engineer']);
    });

    it('is never honoured in production without the opt-in', async () => {
      const dependencies = deps({ NODE_ENV: 'production', API_IMPERSONATION_TOKEN: token });
      expect((await call(userMeRoutes(services), { token }, dependencies)).status).toBe(401);
      const optedIn = deps({ NODE_ENV: 'production', API_IMPERSONATION_TOKEN: token, ALLOW_IMPERSONATION_IN_PRODUCTION: 'true' });
      expect((await call(userMeRoutes(services), { token }, optedIn)).status).toBe(200);
    });

    it('does not accept a token that only shares a prefix', async () => {
      const dependencies = deps({ NODE_ENV: 'test', API_IMPERSONATION_TOKEN: token });
      expect((await call(userMeRoutes(services), { token: `${token}x` }, dependencies)).status).toBe(401);
    });
  });

  describe('public endpoints', () => {
    const seen: unknown[] = [];
    const routes: Routes = {
      GET: defineEndpoint<{ id: string }>({
        access: 'public',
        query: z.object({ id: z.string().max(5) }),
        handle: async (context) => {
          seen.push(context);
          return { body: { id: context.query.id } };
        },
      }),
      POST: defineEndpoint<Record<string, never>, { note?: string } | undefined>({
        access: 'user',
        body: z.object({ note: z.string() }).strict().optional(),
        handle: async ({ body }) => ({ body: { note: body?.note ?? null } }),
      }),
    };
    const counted: string[] = [];
    const watching = (): EndpointDependencies => ({
      ...deps(),
      authenticate: async (authorization) => {
        counted.push(`authenticate ${String(authorization)}`);
        return deps().authenticate(authorization);
      },
      onPublicCaller: async () => {
        counted.push('public caller');
      },
    });

    beforeEach(() => {
      seen.length = 0;
      counted.length = 0;
    });

    it('answer without a token, never look at one, and give the handler no identity', async () => {
      const user = await emulatorUser();
      for (const token of [undefined, 'not-a-real-token', user.idToken]) {
        expect(await call(routes, { query: { id: 'abc' }, token }, watching())).toEqual({ status: 200, body: { id: 'abc' }, headers: undefined });
      }
      expect(counted).toEqual(['public caller', 'public caller', 'public caller']);
      expect(seen).toEqual([{ query: { id: 'abc' }, body: undefined }, { query: { id: 'abc' }, body: undefined }, { query: { id: 'abc' }, body: undefined }]);
    });

    it('still validate their input', async () => {
      expect(await call(routes, { query: { id: 'far-too-long' } }, watching())).toMatchObject({ status: 400, body: { message: expect.stringMatching(/query\.id/) } });
      expect(await call(routes, { query: { id: 'a\u0000' } }, watching())).toMatchObject({ status: 400 });
      expect(seen).toEqual([]);
    });

    it('leave the other endpoints of the same path signed-in only; an optional body may be left out', async () => {
      expect((await call(routes, { method: 'POST', body: {} }, watching())).status).toBe(401);
      expect(counted).toEqual(['authenticate undefined']);
      const user = await emulatorUser();
      expect(await call(routes, { method: 'POST', token: user.idToken }, watching())).toMatchObject({ status: 200, body: { note: null } });
      expect(await call(routes, { method: 'POST', token: user.idToken, body: { note: 'hi' } }, watching())).toMatchObject({ status: 200, body: { note: 'hi' } });
      expect(await call(routes, { method: 'POST', token: user.idToken, body: { other: 1 } }, watching())).toMatchObject({ status: 422 });
    });
  });

  it('hides internal errors behind a 500 with a human message', async () => {
    const user = await emulatorUser();
    const failing: Routes = {
      GET: {
        access: 'user',
        handle: async () => {
          throw new Error('database exploded at line 42');
        },
      },
    };
    const logged: unknown[] = [];
    const response = await call(failing, { token: user.idToken }, { ...deps(), logError: (error) => logged.push(error) });
    expect(response).toEqual({ status: 500, body: { message: 'Something went wrong on our side. Please try again in a moment.' }, headers: undefined });
    expect(JSON.stringify(response.body)).not.toMatch(/exploded|line 42/);
    expect(logged).toHaveLength(1);
  });
});
