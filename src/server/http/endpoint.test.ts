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
