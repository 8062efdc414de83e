import * as Sentry from '@sentry/nextjs';
import { monitoringSdkOptions, type MonitoringSettings } from '@/domain/monitoring/monitoring-config';
import { installErrorSink } from '@/lib/monitoring/report-error';
import { scrubbingHooks, sentrySink } from '@/lib/monitoring/sentry-sink';

/**
 * The server SDK (Node runtime), loaded by start-server-monitoring.ts only when SENTRY_DSN is set.
 * Every report of the server (reportError) goes to it from now on; Next's own request errors come
 * through instrumentation.ts's onRequestError, which reports them the same way.
 */
export function initServerSdk(settings: MonitoringSettings): void {
  Sentry.init({ ...monitoringSdkOptions('server', settings), ...scrubbingHooks });
  installErrorSink(sentrySink(Sentry));
}

/** Sends what is queued (the tests' child process, a script that exits). */
export function flushServerSdk(timeoutMs: number): Promise<boolean> {
  return Sentry.flush(timeoutMs);
}
