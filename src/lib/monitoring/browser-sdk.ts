import { captureException, init, withScope } from '@sentry/nextjs';
import { monitoringSdkOptions, type MonitoringSettings } from '@/domain/monitoring/monitoring-config';
import type { ErrorSink } from './report-error';
import { scrubbingHooks, sentrySink } from './sentry-sink';

/**
 * Integrations we leave out:
 * - GlobalHandlers and BrowserApiErrors: uncaught errors and rejections reach the tracker through
 *   reportError (start-browser-monitoring.ts listens from the first script, before this chunk has
 *   loaded), so with these on every such error would be sent twice;
 * - BrowserSession: one request per page view whatever the sample rates; we send errors and
 *   sampled transactions only (docs/monitoring.md).
 */
const LEFT_OUT = new Set(['GlobalHandlers', 'BrowserApiErrors', 'BrowserSession']);

/**
 * The browser SDK, in a chunk of its own that start-browser-monitoring.ts imports only when a DSN
 * is configured, once the page is idle: no page's first load carries it.
 */
export function initBrowserSdk(settings: MonitoringSettings): ErrorSink {
  init({
    ...monitoringSdkOptions('browser', settings),
    ...scrubbingHooks,
    integrations: (defaults) => defaults.filter((integration) => !LEFT_OUT.has(integration.name)),
  });
  // Named imports only: passing the SDK's whole namespace would keep all of it in the chunk.
  return sentrySink({ withScope, captureException });
}
