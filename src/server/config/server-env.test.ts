import { parseServerEnv } from './server-env';

describe('parseServerEnv', () => {
  it('runs with nothing set: local origin, insecure local cookies, embedded database', () => {
    const env = parseServerEnv({});
    expect(env.appOrigin).toBe('http://localhost:3000');
    expect(env.secureCookies).toBe(false);
    expect(env.cookieKeys).toHaveLength(1);
    expect(env.databaseUrl).toBeNull();
    expect(env.dataDir).toBe('.data');
    expect(env.authEmulatorHost).toBe('127.0.0.1:9099');
    expect(env.impersonation).toBeNull();
  });

  it('treats empty values as not set', () => {
    const env = parseServerEnv({ APP_ORIGIN: '', DATABASE_URL: '', COOKIE_SECRET_CURRENT: '', API_IMPERSONATION_TOKEN: ' ' });
    expect(env.appOrigin).toBe('http://localhost:3000');
    expect(env.databaseUrl).toBeNull();
    expect(env.impersonation).toBeNull();
  });

  it('respects PORT in the default origin and reads own hosts', () => {
    const env = parseServerEnv({ PORT: '4100', ALLOWED_REDIRECT_HOSTS: 'codetrail.app, www.codetrail.app' });
    expect(env.appOrigin).toBe('http://localhost:4100');
    expect(env.ownHosts).toEqual(['localhost', 'codetrail.app', 'www.codetrail.app']);
  });

  it('uses secure cookies on https and keeps the previous key for rotation', () => {
    const env = parseServerEnv({
      APP_ORIGIN: 'https://codetrail.app',
      COOKIE_SECRET_CURRENT: 'c'.repeat(32),
      COOKIE_SECRET_PREVIOUS: 'p'.repeat(32),
    });
    expect(env.secureCookies).toBe(true);
    expect(env.cookieKeys).toEqual(['c'.repeat(32), 'p'.repeat(32)]);
  });

  it('honours the impersonation token outside production', () => {
    const env = parseServerEnv({ NODE_ENV: 'development', API_IMPERSONATION_TOKEN: 't'.repeat(20), API_IMPERSONATION_ROLES: 'course_engineer' });
    expect(env.impersonation).toEqual({ token: 't'.repeat(20), uid: 'impersonated-user', email: null, roles: ['course_engineer'] });
  });

  it('never honours it in production without the explicit opt-in', () => {
    expect(parseServerEnv({ NODE_ENV: 'production', API_IMPERSONATION_TOKEN: 't'.repeat(20) }).impersonation).toBeNull();
    expect(
      parseServerEnv({ NODE_ENV: 'production', API_IMPERSONATION_TOKEN: 't'.repeat(20), ALLOW_IMPERSONATION_IN_PRODUCTION: 'true' }).impersonation,
    ).not.toBeNull();
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ API_IMPERSONATION_TOKEN: 'short' }, /API_IMPERSONATION_TOKEN/],
    [{ APP_ORIGIN: 'ftp://codetrail.app' }, /APP_ORIGIN/],
    [{ PORT: 'abc' }, /PORT/],
  ])('refuses invalid values %p', (source, message) => {
    expect(() => parseServerEnv(source)).toThrow(message);
  });
});
