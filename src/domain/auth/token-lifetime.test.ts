import { tokenIsFresh, tokenLifetimeMs } from './token-lifetime';

const jwt = (payload: unknown) => `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;
const now = 1_800_000_000_000;

describe('tokenLifetimeMs and tokenIsFresh', () => {
  it.each([
    ['an hour left', jwt({ exp: now / 1000 + 3600 }), 3_600_000, true],
    ['six minutes left', jwt({ exp: now / 1000 + 360 }), 360_000, true],
    ['four minutes left', jwt({ exp: now / 1000 + 240 }), 240_000, false],
    ['expired', jwt({ exp: now / 1000 - 10 }), -10_000, false],
    ['a payload whose base64url needs padding and uses - and _', jwt({ exp: now / 1000 + 3600, name: '??>>~~' }), 3_600_000, true],
    ['no exp', jwt({ sub: 'u1' }), null, false],
    ['exp that is not a number', jwt({ exp: 'soon' }), null, false],
    ['not a JWT', 'opaque-token', null, false],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c', null, false],
  ])('%s', (_label, token, lifetime, fresh) => {
    expect(tokenLifetimeMs(token, now)).toBe(lifetime);
    expect(tokenIsFresh(token, now)).toBe(fresh);
  });

  it('no token is never fresh', () => {
    expect(tokenIsFresh(null, now)).toBe(false);
  });
});
