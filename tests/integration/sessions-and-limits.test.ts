import { spawnSync } from 'node:child_process';
import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
import { userMeRoutes } from '@/server/api/v1/user-routes';
import { createAuthenticator } from '@/server/auth/identity';
import type { DatabaseHandle } from '@/server/db/client';
import { runRoutes, type Routes } from '@/server/http/endpoint';
import { onApiCaller } from '@/server/http/next-api-route';
import { createServices, type Services } from '@/server/services/services';
import { openTestDatabase } from './support/database';
import { emulatorSignIn, emulatorUser, testAdminAuth } from './support/emulator';

/**
 * Sessions that really end and rate limits that hold across processes (issue 10), against the
 * Auth emulator and the real database. The HTTP side (cookies, Origin checks) is in
 * tests/e2e/session-security.spec.ts.
 */

let handle: DatabaseHandle;
let services: Services;
const authenticate = createAuthenticator({ impersonation: null, verifyIdToken: (token) => testAdminAuth().verifyIdToken(token) });

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
});

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

/** Calls an API v1 route exactly as the app's adapter does (token, sign-out cut-off, rate limit). */
const callAs = (using: Services, routes: Routes, token: string) =>
  runRoutes(routes, { method: 'GET', query: {}, body: undefined, headers: { authorization: `Bearer ${token}` } }, { authenticate, onAuthenticated: onApiCaller(using) });

describe('server-side sessions', () => {
  it('a session is active for its own user only, and ends at sign-out on every device', async () => {
    const laptop = await services.sessions.start('user-a', 60_000);
    const phone = await services.sessions.start('user-a', 60_000);
    const someoneElse = await services.sessions.start('user-b', 60_000);
    expect(await services.sessions.isActive(laptop, 'user-a')).toBe(true);
    expect(await services.sessions.isActive(laptop, 'user-b')).toBe(false);
    expect(await services.sessions.isActive(undefined, 'user-a')).toBe(false);
    expect(await services.sessions.isActive('forged-session-id', 'user-a')).toBe(false);
    expect(await services.sessions.userOf(phone)).toBe('user-a');

    await services.sessions.endAllFor('user-a');
    expect(await services.sessions.isActive(laptop, 'user-a')).toBe(false);
    expect(await services.sessions.isActive(phone, 'user-a')).toBe(false);
    expect(await services.sessions.isActive(someoneElse, 'user-b')).toBe(true);
  });

  it('an expired session is not active', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const clocked = createServices(handle.db, { now: () => now });
    const id = await clocked.sessions.start('user-c', 60_000);
    expect(await clocked.sessions.isActive(id, 'user-c')).toBe(true);
    now = new Date('2026-11-23T10:01:01Z');
    expect(await clocked.sessions.isActive(id, 'user-c')).toBe(false);
  });

  it('only a hash of the session id is stored', async () => {
    const id = await services.sessions.start('user-d', 60_000);
    const rows = await handle.db.query.sessions.findMany();
    expect(rows.some((row) => row.idHash === id)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.idHash))).toBe(true);
  });

  it('API v1 refuses a bearer token from before the sign-out and accepts the next sign-in', async () => {
    const learner = await emulatorUser();
    expect((await callAs(services, userMeRoutes(services), learner.idToken)).status).toBe(200);

    await services.sessions.endAllFor(learner.uid);
    const stale = await callAs(services, userMeRoutes(services), learner.idToken);
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ message: 'You signed out since this token was issued. Sign in again.' });

    // Another app process learns of the sign-out from the database (after its short cache).
    const otherProcess = createServices(handle.db);
    expect((await callAs(otherProcess, userMeRoutes(otherProcess), learner.idToken)).status).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, 1100)); // a sign-in in a later second than the sign-out's
    const fresh = await emulatorSignIn(learner.email, learner.password);
    expect((await callAs(services, userMeRoutes(services), fresh)).status).toBe(200);
    await otherProcess.checks.close();
  });
});

describe('the sign-out’s own second', () => {
  /** Services whose clock reads `at` when the learner signs out. */
  async function signedOutAt(uid: string, at: (authTimeSeconds: number) => number, token: string): Promise<Services> {
    const { auth_time: authTime } = await testAdminAuth().verifyIdToken(token);
    const clocked = createServices(handle.db, { now: () => new Date(at(authTime)) });
    await clocked.sessions.endAllFor(uid);
    return clocked;
  }

  it('API v1 refuses a bearer token issued in the second of the sign-out, even at its last millisecond', async () => {
    const learner = await emulatorUser();
    const clocked = await signedOutAt(learner.uid, (authTime) => authTime * 1000 + 999, learner.idToken);
    const refused = await callAs(clocked, userMeRoutes(clocked), learner.idToken);
    expect([refused.status, refused.body]).toEqual([401, { message: 'You signed out since this token was issued. Sign in again.' }]);
    // Another process reads the same cut-off from the database.
    const otherProcess = createServices(handle.db);
    expect((await callAs(otherProcess, userMeRoutes(otherProcess), learner.idToken)).status).toBe(401);
    await Promise.all([clocked.checks.close(), otherProcess.checks.close()]);
  });

  it('API v1 accepts a bearer token issued in the second after the sign-out', async () => {
    const learner = await emulatorUser();
    const clocked = await signedOutAt(learner.uid, (authTime) => authTime * 1000 - 1, learner.idToken);
    expect((await callAs(clocked, userMeRoutes(clocked), learner.idToken)).status).toBe(200);
    await clocked.checks.close();
  });

  it('a learner who never called the API is on record as signed out', async () => {
    const learner = await emulatorUser();
    await services.sessions.endAllFor(learner.uid); // no users row before this
    const otherProcess = createServices(handle.db);
    expect((await callAs(otherProcess, userMeRoutes(otherProcess), learner.idToken)).status).toBe(401);
    await otherProcess.checks.close();
  });
});

