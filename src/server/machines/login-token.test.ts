import { createHmac } from 'node:crypto';
import { bindLoginToken, LOGIN_TOKEN_SECONDS, sameBinding, signLoginToken, verifyLoginToken } from './login-token';

const KEY = 'k'.repeat(40);
/** Claims signed as the module does, whatever they hold (the shape checks come after the signature). */
const signedAsIs = (claims: object) => {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createHmac('sha256', `instance-login-token:${KEY}`).update(payload).digest('base64url')}`;
};
const now = new Date('2026-11-24T10:00:00Z');

describe('instance login tokens', () => {
  const { token, claims } = signLoginToken(KEY, { uid: 'learner-1', mid: 'm_abcdefghijkl' }, now);

  it('carry the learner and the machine, and live 60 seconds', () => {
    expect(verifyLoginToken([KEY], token, now)).toEqual({ ok: true, claims });
    expect(claims).toMatchObject({ uid: 'learner-1', mid: 'm_abcdefghijkl', exp: now.getTime() / 1000 + LOGIN_TOKEN_SECONDS });
    expect(verifyLoginToken([KEY], token, new Date(now.getTime() + 59_000)).ok).toBe(true);
    expect(verifyLoginToken([KEY], token, new Date(now.getTime() + 60_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('are accepted under the previous key while keys rotate', () => {
    expect(verifyLoginToken(['n'.repeat(40), KEY], token, now).ok).toBe(true);
  });

  it.each([
    ['another key', (t: string) => t, ['x'.repeat(40)], 'signature'],
    ['a changed machine', (t: string) => `${Buffer.from(JSON.stringify({ ...claims, mid: 'm_zzzzzzzzzzzz' })).toString('base64url')}.${t.split('.')[1]}`, [KEY], 'signature'],
    ['a changed expiry', (t: string) => `${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url')}.${t.split('.')[1]}`, [KEY], 'signature'],
    ['no signature', (t: string) => t.split('.')[0] ?? '', [KEY], 'malformed'],
    ['three parts', (t: string) => `${t}.x`, [KEY], 'malformed'],
    ['nothing', () => '', [KEY], 'malformed'],
  ])('refuse %s', (_label, change, keys, reason) => {
    expect(verifyLoginToken(keys, change(token), now)).toEqual({ ok: false, reason });
  });

  const binding = 'b'.repeat(43);

  it('bind to a browser: the same id, learner, machine and expiry, with the binding signed in', () => {
    const bound = bindLoginToken(KEY, claims, binding);
    const verdict = verifyLoginToken([KEY], bound, now);
    expect(verdict).toEqual({ ok: true, claims: { ...claims, bnd: binding } });
    if (!verdict.ok) throw new Error('bound');
    expect(sameBinding(verdict.claims, binding)).toBe(true);
    expect(sameBinding(verdict.claims, 'c'.repeat(43))).toBe(false);
    expect(sameBinding(claims, binding)).toBe(false); // an unbound token matches no browser
    expect(verifyLoginToken([KEY], bound, new Date(now.getTime() + 60_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['another binding', (t: string) => `${Buffer.from(JSON.stringify({ ...claims, bnd: 'c'.repeat(43) })).toString('base64url')}.${t.split('.')[1]}`, 'signature'],
    ['a binding of the wrong shape, even signed', () => signedAsIs({ ...claims, bnd: 'short' }), 'malformed'],
  ])('refuse a bound token with %s', (_label, change, reason) => {
    expect(verifyLoginToken([KEY], change(bindLoginToken(KEY, claims, binding)), now)).toEqual({ ok: false, reason });
  });

  it('refuse to bind to anything but 43 base64url characters', () => {
    expect(() => bindLoginToken(KEY, claims, 'x')).toThrow('43 base64url');
  });

  it('are different every time', () => {
    expect(signLoginToken(KEY, { uid: 'learner-1', mid: 'm_abcdefghijkl' }, now).token).not.toBe(token);
  });
});
