import type { SubscriptionStatus } from '@/domain/billing/subscription-state';
import { purchaseEvent, subscriptionEvents } from './business-events';
import { ANALYTICS_EVENTS, SERVER_ONLY_EVENT_NAMES } from './events';

const sub = (status: SubscriptionStatus) => ({ id: 'sub_1', planId: 'yearly' as const, status });
const was = (status: SubscriptionStatus) => ({ status });

describe('subscriptionEvents', () => {
  it.each<[string, { status: SubscriptionStatus } | null, SubscriptionStatus, string[]]>([
    ['a new active subscription starts', null, 'active', ['subscription_started:sub_1']],
    ['a new trial starts', null, 'trialing', ['subscription_started:sub_1']],
    ['an incomplete one that becomes active starts then', was('incomplete'), 'active', ['subscription_started:sub_1']],
    ['a new incomplete one has not started', null, 'incomplete', []],
    ['a renewal is not a start', was('active'), 'active', []],
    ['a trial that converts is not a second start', was('trialing'), 'active', []],
    ['recovering from a failed payment is not a start', was('past_due'), 'active', []],
    ['a cancellation ends it', was('active'), 'canceled', ['subscription_ended:sub_1']],
    ['an ended trial ends it', was('trialing'), 'canceled', ['subscription_ended:sub_1']],
    ['an end seen again is not a second end', was('canceled'), 'canceled', []],
    ['created already canceled: ended, never started', null, 'canceled', ['subscription_ended:sub_1']],
  ])('%s', (_, previous, status, keys) => {
    expect(subscriptionEvents(previous, sub(status)).map((event) => event.dedupeKey)).toEqual(keys);
  });

  it('says whether a start is a trial', () => {
    expect(subscriptionEvents(null, sub('trialing'))[0]?.properties).toEqual({ plan: 'yearly', trial: true });
    expect(subscriptionEvents(null, sub('active'))[0]?.properties).toEqual({ plan: 'yearly', trial: false });
  });
});

describe('purchaseEvent', () => {
  it('is one per checkout', () => {
    expect(purchaseEvent({ id: 'co_1', planId: 'monthly' })).toEqual({ name: 'purchase', properties: { plan: 'monthly' }, dedupeKey: 'purchase:co_1' });
  });
});

describe('every business event fits the catalogue', () => {
  it.each([purchaseEvent({ id: 'co_1', planId: 'monthly' }), ...subscriptionEvents(null, sub('trialing')), ...subscriptionEvents(was('active'), sub('canceled'))])('$name', (event) => {
    expect(SERVER_ONLY_EVENT_NAMES).toContain(event.name);
    expect(ANALYTICS_EVENTS[event.name].schema.safeParse(event.properties).success).toBe(true);
  });
});