describe('rate limits', () => {
  const tight = { ...DEFAULT_RATE_LIMITS, api: { ...DEFAULT_RATE_LIMITS.api, limit: 3 }, tutor: { ...DEFAULT_RATE_LIMITS.tutor, limit: 2 } };

  it('API calls per learner: 429 with Retry-After past the limit, counted across app processes', async () => {
    const first = createServices(handle.db, { rateLimits: tight });
    const second = createServices(handle.db, { rateLimits: tight }); // another process: no shared memory
    const learner = await emulatorUser();
    const other = await emulatorUser();
    const statuses = [];
    for (const using of [first, second, first, second]) statuses.push((await callAs(using, userMeRoutes(using), learner.idToken)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await callAs(first, userMeRoutes(first), learner.idToken);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: DEFAULT_RATE_LIMITS.api.message });
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers?.['Retry-After'])).toBeLessThanOrEqual(60);
    // Another learner has their own count.
    expect((await callAs(first, userMeRoutes(first), other.idToken)).status).toBe(200);
    await Promise.all([first.checks.close(), second.checks.close()]);
  });

  it('the tutor per learner per day has its own counter', async () => {
    const limited = createServices(handle.db, { rateLimits: tight });
    await limited.rateLimits.hit('tutor', 'learner-t');
    await limited.rateLimits.hit('tutor', 'learner-t');
    await expect(limited.rateLimits.hit('tutor', 'learner-t')).rejects.toMatchObject({ name: 'RateLimitedError', message: DEFAULT_RATE_LIMITS.tutor.message });
    await expect(limited.rateLimits.hit('api', 'learner-t')).resolves.toBeUndefined();
    await limited.checks.close();
  });

  it('concurrent requests are all counted (one atomic upsert each)', async () => {
    const key = `burst-${Date.now()}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => services.rateLimits.hit('session-create', key)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(DEFAULT_RATE_LIMITS['session-create'].limit >= 20 ? 20 : DEFAULT_RATE_LIMITS['session-create'].limit);
  });
});

describe('the production configuration', () => {
  const cleanEnv = (env: Record<string, string | undefined>) => ({ PATH: process.env.PATH, HOME: process.env.HOME, ...env }) as unknown as NodeJS.ProcessEnv;
  const tsx = (code: string, env: Record<string, string | undefined>) =>
    spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });

  // An unsigned token as the emulator mints them ("alg": "none"), claiming to be any user.
  const forged = (uid: string, project: string) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: `https://securetoken.google.com/${project}`, aud: project, auth_time: now, user_id: uid, sub: uid, iat: now, exp: now + 3600, email: 'victim@example.com' })}.`;
  };

  it('refuses a forged unsigned token that local mode would accept', async () => {
    const victim = await emulatorUser();
    const verify = (token: string) =>
      `import('./src/server/auth/identity.ts').then((module) => (module.authenticate ?? module.default.authenticate)('Bearer ${token}')).then((identity) => console.log('ACCEPTED', identity.uid), (error) => console.log('REFUSED', error.name, error.message))`;
    // Local mode (the emulator, a demo- project) takes the forged token: the attack is real there,
    // which is why local mode listens on 127.0.0.1 only and production refuses demo- projects.
    const local = tsx(verify(forged(victim.uid, 'demo-codetrail')), { FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST });
    expect(local.stdout).toContain(`ACCEPTED ${victim.uid}`);
    const production = tsx(verify(forged(victim.uid, 'codetrail-prod')), {
      APP_ENV: 'production',
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'codetrail-prod',
      APP_ORIGIN: 'https://codetrail.example',
      PREVIEW_ORIGIN: 'https://p-{id}.codetrail-usercontent.example',
      INSTANCE_ORIGIN: 'https://machines.codetrail.example',
      INSTANCE_APP_SECRET: 'i'.repeat(40),
      COOKIE_SECRET_CURRENT: 'x'.repeat(40),
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      STRIPE_PRICE_MONTHLY: 'price_monthly',
      STRIPE_PRICE_YEARLY: 'price_yearly',
    });
    expect(production.stdout).toContain('REFUSED AuthenticationError');
    expect(production.stdout).not.toContain('ACCEPTED');
  });

  it('refuses to start with a demo- project or the built-in cookie key', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: cleanEnv({ APP_ENV: 'production', NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-codetrail', APP_ORIGIN: 'https://codetrail.example' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).not.toBe(0);
    expect(started.stderr + started.stdout).toMatch(/APP_ENV=production refuses to start: .*demo- projects accept unsigned sign-in tokens.*built-in local key/);
  });
});
