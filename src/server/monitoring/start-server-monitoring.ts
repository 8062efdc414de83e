import type { MonitoringConfig } from '@/server/config/server-env';

/**
 * Starts the server's error tracker when SENTRY_DSN is set (instrumentation.ts, once per server
 * process); without it the SDK is not even imported. Returns whether it started.
 */
export async function startServerMonitoring(config: Pick<MonitoringConfig, 'dsn' | 'environment' | 'tracesSampleRate' | 'errorSampleRate'>): Promise<boolean> {
  if (!config.dsn) return false;
  const { initServerSdk } = await import('./server-sdk');
  initServerSdk({ dsn: config.dsn, environment: config.environment, tracesSampleRate: config.tracesSampleRate, errorSampleRate: config.errorSampleRate });
  return true;
}
