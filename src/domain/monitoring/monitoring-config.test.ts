import {
  ERROR_SAMPLE_RATE,
  MONITORING_TUNNEL_PATH,
  TRACES_SAMPLE_RATE,
  envelopeEndpoint,
  monitoringSdkOptions,
  monitoringSettingsFrom,
  parseDsn,
  sameSentryProject,
  sampleRateFrom,
  type MonitoringSettings,
} from './monitoring-config';

const DSN = 'https://abc123@o42.ingest.sentry.io/4501';
const settings = (overrides: Partial<MonitoringSettings> = {}): MonitoringSettings => ({ dsn: DSN, environment: 'production', tracesSampleRate: TRACES_SAMPLE_RATE, errorSampleRate: ERROR_SAMPLE_RATE, ...overrides });

describe('the sample rates of spec §9', () => {
  it('performance at 10 %, error traces at 5 %', () => {
    expect(TRACES_SAMPLE_RATE).toBe(0.1);
    expect(ERROR_SAMPLE_RATE).toBe(0.05);
  });
});

describe('monitoringSdkOptions', () => {
  it.each([
    ['browser', { dsn: DSN, enabled: true, environment: 'production', tracesSampleRate: 0.1, sampleRate: 0.05, sendDefaultPii: false, traceLifecycle: 'static', tunnel: MONITORING_TUNNEL_PATH }],
    ['server', { dsn: DSN, enabled: true, environment: 'production', tracesSampleRate: 0.1, sampleRate: 0.05, sendDefaultPii: false, traceLifecycle: 'static' }],
  ] as const)('%s: the rates, the environment and (browser only) the tunnel', (side, expected) => {
    expect(monitoringSdkOptions(side, settings())).toEqual(expected);
  });

  it.each([
    ['no DSN', null],
    ['an invalid DSN', 'not a dsn'],
  ])('is disabled with %s', (_why, dsn) => {
    const options = monitoringSdkOptions('browser', settings({ dsn }));
    expect(options.enabled).toBe(false);
    expect(options.dsn).toBeUndefined();
  });

  it('passes overridden rates through (sampleRate is the error rate)', () => {
    expect(monitoringSdkOptions('server', settings({ tracesSampleRate: 0, errorSampleRate: 1 }))).toMatchObject({ tracesSampleRate: 0, sampleRate: 1 });
  });
});

describe('sampleRateFrom', () => {
  it.each([
    [undefined, 0.1],
    ['', 0.1],
    ['  ', 0.1],
    ['0', 0],
    ['1', 1],
    ['0.25', 0.25],
    ['1.5', null],
    ['-0.1', null],
    ['ten percent', null],
    ['NaN', null],
  ])('%j gives %j', (value, expected) => {
    expect(sampleRateFrom(value, 0.1)).toBe(expected);
  });
});

describe('monitoringSettingsFrom (the browser, which cannot refuse to start)', () => {
  it('is off without a DSN, with the defaults', () => {
    expect(monitoringSettingsFrom({})).toEqual({ dsn: null, environment: 'local', tracesSampleRate: 0.1, errorSampleRate: 0.05 });
  });

  it('takes a DSN, an environment and valid overrides', () => {
    expect(monitoringSettingsFrom({ dsn: DSN, environment: 'staging', tracesSampleRate: '0.5', errorSampleRate: '1' })).toEqual({ dsn: DSN, environment: 'staging', tracesSampleRate: 0.5, errorSampleRate: 1 });
  });

  it('falls back to the defaults for invalid rates and drops an invalid DSN', () => {
    expect(monitoringSettingsFrom({ dsn: 'https://sentry.io/1', tracesSampleRate: '2', errorSampleRate: 'x' })).toEqual({ dsn: null, environment: 'local', tracesSampleRate: 0.1, errorSampleRate: 0.05 });
  });
});

describe('parseDsn', () => {
  it.each([
    ['sentry.io', DSN, { protocol: 'https', publicKey: 'abc123', host: 'o42.ingest.sentry.io', pathPrefix: '', projectId: '4501' }],
    ['the local receiver', 'http://public@127.0.0.1:8969/1', { protocol: 'http', publicKey: 'public', host: '127.0.0.1:8969', pathPrefix: '', projectId: '1' }],
    ['a self-hosted Sentry under a path', 'https://key@errors.example.com/sentry/7', { protocol: 'https', publicKey: 'key', host: 'errors.example.com', pathPrefix: '/sentry', projectId: '7' }],
    ['an old DSN with a secret key', 'https://key:secret@o1.ingest.sentry.io/2', { protocol: 'https', publicKey: 'key', host: 'o1.ingest.sentry.io', pathPrefix: '', projectId: '2' }],
    ['an upper-case host', 'https://key@O1.Ingest.Sentry.IO/2', { protocol: 'https', publicKey: 'key', host: 'o1.ingest.sentry.io', pathPrefix: '', projectId: '2' }],
  ])('%s', (_why, value, expected) => {
    expect(parseDsn(value)).toEqual(expected);
  });

  it.each([
    ['no key', 'https://o1.ingest.sentry.io/2'],
    ['no project', 'https://key@o1.ingest.sentry.io/'],
    ['a project that is not a number', 'https://key@o1.ingest.sentry.io/abc'],
    ['another scheme', 'ftp://key@o1.ingest.sentry.io/2'],
    ['a query', 'https://key@o1.ingest.sentry.io/2?x=1'],
    ['not a URL', 'key@o1.ingest.sentry.io/2'],
    ['empty', ''],
  ])('refuses %s', (_why, value) => {
    expect(parseDsn(value)).toBeNull();
  });
});

describe('envelopeEndpoint and sameSentryProject', () => {
  it('builds the envelope URL, with a self-hosted path', () => {
    expect(envelopeEndpoint(parseDsn(DSN)!)).toBe('https://o42.ingest.sentry.io/api/4501/envelope/');
    expect(envelopeEndpoint(parseDsn('https://key@errors.example.com/sentry/7')!)).toBe('https://errors.example.com/sentry/api/7/envelope/');
    expect(envelopeEndpoint(parseDsn('http://public@127.0.0.1:8969/1')!)).toBe('http://127.0.0.1:8969/api/1/envelope/');
  });

  it.each([
    ['the same DSN', DSN, true],
    ['another key of the project', 'https://rotated@o42.ingest.sentry.io/4501', true],
    ['another project', 'https://abc123@o42.ingest.sentry.io/4502', false],
    ['another host', 'https://abc123@evil.example/4501', false],
    ['another port', 'https://abc123@o42.ingest.sentry.io:8443/4501', false],
    ['a path in front', 'https://abc123@o42.ingest.sentry.io/x/4501', false],
  ])('%s: %s', (_why, other, expected) => {
    expect(sameSentryProject(parseDsn(DSN)!, parseDsn(other)!)).toBe(expected);
  });
});
