import { logger } from '@/lib/logger';

/**
 * The one door every error path goes through (docs/monitoring.md): the error is logged as before,
 * then handed to the error tracker's SDK when one is installed. Nothing here knows Sentry: the
 * browser's lazily loaded SDK (start-browser-monitoring.ts) and the server's (instrumentation.ts)
 * install a sink. In the browser the SDK arrives after the page is idle, so reports made before that
 * wait in a short queue; without a DSN no sink is ever expected and nothing is kept.
 */

export interface ErrorContext {
  /** Which part of the app failed: 'ui', 'api', 'auth', 'runner', 'machines' … (a tag in the tracker). */
  area: string;
  /** The log line; `<area>: an error was reported` when not given. */
  message?: string;
  /** Details for the tracker (scrubbed before sending) and the log. */
  extra?: Record<string, unknown>;
}

export type ErrorSink = (error: unknown, context: ErrorContext) => void;

/** Reports kept while the browser SDK loads; later ones are dropped (the first errors explain the rest). */
export const MAX_QUEUED_REPORTS = 20;

interface ReportingState {
  sink: ErrorSink | null;
  /** Null unless a sink is expected and not installed yet. */
  queue: { error: unknown; context: ErrorContext }[] | null;
}

// On globalThis: Next bundles each server page apart, and instrumentation.ts installs the server's
// sink from its own bundle; every copy of this module must see it.
const globalForReporting = globalThis as typeof globalThis & { __codetrailErrorReporting?: ReportingState };

function state(): ReportingState {
  globalForReporting.__codetrailErrorReporting ??= { sink: null, queue: null };
  return globalForReporting.__codetrailErrorReporting;
}

function deliver(sink: ErrorSink, error: unknown, context: ErrorContext): void {
  try {
    sink(error, context);
  } catch (failure) {
    // The tracker must never turn one error into two crashes.
    logger.warn('monitoring: the error tracker refused a report', failure instanceof Error ? failure.message : failure);
  }
}

export function reportError(error: unknown, context: ErrorContext): void {
  logger.error(context.message ?? `${context.area}: an error was reported`, error, ...(context.extra ? [context.extra] : []));
  const current = state();
  if (current.sink) deliver(current.sink, error, context);
  else if (current.queue && current.queue.length < MAX_QUEUED_REPORTS) current.queue.push({ error, context });
}

/** A sink is on its way (the browser SDK is loading): keep reports until it arrives. */
export function expectErrorSink(): void {
  const current = state();
  if (!current.sink) current.queue ??= [];
}

/** The SDK is ready: queued reports go first, then every report goes straight to it. */
export function installErrorSink(sink: ErrorSink): void {
  const current = state();
  const queued = current.queue ?? [];
  current.sink = sink;
  current.queue = null;
  for (const { error, context } of queued) deliver(sink, error, context);
}

/** The SDK could not load (offline): stop keeping reports. */
export function abandonErrorSink(): void {
  state().queue = null;
}

/** Tests: back to no sink and no queue. */
export function resetErrorReporting(): void {
  globalForReporting.__codetrailErrorReporting = { sink: null, queue: null };
}
