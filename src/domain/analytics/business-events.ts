import type { PlanId } from '@/domain/billing/plans';
import type { SubscriptionStatus } from '@/domain/billing/subscription-state';
import type { AnalyticsProperties, ServerOnlyEventName } from './events';

/**
 * The business events the server records (SERVER_ONLY_EVENT_NAMES), derived from what the
 * payment provider's verified webhook changed. Each carries a dedupe key naming the real event
 * (a checkout, a subscription's start or end), so it is one row however often its webhook is
 * delivered, and in whatever order the provider sends its events.
 */
export type BusinessEvent = { [E in ServerOnlyEventName]: { name: E; properties: AnalyticsProperties<E>; dedupeKey: string } }[ServerOnlyEventName];

/** Statuses in which a subscription gives Pro as started (a trial counts: the learner chose a plan). */
const STARTED: readonly SubscriptionStatus[] = ['trialing', 'active'];

/** A checkout the webhook completed: the paywall funnel's last step. */
export function purchaseEvent(checkout: { id: string; planId: PlanId }): BusinessEvent {
  return { name: 'purchase', properties: { plan: checkout.planId }, dedupeKey: `purchase:${checkout.id}` };
}

/** What a subscription snapshot changed: it started (first time live) and/or ended (became canceled). */
export function subscriptionEvents(previous: { status: SubscriptionStatus } | null, next: { id: string; planId: PlanId; status: SubscriptionStatus }): BusinessEvent[] {
  const events: BusinessEvent[] = [];
  const wasLive = previous !== null && (STARTED.includes(previous.status) || previous.status === 'past_due' || previous.status === 'canceled');
  if (STARTED.includes(next.status) && !wasLive) {
    events.push({ name: 'subscription_started', properties: { plan: next.planId, trial: next.status === 'trialing' }, dedupeKey: `subscription_started:${next.id}` });
  }
  if (next.status === 'canceled' && previous?.status !== 'canceled') {
    events.push({ name: 'subscription_ended', properties: { plan: next.planId }, dedupeKey: `subscription_ended:${next.id}` });
  }
  return events;
}
