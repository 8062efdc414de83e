import type { AnalyticsEventName } from '@/domain/analytics/events';

/** One event on its way from track() to the destinations. */
export interface PendingEvent {
  name: AnalyticsEventName;
  properties: Record<string, unknown>;
  path: string;
  at: string;
}

/** The same-origin collector call, with the learner's token when signed in (features/analytics registers it). */
export type CollectorSender = (body: { events: PendingEvent[]; anonymousId?: string }) => Promise<void>;

let collector: CollectorSender | null = null;

export function registerCollector(sender: CollectorSender | null): void {
  collector = sender;
}

export function collectorSender(): CollectorSender | null {
  return collector;
}
