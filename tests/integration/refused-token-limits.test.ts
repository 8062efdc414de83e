import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import { DEFAULT_RATE_LIMITS, type RateLimitKind, type RateLimitRule } from '@/domain/rate-limits/rate-limit-rules';
import { userMeRoutes } from '@/server/api/v1/user-routes';
import { loginHandler } from '@/server/auth/session-endpoints';
import type { DatabaseHandle } from '@/server/db/client';
import { nextApiRoute } from '@/server/http/next-api-route';
import { createServices, type Services } from '@/server/services/services';
import { testAuthenticate } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser, PROJECT_ID, testAdminAuth } from './support/emulator';

/**
 * The audit's attacks on the rate limits of tokens, against the Auth emulator and the real
 * database, through the app's own /api/login handler and API v1 adapter:
 * - one client behind a school's NAT sends bad tokens; a classmate's valid sign-in from the same
 *   address still succeeds, and the bad tokens are refused 429 once past their own counter;
 * - invalid bearer tokens on API v1 are counted the same way; valid ones are never slowed.
 * Counting rules: src/domain/rate-limits/token-failure-counters.ts.
 */

let handle: DatabaseHandle;
const opened: Services[] = [];

/** Services over the test database with these limits; the login handler finds them through getServices(). */
function servicesWith(rateLimits: Record<RateLimitKind, RateLimitRule> = DEFAULT_RATE_LIMITS, now?: () => Date): Services {
  const services = createServices(handle.db, { rateLimits, ...(now ? { now } : {}) });
  opened.push(services);
  const slot = (globalThis as { __codetrailServices?: { current?: Promise<Services> } }).__codetrailServices;
  if (!slot) throw new Error('services.ts no longer keeps its services in globalThis.__codetrailServices');
  slot.current = Promise.resolve(services);
  return services;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  servicesWith(); // makes the global slot
  // Each refused sign-in is logged as a warning: hundreds of them here say nothing.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterAll(async () => {
  await Promise.all(opened.map((services) => services.checks.close()));
  await handle.close();
});

let addressCounter = 0;
/** A fresh address per test (TEST-NET-3), so tests never share counters. */
const freshAddress = () => `203.0.113.${(addressCounter += 1)}`;

/** A request from `address`, as Node hands it to Next (its body already ended). */
function requestFrom(address: string, headers: Record<string, string>, method = 'POST', url = '/api/login'): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: address });
  const req = new IncomingMessage(socket);
  Object.assign(req, { method, url, query: {} });
  Object.assign(req.headers, headers);
  req.push(null);
  return req;
}

interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | undefined;
}

/** A response for `req` that keeps what the handler answered, as Next's helpers would send it. */
function recordingResponse(req: IncomingMessage): { res: ServerResponse; answer: () => Answer } {
  const res = new ServerResponse(req);
  const recorded = { status: 0, body: undefined as unknown };
  const keep = (body: unknown) => {
    recorded.body = body;
    return res;
  };
  Object.assign(res, {
    status(code: number) {
      recorded.status = code;
      return res;
    },
    json: keep,
    send: keep,
  });
  return {
    res,
    answer: () => {
      const retryAfter = res.getHeader('Retry-After');
      return { ...recorded, retryAfter: retryAfter === undefined ? undefined : String(retryAfter) };
    },
  };
}

/** POST /api/login from `address` with this Authorization header (none when undefined). */
async function signIn(address: string, authorization: string | undefined): Promise<Answer> {
  const req = requestFrom(address, authorization === undefined ? {} : { authorization });
  const { res, answer } = recordingResponse(req);
  await loginHandler(req as NextApiRequest, res as unknown as NextApiResponse);
  return answer();
}

/** GET /api/v1/user/me from `address` through the app's API adapter. */
async function callApi(services: Services, address: string, authorization: string): Promise<Answer> {
  const req = requestFrom(address, { authorization }, 'GET', '/api/v1/user/me');
  const { res, answer } = recordingResponse(req);
  await nextApiRoute((using) => userMeRoutes(using), { getServices: async () => services, authenticate: testAuthenticate })(req as unknown as NextApiRequest, res as unknown as NextApiResponse);
  return answer();
}

/**
 * An expired ID token claiming `uid`, shaped as the emulator mints them (unsigned): firebase-admin
 * refuses it for its expiry, and its subject is readable without trusting it.
 */
function expiredToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issued = Math.floor(Date.now() / 1000) - 7200;
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, auth_time: issued, user_id: uid, sub: uid, iat: issued, exp: issued + 3600 })}.`;
}

const SIGN_IN_LIMITED = 'Too many sign-in attempts from this network. Wait a few minutes and try again.';
const API_LIMITED = DEFAULT_RATE_LIMITS.api.message;

async function statusesOf(count: number, send: (attempt: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) answers.push(await send(attempt));
  return answers;
}

const expectLimited = (answer: Answer | undefined, message: string, windowSeconds: number) => {
  expect(answer?.status).toBe(429);
  expect(answer?.body).toEqual({ message });
  expect(Number(answer?.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(answer?.retryAfter)).toBeLessThanOrEqual(windowSeconds);
};

describe('sign-in behind a school NAT', () => {
  it('100 expired tokens from one address: 429 past their account’s limit, and a classmate’s valid sign-in from that address succeeds', async () => {
    servicesWith();
    const nat = freshAddress();
    const attacker = await emulatorUser();
    const classmate = await emulatorUser();
    const answers = await statusesOf(100, () => signIn(nat, `Bearer ${expiredToken(attacker.uid)}`));
    const limit = DEFAULT_RATE_LIMITS['sign-in-failure'].limit;
    expect(answers.slice(0, limit).map((answer) => answer.status)).toEqual(Array(limit).fill(401));
    expect(answers[0]?.body).toEqual({ message: 'That sign-in token is not valid. Sign in again.' });
    expect(new Set(answers.slice(limit).map((answer) => answer.status))).toEqual(new Set([429]));
    expectLimited(answers[99], SIGN_IN_LIMITED, DEFAULT_RATE_LIMITS['sign-in-failure'].windowSeconds);

    const valid = await signIn(nat, `Bearer ${classmate.idToken}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ status: true });
    // So does the attacker's own valid sign-in: a valid token is never refused for its account's failures.
    expect((await signIn(nat, `Bearer ${attacker.idToken}`)).status).toBe(200);
  });

  it('bad tokens claiming a classmate’s account do not lock that classmate out', async () => {
    servicesWith();
    const nat = freshAddress();
    const victim = await emulatorUser();
    const answers = await statusesOf(100, () => signIn(nat, `Bearer ${expiredToken(victim.uid)}`));
    expect(answers.at(-1)?.status).toBe(429);
    expect((await signIn(nat, `Bearer ${victim.idToken}`)).status).toBe(200);
    expect((await signIn(freshAddress(), `Bearer ${victim.idToken}`)).status).toBe(200);
  });

  it('tokens that name no one are counted per address, at a limit 30 learners never meet; a valid sign-in still succeeds past it', async () => {
    servicesWith();
    const nat = freshAddress();
    const limit = DEFAULT_RATE_LIMITS['sign-in-unnamed'].limit;
    const answers = await statusesOf(limit + 1, (attempt) => signIn(nat, attempt % 3 === 0 ? undefined : `Bearer garbage-${attempt}`));
    expect(answers.slice(0, limit).every((answer) => answer.status === 400 || answer.status === 401)).toBe(true);
    expectLimited(answers[limit], SIGN_IN_LIMITED, DEFAULT_RATE_LIMITS['sign-in-unnamed'].windowSeconds);
    // Thirty learners of that school sign in meanwhile.
    const learners = await Promise.all(Array.from({ length: 30 }, () => emulatorUser()));
    const signIns = await Promise.all(learners.map((learner) => signIn(nat, `Bearer ${learner.idToken}`)));
    expect(signIns.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    // Another address is not affected.
    expect((await signIn(freshAddress(), 'Bearer garbage')).status).toBe(401);
  });

  it('an attacker making up a new account for every token is stopped by the address counter, and valid sign-ins still go through', async () => {
    const network = 20;
    servicesWith({ ...DEFAULT_RATE_LIMITS, 'sign-in-failure-network': { ...DEFAULT_RATE_LIMITS['sign-in-failure-network'], limit: network } });
    const nat = freshAddress();
    const answers = await statusesOf(network + 1, (attempt) => signIn(nat, `Bearer ${expiredToken(`made-up-${nat}-${attempt}`)}`));
    expect(answers.slice(0, network).map((answer) => answer.status)).toEqual(Array(network).fill(401));
    expectLimited(answers[network], SIGN_IN_LIMITED, 600);
    const classmate = await emulatorUser();
    expect((await signIn(nat, `Bearer ${classmate.idToken}`)).status).toBe(200);
  });

  it('new sessions are counted per learner: one learner’s many sign-ins do not hold back a classmate', async () => {
    servicesWith({ ...DEFAULT_RATE_LIMITS, 'session-create': { ...DEFAULT_RATE_LIMITS['session-create'], limit: 2 } });
    const nat = freshAddress();
    const busy = await emulatorUser();
    const classmate = await emulatorUser();
    const answers = await statusesOf(3, () => signIn(nat, `Bearer ${busy.idToken}`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expectLimited(answers[2], SIGN_IN_LIMITED, 600);
    expect((await signIn(nat, `Bearer ${classmate.idToken}`)).status).toBe(200);
  });
});

describe('invalid bearer tokens on API v1', () => {
  it('expired tokens are limited per claimed account with 429 and Retry-After; that account’s valid token is never slowed', async () => {
    const services = servicesWith();
    const address = freshAddress();
    const learner = await emulatorUser();
    const limit = DEFAULT_RATE_LIMITS['bearer-failure'].limit;
    const answers = await statusesOf(limit + 1, () => callApi(services, address, `Bearer ${expiredToken(learner.uid)}`));
    expect(answers.slice(0, limit).map((answer) => answer.status)).toEqual(Array(limit).fill(401));
    expect(answers[0]?.body).toEqual({ message: 'Your session token is invalid or has expired. Sign in again.' });
    expectLimited(answers[limit], API_LIMITED, DEFAULT_RATE_LIMITS['bearer-failure'].windowSeconds);

    const valid = await callApi(services, address, `Bearer ${learner.idToken}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ id: learner.uid });
  });

  it('tokens that name no one (garbage, a guessed impersonation secret) are limited per address; a valid token from there is not', async () => {
    const services = servicesWith();
    const address = freshAddress();
    const limit = DEFAULT_RATE_LIMITS['bearer-unnamed'].limit;
    const answers = await statusesOf(limit + 1, (attempt) => callApi(services, address, attempt % 2 === 0 ? `Bearer guess-${attempt}` : `Basic ${attempt}`));
    expect(answers.slice(0, limit).map((answer) => answer.status)).toEqual(Array(limit).fill(401));
    expectLimited(answers[limit], API_LIMITED, DEFAULT_RATE_LIMITS['bearer-unnamed'].windowSeconds);
    const learner = await emulatorUser();
    expect((await callApi(services, address, `Bearer ${learner.idToken}`)).status).toBe(200);
    expect((await callApi(services, freshAddress(), 'Bearer guess')).status).toBe(401);
  });

  it('a token from before a sign-out is counted against its (verified) account', async () => {
    const services = servicesWith({ ...DEFAULT_RATE_LIMITS, 'bearer-failure': { ...DEFAULT_RATE_LIMITS['bearer-failure'], limit: 2 } });
    const address = freshAddress();
    const learner = await emulatorUser();
    await services.sessions.endAllFor(learner.uid); // the token's second, or later: it is from before
    const answers = await statusesOf(3, () => callApi(services, address, `Bearer ${learner.idToken}`));
    expect(answers.slice(0, 2).map((answer) => answer.body)).toEqual(Array(2).fill({ message: 'You signed out since this token was issued. Sign in again.' }));
    expectLimited(answers[2], API_LIMITED, 600);
  });
});

describe('/api/login and the sign-out’s own second', () => {
  /** Signs the learner out with the services' clock at `at(auth_time)`, as POST /api/logout does. */
  async function signOutAt(learner: { uid: string; idToken: string }, at: (authTimeSeconds: number) => number): Promise<void> {
    const { auth_time: authTime } = await testAdminAuth().verifyIdToken(learner.idToken);
    const services = servicesWith(DEFAULT_RATE_LIMITS, () => new Date(at(authTime)));
    await services.sessions.endAllFor(learner.uid);
  }

  it('a token issued in the second of the sign-out (a copy from before it) starts no session', async () => {
    const learner = await emulatorUser();
    await signOutAt(learner, (authTime) => authTime * 1000 + 999);
    const refused = await signIn(freshAddress(), `Bearer ${learner.idToken}`);
    expect([refused.status, refused.body]).toEqual([401, { message: 'You signed out since this token was issued. Sign in again.' }]);
  });

  it('a token issued in the second after the sign-out signs in', async () => {
    const learner = await emulatorUser();
    await signOutAt(learner, (authTime) => authTime * 1000 - 1);
    expect((await signIn(freshAddress(), `Bearer ${learner.idToken}`)).status).toBe(200);
  });
});
