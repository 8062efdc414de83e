/**
 * Spec §9: errors and performance go to Sentry, performance traces at 10 % and error traces at 5 %.
 * Sentry has one knob for each: `tracesSampleRate` is the share of transactions (page loads,
 * navigations, server requests) that are recorded, `sampleRate` the share of error events that are
 * sent. Both can be overridden (NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE / _ERROR_SAMPLE_RATE), for
 * both sides at once; everything else about the SDK's options is decided here (docs/monitoring.md).
 */
export const TRACES_SAMPLE_RATE = 0.1;
export const ERROR_SAMPLE_RATE = 0.05;

/** The browser SDK posts its envelopes here (our own route, so ad blockers do not drop them). */
export const MONITORING_TUNNEL_PATH = '/api/monitoring';

export interface MonitoringSettings {
  /** Where events go; null turns monitoring off (the SDK is not even loaded). */
  dsn: string | null;
  environment: string;
  tracesSampleRate: number;
  errorSampleRate: number;
}

export type MonitoringSide = 'browser' | 'server';

/** The options both SDKs get (src/lib/monitoring adds the scrubbing hooks). */
export interface MonitoringSdkOptions {
  dsn: string | undefined;
  enabled: boolean;
  environment: string;
  tracesSampleRate: number;
  sampleRate: number;
  /** IP addresses, cookies and request bodies are never attached by the SDK itself. */
  sendDefaultPii: false;
  /**
   * Whole transactions, not span streaming (the SDK's default since v11, which skips
   * beforeSendTransaction): every transaction then passes the same scrubbing as errors.
   */
  traceLifecycle: 'static';
  tunnel?: string;
}

export function monitoringSdkOptions(side: MonitoringSide, settings: MonitoringSettings): MonitoringSdkOptions {
  const dsn = settings.dsn && parseDsn(settings.dsn) ? settings.dsn : undefined;
  return {
    dsn,
    enabled: dsn !== undefined,
    environment: settings.environment,
    tracesSampleRate: settings.tracesSampleRate,
    sampleRate: settings.errorSampleRate,
    sendDefaultPii: false,
    traceLifecycle: 'static',
    ...(side === 'browser' ? { tunnel: MONITORING_TUNNEL_PATH } : {}),
  };
}

/** A sample rate as configured: the default when unset, null when not a number from 0 to 1. */
export function sampleRateFrom(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value.trim() === '') return fallback;
  const rate = Number(value);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : null;
}

/**
 * The browser's settings from its inlined variables. It cannot refuse to start, so a value that
 * does not parse falls back to the default; the server refuses the same values at start-up
 * (server-env.ts), so a deployed build never has one.
 */
export function monitoringSettingsFrom(values: { dsn?: string; environment?: string; tracesSampleRate?: string; errorSampleRate?: string }): MonitoringSettings {
  const dsn = values.dsn?.trim() ?? '';
  return {
    dsn: dsn !== '' && parseDsn(dsn) ? dsn : null,
    environment: values.environment?.trim() || 'local',
    tracesSampleRate: sampleRateFrom(values.tracesSampleRate, TRACES_SAMPLE_RATE) ?? TRACES_SAMPLE_RATE,
    errorSampleRate: sampleRateFrom(values.errorSampleRate, ERROR_SAMPLE_RATE) ?? ERROR_SAMPLE_RATE,
  };
}

/** `<protocol>://<public key>@<host>[/<path>]/<project id>`, Sentry's DSN. */
export interface SentryDsn {
  protocol: 'http' | 'https';
  publicKey: string;
  /** Host name and port, lower case. */
  host: string;
  /** A self-hosted Sentry under a path ('' for sentry.io). */
  pathPrefix: string;
  projectId: string;
}

export function parseDsn(value: string): SentryDsn | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.username || url.search || url.hash || !url.host) return null;
  const segments = url.pathname.replace(/\/+$/, '').split('/');
  const projectId = segments.pop() ?? '';
  if (!/^\d+$/.test(projectId)) return null;
  return { protocol: url.protocol === 'https:' ? 'https' : 'http', publicKey: decodeURIComponent(url.username), host: url.host.toLowerCase(), pathPrefix: segments.join('/'), projectId };
}

/** Where a DSN's envelopes are posted. */
export function envelopeEndpoint(dsn: SentryDsn): string {
  return `${dsn.protocol}://${dsn.host}${dsn.pathPrefix}/api/${dsn.projectId}/envelope/`;
}

/** The same Sentry project (host and project id; the key may be rotated). */
export function sameSentryProject(a: SentryDsn, b: SentryDsn): boolean {
  return a.host === b.host && a.projectId === b.projectId && a.pathPrefix === b.pathPrefix;
}
