import type { DecodedIdToken } from 'firebase-admin/auth';
import { createVerifiedTokenCache } from './verified-token-cache';

const decoded = (uid: string, exp: number) => ({ uid, exp }) as unknown as DecodedIdToken;

function setup(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
  let clock = 1_000_000;
  const calls: string[] = [];
  const verify = jest.fn(async (token: string) => {
    calls.push(token);
    if (token.startsWith('bad')) throw new Error('invalid token');
    return decoded(token, Math.floor(clock / 1000) + 3600);
  });
  const cache = createVerifiedTokenCache(verify, { ...options, now: () => clock });
  return { cache, calls, advance: (ms: number) => (clock += ms) };
}

describe('the verified ID token cache', () => {
  it('verifies a token once, then answers from memory until it expires', async () => {
    const { cache, calls, advance } = setup({ maxAgeMs: 2 * 3600 * 1000 });
    await cache.verify('token-a');
    await cache.verify('token-a');
    expect(calls).toEqual(['token-a']);
    advance(3600 * 1000); // the token's exp
    await cache.verify('token-a');
    expect(calls).toEqual(['token-a', 'token-a']);
  });

  it('trusts a verification for maxAgeMs at most', async () => {
    const { cache, calls, advance } = setup({ maxAgeMs: 60_000 });
    await cache.verify('token-a');
    advance(59_000);
    await cache.verify('token-a');
    advance(2_000);
    await cache.verify('token-a');
    expect(calls).toEqual(['token-a', 'token-a']);
  });

  it('never keeps a failure: a bad token is checked (and refused) every time', async () => {
    const { cache, calls } = setup();
    await expect(cache.verify('bad-1')).rejects.toThrow('invalid token');
    await expect(cache.verify('bad-1')).rejects.toThrow('invalid token');
    expect(calls).toEqual(['bad-1', 'bad-1']);
    expect(cache.size).toBe(0);
  });

  it('shares one verification between concurrent checks of the same token', async () => {
    const { cache, calls } = setup();
    const results = await Promise.all([cache.verify('token-a'), cache.verify('token-a'), cache.verify('token-b')]);
    expect(results.map((result) => result.uid)).toEqual(['token-a', 'token-a', 'token-b']);
    expect(calls).toEqual(['token-a', 'token-b']);
  });

  it('drops the least recently used past maxEntries', async () => {
    const { cache, calls } = setup({ maxEntries: 2 });
    await cache.verify('a');
    await cache.verify('b');
    await cache.verify('a'); // a is now the most recent
    await cache.verify('c'); // b goes
    expect(cache.size).toBe(2);
    await cache.verify('a');
    await cache.verify('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps different tokens of one user apart', async () => {
    const { cache, calls } = setup();
    await cache.verify('token-a');
    await cache.verify('token-a2');
    expect(calls).toEqual(['token-a', 'token-a2']);
  });
});
