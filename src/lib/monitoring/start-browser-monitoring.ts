import type { MonitoringSettings } from '@/domain/monitoring/monitoring-config';
import { publicEnv } from '@/lib/env/public-env';
import { logger } from '@/lib/logger';
import { whenLoadedAndIdle } from '@/lib/when-idle';
import { abandonErrorSink, expectErrorSink, installErrorSink, reportError, type ErrorSink } from './report-error';

export interface BrowserMonitoringDependencies {
  settings: MonitoringSettings;
  /** Where uncaught errors and rejections are heard (the window). */
  target: Pick<Window, 'addEventListener'>;
  /** When the SDK may load (after the page's load, at an idle moment). */
  whenReady: (start: () => void) => void;
  /** The SDK's chunk. */
  load: () => Promise<{ initBrowserSdk: (settings: MonitoringSettings) => ErrorSink }>;
}

let started = false;

/**
 * Starts error monitoring in this page, once. Without a DSN it does nothing at all: no listener, no
 * queue, and the SDK's chunk is never requested. With one, uncaught errors and rejections go to
 * reportError from now on (queued), and the SDK loads once the page is idle, then takes the queue.
 * Returns whether monitoring is on.
 */
export function startBrowserMonitoring(overrides: Partial<BrowserMonitoringDependencies> = {}): boolean {
  if (started) return true;
  const settings = overrides.settings ?? publicEnv.monitoring;
  if (!settings.dsn) return false;
  const target = overrides.target ?? window;
  const whenReady = overrides.whenReady ?? ((start) => void whenLoadedAndIdle(start));
  const load = overrides.load ?? (() => import('./browser-sdk'));
  started = true;
  expectErrorSink();
  target.addEventListener('error', (event: ErrorEvent) => {
    // "Script error." with nothing else: another origin's script (an extension); nothing to learn.
    if (!event.error && !event.filename) return;
    reportError(event.error ?? new Error(event.message), { area: 'browser', message: 'ui: an uncaught error' });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reportError(event.reason, { area: 'browser', message: 'ui: an unhandled promise rejection' });
  });
  whenReady(() => {
    load()
      .then(({ initBrowserSdk }) => installErrorSink(initBrowserSdk(settings)))
      .catch((error: unknown) => {
        abandonErrorSink();
        // A chunk that cannot load (offline) is not an error of the app.
        logger.warn('monitoring: the error tracker could not load', error instanceof Error ? error.message : error);
      });
  });
  return true;
}

/** Tests: forget that monitoring was started. */
export function resetBrowserMonitoring(): void {
  started = false;
}
