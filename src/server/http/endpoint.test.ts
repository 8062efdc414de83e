import { defineEndpoint, runRoutes } from './endpoint';

/** An error made by another bundle's copy of a class: same name and shape, another prototype. */
function foreign(name: string, extra: Record<string, unknown>): Error {
  class Copy extends Error {}
  return Object.assign(new Copy('from another bundle'), { name, ...extra });
}

const throwing = (error: Error) => ({ GET: defineEndpoint({ access: 'public', handle: async () => Promise.reject(error) }) });
const call = (error: Error) => runRoutes(throwing(error), { method: 'GET', headers: {}, query: {}, body: undefined }, { authenticate: async () => Promise.reject(new Error('unused')) });

describe('runRoutes answers errors by name, whichever bundle made them', () => {
  it.each([
    ['HttpError', { status: 401 }, 401, undefined],
    ['HttpError', { status: 409 }, 409, undefined],
    ['AuthenticationError', {}, 401, undefined],
    ['RateLimitedError', { retryAfterSeconds: 7 }, 429, { 'Retry-After': '7' }],
  ])('%s %j → %i', async (name, extra, status, headers) => {
    const answer = await call(foreign(name, extra));
    expect(answer).toMatchObject({ status, body: { message: 'from another bundle' } });
    if (headers) expect(answer.headers).toEqual(headers);
  });

  it('keeps anything else a 500 with a sentence that reveals nothing', async () => {
    expect(await call(new TypeError('secret detail'))).toMatchObject({ status: 500, body: { message: 'Something went wrong on our side. Please try again in a moment.' } });
  });
});

describe('runRoutes reports refused tokens, and only those', () => {
  const identity = { uid: 'u1', email: null, displayName: null, roles: [], impersonated: false, authTime: 1 };
  const routes = {
    GET: defineEndpoint({ access: 'user', handle: async () => ({ body: { ok: true } }) }),
    POST: defineEndpoint({ access: 'course_engineer', handle: async () => ({ body: { ok: true } }) }),
  };
  const refused = (name: string) => Object.assign(new Error('refused'), { name });
  const run = async (method: string, deps: Partial<Parameters<typeof runRoutes>[2]>) => {
    const seen: unknown[] = [];
    const answer = await runRoutes(routes, { method, headers: { authorization: 'Bearer t' }, query: {}, body: undefined }, {
      authenticate: async () => identity,
      onRefusedToken: async (token) => {
        seen.push(token);
      },
      ...deps,
    });
    return { answer, seen };
  };

  it.each([
    ['an invalid token', 'GET', { authenticate: async () => Promise.reject(refused('AuthenticationError')) }, 401, [{ authorization: 'Bearer t', uid: null }]],
    ['a verified token refused after it (signed out since)', 'GET', { onAuthenticated: async () => Promise.reject(refused('AuthenticationError')) }, 401, [{ authorization: 'Bearer t', uid: 'u1' }]],
    ['a valid token', 'GET', {}, 200, []],
    ['a valid token over its own API limit', 'GET', { onAuthenticated: async () => Promise.reject(Object.assign(refused('RateLimitedError'), { retryAfterSeconds: 3 })) }, 429, []],
    ['a valid token without the role', 'POST', {}, 403, []],
  ] as const)('%s', async (_label, method, deps, status, seen) => {
    const result = await run(method, deps);
    expect(result.answer.status).toBe(status);
    expect(result.seen).toEqual(seen);
  });

  it('answers 429 with Retry-After when counting the refusal passes a limit', async () => {
    const seen: unknown[] = [];
    const deps = {
      authenticate: async () => Promise.reject(refused('AuthenticationError')),
      onRefusedToken: async (token: unknown) => {
        seen.push(token);
        throw Object.assign(new Error('Too many requests in a short time. Wait a moment and try again.'), { name: 'RateLimitedError', retryAfterSeconds: 9 });
      },
    };
    const answer = await runRoutes(routes, { method: 'GET', headers: { authorization: 'Bearer t' }, query: {}, body: undefined }, deps);
    expect(answer).toEqual({ status: 429, body: { message: 'Too many requests in a short time. Wait a moment and try again.' }, headers: { 'Retry-After': '9' } });
    expect(seen).toHaveLength(1);
  });
});
