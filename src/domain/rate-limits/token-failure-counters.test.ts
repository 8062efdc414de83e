import { DEFAULT_RATE_LIMITS } from './rate-limit-rules';
import { claimedSubject, tokenFailureCounters } from './token-failure-counters';

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A JWT as Firebase (or the emulator) shapes it; the signature is never looked at. */
const jwt = (payload: unknown, signature = 'c2ln') => `${part({ alg: 'RS256', kid: 'k' })}.${part(payload)}.${signature}`;

describe('claimedSubject reads the account a token claims, without trusting it', () => {
  it.each([
    ['a Firebase-shaped token', jwt({ sub: 'uid-123', user_id: 'uid-123', iat: 1 }), 'uid-123'],
    ['an unsigned emulator token (alg none, empty signature)', jwt({ sub: 'Ab9_xyz' }, ''), 'Ab9_xyz'],
    ['a forged signature still names its subject', jwt({ sub: 'victim' }, 'Zm9yZ2Vk'), 'victim'],
    ['a 128-character uid', jwt({ sub: 'u'.repeat(128) }), 'u'.repeat(128)],
    ['a uid past 128 characters', jwt({ sub: 'u'.repeat(129) }), null],
    ['no sub', jwt({ user_id: 'uid-123' }), null],
    ['an empty sub', jwt({ sub: '' }), null],
    ['a sub that is not text', jwt({ sub: 42 }), null],
    ['a sub with spaces or control characters', jwt({ sub: 'a b' }), null],
    ['a sub with non-ASCII letters', jwt({ sub: 'ünï' }), null],
    ['a payload that is an array', jwt(['sub']), null],
    ['a payload that is not JSON', `${part({ alg: 'none' })}.${part('not json')}.`, null],
    ['a payload that is not base64url', `${part({ alg: 'none' })}.a+b/c.`, null],
    ['a payload that is not UTF-8', `${part({ alg: 'none' })}.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.`, null],
    ['two parts', `${part({ alg: 'none' })}.${part({ sub: 'uid' })}`, null],
    ['four parts', `${jwt({ sub: 'uid' })}.extra`, null],
    ['an empty payload', `${part({ alg: 'none' })}..sig`, null],
    ['garbage', 'nonsense', null],
    ['the empty string', '', null],
    ['an oversized token', jwt({ sub: 'uid', pad: 'x'.repeat(9000) }), null],
  ])('%s', (_label, token, subject) => {
    expect(claimedSubject(token)).toBe(subject);
  });
});

describe('tokenFailureCounters charges what failed, never a neighbour', () => {
  const address = '203.0.113.7';
  it.each([
    ['sign-in', 'a bad token naming an account: that account, and the address at the higher limit', { token: jwt({ sub: 'uid-1' }), address }, [
      { kind: 'sign-in-failure', subject: 'uid-1' },
      { kind: 'sign-in-failure-network', subject: address },
    ]],
    ['sign-in', 'a verified token refused since a sign-out: the verified account', { token: jwt({ sub: 'uid-claimed' }), verifiedUid: 'uid-verified', address }, [
      { kind: 'sign-in-failure', subject: 'uid-verified' },
      { kind: 'sign-in-failure-network', subject: address },
    ]],
    ['sign-in', 'garbage: the address only', { token: 'nonsense', address }, [{ kind: 'sign-in-unnamed', subject: address }]],
    ['sign-in', 'no token: the address only', { token: null, address }, [{ kind: 'sign-in-unnamed', subject: address }]],
    ['bearer', 'a bad token naming an account', { token: jwt({ sub: 'uid-1' }), address }, [
      { kind: 'bearer-failure', subject: 'uid-1' },
      { kind: 'bearer-failure-network', subject: address },
    ]],
    ['bearer', 'a token from before a sign-out (verified)', { token: jwt({ sub: 'uid-1' }), verifiedUid: 'uid-1', address }, [
      { kind: 'bearer-failure', subject: 'uid-1' },
      { kind: 'bearer-failure-network', subject: address },
    ]],
    ['bearer', 'a wrong impersonation secret or garbage: the address only', { token: 'x'.repeat(40), address }, [{ kind: 'bearer-unnamed', subject: address }]],
    ['bearer', 'no token at all is not a guess: not counted', { token: null, address }, []],
  ] as const)('%s: %s', (check, _label, refused, counters) => {
    expect(tokenFailureCounters(check, refused)).toEqual(counters);
  });

  it('two tokens naming different accounts from one address share only the address counter', () => {
    const [mine] = tokenFailureCounters('sign-in', { token: jwt({ sub: 'attacker' }), address });
    const [theirs] = tokenFailureCounters('sign-in', { token: jwt({ sub: 'classmate' }), address });
    expect(mine).not.toEqual(theirs);
  });
});

describe('the thresholds of refused tokens', () => {
  it.each([
    ['sign-in-failure', 'sign-in-failure-network'],
    ['bearer-failure', 'bearer-failure-network'],
  ] as const)('%s is per claimed account, %s per address at a far higher limit', (account, network) => {
    expect(DEFAULT_RATE_LIMITS[account].per).toBe('claimed-account');
    expect(DEFAULT_RATE_LIMITS[network].per).toBe('ip');
    expect(DEFAULT_RATE_LIMITS[network].limit).toBeGreaterThanOrEqual(10 * DEFAULT_RATE_LIMITS[account].limit);
  });

  it.each(['sign-in-unnamed', 'bearer-unnamed', 'sign-in-failure-network', 'bearer-failure-network'] as const)(
    '%s leaves a school of 30 learners behind one address ten refusals each in its window',
    (kind) => {
      expect(DEFAULT_RATE_LIMITS[kind].limit).toBeGreaterThanOrEqual(30 * 10);
    },
  );

  it('sign-in refusals keep the sign-in sentence, bearer refusals the API one', () => {
    for (const kind of ['sign-in-failure', 'sign-in-failure-network', 'sign-in-unnamed', 'session-create'] as const) {
      expect(DEFAULT_RATE_LIMITS[kind].message).toBe('Too many sign-in attempts from this network. Wait a few minutes and try again.');
    }
    for (const kind of ['bearer-failure', 'bearer-failure-network', 'bearer-unnamed'] as const) expect(DEFAULT_RATE_LIMITS[kind].message).toBe(DEFAULT_RATE_LIMITS.api.message);
  });
});
