import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
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

  it('locally, previews may be framed by both loopback spellings of the app; a real project, only by APP_ORIGIN', () => {
    expect(parseServerEnv({ PORT: '3300' }).appOrigins).toEqual(['http://localhost:3300', 'http://127.0.0.1:3300']);
    expect(parseServerEnv({ APP_ORIGIN: 'http://127.0.0.1:3300' }).appOrigins).toEqual(['http://127.0.0.1:3300', 'http://localhost:3300']);
    expect(parseServerEnv({ APP_ORIGIN: 'http://localhost:3300', NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'codetrail-staging', COOKIE_SECRET_CURRENT: 'r'.repeat(40) }).appOrigins).toEqual(['http://localhost:3300']);
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

  describe('APP_ENV=production', () => {
    const production = {
      APP_ENV: 'production',
      NODE_ENV: 'production',
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'codetrail-prod',
      APP_ORIGIN: 'https://codetrail.app',
      COOKIE_SECRET_CURRENT: 'r'.repeat(40),
      PREVIEW_ORIGIN: 'https://p-{id}.codetrail-usercontent.app',
      INSTANCE_ORIGIN: 'https://machines.codetrail.app',
      INSTANCE_APP_SECRET: 'i'.repeat(40),
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_example',
      STRIPE_WEBHOOK_SECRET: 'whsec_example',
      STRIPE_PRICE_MONTHLY: 'price_monthly',
      STRIPE_PRICE_YEARLY: 'price_yearly',
    };

    it('starts machines only with limits per machine unless the operator accepts per-process limits', () => {
      expect(parseServerEnv(production).machines.limits).toBe('machine');
      expect(parseServerEnv({ ...production, MACHINE_LIMITS: 'process' }).machines.limits).toBe('process');
    });

    it('starts with a real project, its own cookie key and an https origin', () => {
      const env = parseServerEnv(production);
      expect(env.local).toBe(false);
      expect(env.authEmulatorHost).toBeNull();
      expect(env.firebaseProjectId).toBe('codetrail-prod');
      expect(env.appOrigins).toEqual(['https://codetrail.app']);
    });

    it.each([
      ['a demo- project (unsigned tokens accepted)', { NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-codetrail' }, /demo- projects accept unsigned sign-in tokens/],
      ['no project at all (the demo default)', { NEXT_PUBLIC_FIREBASE_PROJECT_ID: '' }, /demo-/],
      ['an emulator host', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, /emulator host/],
      ['the built-in cookie key', { COOKIE_SECRET_CURRENT: 'codetrail-local-development-cookie-secret-not-for-production' }, /not the built-in local key/],
      ['the built-in key as the previous one', { COOKIE_SECRET_PREVIOUS: 'codetrail-local-development-cookie-secret-not-for-production' }, /built-in local key/],
      ['a plain-http origin', { APP_ORIGIN: 'http://codetrail.app' }, /https/],
      ['no preview domain of its own', { PREVIEW_ORIGIN: '' }, /PREVIEW_ORIGIN must be your https/],
      ['a preview origin on the app origin', { PREVIEW_ORIGIN: 'https://codetrail.app' }, /PREVIEW_ORIGIN must/],
      ['no instance app origin', { INSTANCE_ORIGIN: '' }, /INSTANCE_ORIGIN must be the instance app's own https/],
      ['the instance app on the app origin', { INSTANCE_ORIGIN: 'https://codetrail.app' }, /INSTANCE_ORIGIN must be an origin of its own/],
      ['no instance secret', { INSTANCE_APP_SECRET: '' }, /INSTANCE_APP_SECRET must be your own/],
      ['the local payment provider', { BILLING_PROVIDER: 'local' }, /BILLING_PROVIDER must be stripe/],
      ['a Stripe double', { STRIPE_API_BASE: 'http://127.0.0.1:12111' }, /STRIPE_API_BASE is for tests/],
      ['a short instance secret', { INSTANCE_APP_SECRET: 'short' }, /at least 32/],
      ['kubernetes without an image', { MACHINE_DRIVER: 'kubernetes' }, /MACHINE_IMAGE is required/],
    ])('refuses to start with %s', (_label, change, message) => {
      expect(() => parseServerEnv({ ...production, ...change })).toThrow(message);
    });

    it('local mode keeps working with nothing set', () => {
      expect(parseServerEnv({}).local).toBe(true);
    });
  });

  it('puts the instance app on a port of its own by default, with local machine limits', () => {
    const { machines } = parseServerEnv({});
    expect(machines).toMatchObject({ driver: 'local', instanceOrigin: 'http://localhost:3002', instancePort: 3002, network: 'none', idleMinutes: 30, quota: { maxMachines: 3, maxRunning: 1 } });
    expect(parseServerEnv({ PORT: '3400', MACHINE_MAX_RUNNING: '2', MACHINE_MEMORY_MB: '512' }).machines).toMatchObject({ instancePort: 3402, quota: { maxRunning: 2, memoryMb: 512 } });
    expect(() => parseServerEnv({ MACHINE_NETWORK: 'everything' })).toThrow(/MACHINE_NETWORK/);
    // Local mode accepts per-process limits where no cgroup exists (the driver says so in the log).
    expect(machines.limits).toBe('process');
    expect(parseServerEnv({ MACHINE_LIMITS: 'machine' }).machines.limits).toBe('machine');
    expect(() => parseServerEnv({ MACHINE_LIMITS: 'none' })).toThrow(/MACHINE_LIMITS must be machine or process/);
  });

  it('reads the egress allow list: the package registries by default, every entry checked', () => {
    const { machines } = parseServerEnv({ MACHINE_NETWORK: 'allow-list' });
    expect(machines.network).toBe('allow-list');
    expect(machines.egress).toEqual({
      rules: [
        { kind: 'host', host: 'registry.npmjs.org', wildcard: false, port: null },
        { kind: 'host', host: 'pypi.org', wildcard: false, port: null },
        { kind: 'host', host: 'files.pythonhosted.org', wildcard: false, port: null },
      ],
      upstreamProxy: null,
    });
    expect(machines.kubernetes.egressProxy).toBe('http://codetrail-egress.codetrail-machines.svc.cluster.local:3128');
    const own = parseServerEnv({ MACHINE_NETWORK: 'allow-list', MACHINE_EGRESS_ALLOW: 'mirror.internal:8443, *.pythonhosted.org,10.0.0.7:4873', MACHINE_EGRESS_UPSTREAM_PROXY: 'http://proxy.internal:3128' }).machines.egress;
    expect(own.rules).toEqual([
      { kind: 'host', host: 'mirror.internal', wildcard: false, port: 8443 },
      { kind: 'host', host: 'pythonhosted.org', wildcard: true, port: null },
      { kind: 'address', address: '10.0.0.7', port: 4873 },
    ]);
    expect(own.upstreamProxy).toBe('http://proxy.internal:3128');
    expect(() => parseServerEnv({ MACHINE_EGRESS_ALLOW: 'pypi.org,10.0.0.7' })).toThrow('MACHINE_EGRESS_ALLOW: "10.0.0.7" is an IP address: name its port too');
    expect(() => parseServerEnv({ MACHINE_EGRESS_ALLOW: 'https://pypi.org' })).toThrow(/MACHINE_EGRESS_ALLOW/);
    expect(() => parseServerEnv({ MACHINE_EGRESS_UPSTREAM_PROXY: 'socks5://proxy:1080' })).toThrow(/MACHINE_EGRESS_UPSTREAM_PROXY must be an http:\/\/ proxy URL/);
  });

  it('puts previews on a port of their own by default, an origin per project', () => {
    expect(parseServerEnv({}).preview).toEqual({ port: 3001, template: 'http://p-{id}.localhost:3001' });
    expect(parseServerEnv({ PORT: '3400' }).preview).toEqual({ port: 3401, template: 'http://p-{id}.localhost:3401' });
    expect(() => parseServerEnv({ PREVIEW_ORIGIN: 'http://localhost:3001' })).toThrow(/PREVIEW_ORIGIN must look like/);
  });

  it('reads the rate limits, keeping the defaults for what is not set', () => {
    const env = parseServerEnv({ RATE_LIMIT_API_PER_MINUTE: '5' });
    expect(env.rateLimits.api.limit).toBe(5);
    expect(env.rateLimits.tutor.limit).toBe(100);
    expect(() => parseServerEnv({ RATE_LIMIT_TUTOR_PER_DAY: '0' })).toThrow(/RATE_LIMIT_TUTOR_PER_DAY/);
    const build = parseServerEnv({ RATE_LIMIT_PROJECT_WRITES_PER_MINUTE: '7', RATE_LIMIT_SHARED_READS_PER_MINUTE: '9' }).rateLimits;
    expect([build['project-write'].limit, build['public-read'].limit, build['public-read'].per]).toEqual([7, 9, 'ip']);
    expect(parseServerEnv({}).rateLimits['project-write'].limit).toBe(60);
  });

  it('RATE_LIMIT_SESSIONS_PER_IP sets the per-address count of sign-in tokens that name no one; the other failure counters keep their defaults', () => {
    const limits = parseServerEnv({ RATE_LIMIT_SESSIONS_PER_IP: '42' }).rateLimits;
    expect([limits['sign-in-unnamed'].limit, limits['sign-in-unnamed'].per]).toEqual([42, 'ip']);
    expect(limits['sign-in-failure']).toEqual(DEFAULT_RATE_LIMITS['sign-in-failure']);
    expect(limits['bearer-unnamed']).toEqual(DEFAULT_RATE_LIMITS['bearer-unnamed']);
    expect(parseServerEnv({}).rateLimits['sign-in-unnamed'].limit).toBe(300);
  });
});

describe('parseServerEnv: error monitoring', () => {
  it('is off by default, with the rates of spec §9', () => {
    expect(parseServerEnv({}).monitoring).toEqual({ dsn: null, publicDsn: null, environment: 'local', tracesSampleRate: 0.1, errorSampleRate: 0.05, uploadsSourceMaps: false });
  });

  it('reads the DSNs, the environment, the overrides and whether source maps are uploaded', () => {
    const env = parseServerEnv({
      SENTRY_DSN: 'https://server@o1.ingest.sentry.io/2',
      NEXT_PUBLIC_SENTRY_DSN: 'https://browser@o1.ingest.sentry.io/3',
      SENTRY_ENVIRONMENT: 'staging',
      NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE: '0.5',
      NEXT_PUBLIC_SENTRY_ERROR_SAMPLE_RATE: '1',
      SENTRY_AUTH_TOKEN: 'sntrys_token',
      SENTRY_ORG: 'codetrail',
      SENTRY_PROJECT: 'web',
    });
    expect(env.monitoring).toEqual({
      dsn: 'https://server@o1.ingest.sentry.io/2',
      publicDsn: 'https://browser@o1.ingest.sentry.io/3',
      environment: 'staging',
      tracesSampleRate: 0.5,
      errorSampleRate: 1,
      uploadsSourceMaps: true,
    });
    expect(parseServerEnv({ SENTRY_AUTH_TOKEN: 'sntrys_token' }).monitoring.uploadsSourceMaps).toBe(false);
  });

  it.each([
    ['SENTRY_DSN', 'https://o1.ingest.sentry.io/2'],
    ['NEXT_PUBLIC_SENTRY_DSN', 'not a dsn'],
    ['NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE', '1.5'],
    ['NEXT_PUBLIC_SENTRY_ERROR_SAMPLE_RATE', '-1'],
    ['NEXT_PUBLIC_SENTRY_ERROR_SAMPLE_RATE', 'five percent'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => parseServerEnv({ [name]: value })).toThrow(name);
  });
});
