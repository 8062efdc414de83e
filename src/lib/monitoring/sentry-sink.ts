import { scrubBreadcrumb, scrubEvent } from '@/domain/monitoring/scrub';
import type { ErrorSink } from './report-error';

/**
 * What the browser's and the server's SDK setups share: the sink reportError hands errors to, and
 * the scrubbing hooks every event, transaction and breadcrumb passes before it leaves
 * (src/domain/monitoring/scrub.ts). Only the parts of the SDK used here are named, so this file
 * does not load it.
 */

interface ScopeLike {
  setTag(key: string, value: string): unknown;
  setExtra(key: string, value: unknown): unknown;
}

export interface SentryLike {
  withScope(callback: (scope: ScopeLike) => void): unknown;
  captureException(exception: unknown): string;
}

export function sentrySink(sdk: SentryLike): ErrorSink {
  return (error, { area, message, extra }) => {
    sdk.withScope((scope) => {
      scope.setTag('area', area);
      if (message) scope.setExtra('log_message', message);
      for (const [key, value] of Object.entries(extra ?? {})) scope.setExtra(key, value);
      sdk.captureException(error);
    });
  };
}

/** Generic over the SDK's event types: the scrubbed copy has the same shape, minus what was removed. */
export const scrubbingHooks = {
  beforeSend: <T>(event: T): T | null => scrubEvent(event) as T | null,
  beforeSendTransaction: <T>(event: T): T | null => scrubEvent(event) as T | null,
  beforeBreadcrumb: <T>(breadcrumb: T): T | null => scrubBreadcrumb(breadcrumb) as T | null,
};
