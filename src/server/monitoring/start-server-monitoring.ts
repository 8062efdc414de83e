import type { MonitoringConfig } from '@/server/config/server-env';
import { registerQuietTracerProvider } from './quiet-tracer-provider';

/**
 * Starts the server's error tracker when SENTRY_DSN is set (instrumentation.ts, once per server
 * process); without it the SDK is not even imported, and the quiet tracer provider stands in for
 * its OpenTelemetry one (quiet-tracer-provider.ts: Next's tracing then costs less). Returns whether
 * the tracker started.
 */
export async function startServerMonitoring(config: Pick<MonitoringConfig, 'dsn' | 'environment' | 'tracesSampleRate' | 'errorSampleRate'>): Promise<boolean> {
  if (!config.dsn) {
    registerQuietTracerProvider();
    return false;
  }
  const { initServerSdk } = await import('./server-sdk');
  initServerSdk({ dsn: config.dsn, environment: config.environment, tracesSampleRate: config.tracesSampleRate, errorSampleRate: config.errorSampleRate });
  return true;
}
