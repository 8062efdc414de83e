import { LOGIN_TOKEN_SECONDS, signLoginToken, verifyLoginToken } from './login-token';

const KEY = 'k'.repeat(40);
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

  it('are different every time', () => {
    expect(signLoginToken(KEY, { uid: 'learner-1', mid: 'm_abcdefghijkl' }, now).token).not.toBe(token);
  });
});
