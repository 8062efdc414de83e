import { buildSessionCookieConfig, SESSION_COOKIE_MAX_AGE_MS, SessionCookieConfigError, TWO_WEEKS_MS } from './session-cookie-config';

describe('buildSessionCookieConfig', () => {
  it('defaults to about 12 days, signed, httpOnly and lax', () => {
    const config = buildSessionCookieConfig({ keys: ['k1', 'k0'], secure: true });
    expect(config).toEqual({
      name: 'Codetrail',
      keys: ['k1', 'k0'],
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: true,
      maxAge: 10368e5,
      overwrite: true,
      path: '/',
    });
    expect(SESSION_COOKIE_MAX_AGE_MS).toBe(12 * 24 * 60 * 60 * 1000);
  });

  it('is not secure on local http', () => {
    expect(buildSessionCookieConfig({ keys: ['k'], secure: false }).secure).toBe(false);
  });

  it.each([TWO_WEEKS_MS, TWO_WEEKS_MS + 1, 30 * 24 * 60 * 60 * 1000])('refuses a max age of %d ms (two weeks or more)', (maxAgeMs) => {
    expect(() => buildSessionCookieConfig({ keys: ['k'], secure: true, maxAgeMs })).toThrow(SessionCookieConfigError);
    expect(() => buildSessionCookieConfig({ keys: ['k'], secure: true, maxAgeMs })).toThrow(/under two weeks/);
  });

  it('accepts just under two weeks', () => {
    expect(buildSessionCookieConfig({ keys: ['k'], secure: true, maxAgeMs: TWO_WEEKS_MS - 1 }).maxAge).toBe(TWO_WEEKS_MS - 1);
  });

  it.each([0, -5, Number.NaN])('refuses a non-positive max age %d', (maxAgeMs) => {
    expect(() => buildSessionCookieConfig({ keys: ['k'], secure: true, maxAgeMs })).toThrow(/positive/);
  });

  it('refuses to sign without keys', () => {
    expect(() => buildSessionCookieConfig({ keys: ['', ''], secure: true })).toThrow(/signing key/);
  });
});
