import { randomBytes } from 'node:crypto';
import type { PlanId, PlanPrices } from '@/domain/billing/plans';
import type { SubscriptionRecord, SubscriptionStatus } from '@/domain/billing/subscription-state';
import type { BillingRepository } from '@/server/repositories/billing-repository';
import { CardDeclinedError, type BillingProvider, type LocalCheckoutCompletion, type RefundRequest } from './billing-provider';

/**
 * The offline payment provider (BILLING_PROVIDER=local, the default). Its checkout is a test page
 * served by the app; what Stripe would do (start a subscription, renew it, fail a card, cancel at
 * the period's end, refund) it does by sending Stripe-shaped events, signed with Stripe's SDK and
 * a local secret, through the very webhook handler production uses (`deliver`). It reads what is
 * stored only to describe the next event; it never writes subscription state itself.
 */

const DAY_S = 24 * 60 * 60;
const rand = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Calendar arithmetic as Stripe bills: the same day next month or next year (clamped to the month's end). */
export function addInterval(start: Date, plan: PlanId): Date {
  const next = new Date(start);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (plan === 'monthly') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export interface LocalProviderOptions {
  repository: BillingRepository;
  prices: PlanPrices;
  graceDays: number;
  appOrigin: string;
  now: () => Date;
  /** Sends one event through the webhook handler (signed like Stripe's). */
  deliver: (event: Record<string, unknown>) => Promise<void>;
}

export interface LocalProvider extends BillingProvider {
  readonly name: 'local';
  completeCheckout(completion: LocalCheckoutCompletion): Promise<void>;
  /** Renews, fails or ends what is due, as Stripe's billing would at that time. */
  tick(now?: Date): Promise<{ renewed: number; failed: number; ended: number }>;
}

export function createLocalProvider(options: LocalProviderOptions): LocalProvider {
  const { repository, prices } = options;
  const priceOf = (plan: PlanId) => (plan === 'monthly' ? prices.monthlyMinor : prices.yearlyMinor);
  let receiptCounter = 0;

  const event = (type: string, created: number, object: Record<string, unknown>) => ({ id: rand('evt'), object: 'event', type, created, livemode: false, data: { object } });

  function subscriptionObject(sub: { id: string; customer: string; uid: string; plan: PlanId; status: SubscriptionStatus; start: Date; end: Date; cancelAtPeriodEnd: boolean; trialEnd: Date | null; canceledAt: Date | null; endedAt: Date | null; checkoutId?: string }) {
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      canceled_at: sub.canceledAt ? seconds(sub.canceledAt) : null,
      ended_at: sub.endedAt ? seconds(sub.endedAt) : null,
      trial_end: sub.trialEnd ? seconds(sub.trialEnd) : null,
      start_date: seconds(sub.start),
      // As Stripe's subscription_data.metadata (stripe-provider.ts): the checkout it came from.
      metadata: { uid: sub.uid, plan: sub.plan, ...(sub.checkoutId ? { checkoutId: sub.checkoutId } : {}) },
      items: { data: [{ current_period_start: seconds(sub.start), current_period_end: seconds(sub.end), price: { id: `price_local_${sub.plan}`, recurring: { interval: sub.plan === 'monthly' ? 'month' : 'year' } } }] },
    };
  }

  const fromRecord = (record: SubscriptionRecord, changes: Partial<Parameters<typeof subscriptionObject>[0]> = {}) =>
    subscriptionObject({ id: record.id, customer: record.customerId, uid: record.uid, plan: record.planId, status: record.status, start: record.currentPeriodStart, end: record.currentPeriodEnd, cancelAtPeriodEnd: record.cancelAtPeriodEnd, trialEnd: record.trialEnd, canceledAt: record.canceledAt, endedAt: record.endedAt, ...changes });

  function invoiceObject(input: { subscriptionId: string; uid: string; customer: string; amount: number; start: Date; end: Date; paid: boolean; at: Date; plan: PlanId }) {
    receiptCounter += 1;
    return {
      id: rand('in'),
      object: 'invoice',
      customer: input.customer,
      parent: { subscription_details: { subscription: input.subscriptionId, metadata: { uid: input.uid, plan: input.plan } } },
      amount_paid: input.paid ? input.amount : 0,
      amount_due: input.amount,
      currency: prices.currency.toLowerCase(),
      number: `CT-${seconds(input.at).toString(36).toUpperCase()}-${String(receiptCounter).padStart(4, '0')}`,
      hosted_invoice_url: null,
      payment_intent: input.amount > 0 ? rand('pi') : null,
      status_transitions: { paid_at: input.paid ? seconds(input.at) : null },
      lines: { data: [{ period: { start: seconds(input.start), end: seconds(input.end) }, description: `Codetrail Pro (${input.plan})` }] },
    };
  }

  async function send(events: Record<string, unknown>[]) {
    for (const each of events) await options.deliver(each);
  }

  return {
    name: 'local',

    async createCheckout(request) {
      // The checkout page is the app's own; its id is the checkout's.
      return { url: `${options.appOrigin}/web/billing/test-checkout/${encodeURIComponent(request.checkoutId)}`, providerSessionId: request.checkoutId };
    },

    async completeCheckout(completion) {
      if (completion.card === 'declined') throw new CardDeclinedError('Your card was declined (test card 4000 0000 0000 0002). Nothing was charged; choose another card.');
      const now = options.now();
      const created = seconds(now);
      const existing = await repository.customerOf(completion.uid);
      const customer = existing?.provider === 'local' ? existing.customerId : rand('cus');
      await repository.linkCustomer({ userId: completion.uid, provider: 'local', customerId: customer, testCard: completion.card });
      const trialEnd = completion.trialDays > 0 ? new Date(now.getTime() + completion.trialDays * DAY_S * 1000) : null;
      const end = trialEnd ?? addInterval(now, completion.plan);
      const subscriptionId = rand('sub');
      const subscription = subscriptionObject({ id: subscriptionId, customer, uid: completion.uid, plan: completion.plan, status: trialEnd ? 'trialing' : 'active', start: now, end, cancelAtPeriodEnd: false, trialEnd, canceledAt: null, endedAt: null, checkoutId: completion.checkoutId });
      const invoice = invoiceObject({ subscriptionId, uid: completion.uid, customer, amount: trialEnd ? 0 : priceOf(completion.plan), start: now, end, paid: true, at: now, plan: completion.plan });
      await send([
        event('customer.subscription.created', created, subscription),
        event('invoice.paid', created, invoice),
        event('checkout.session.completed', created, { id: completion.checkoutId, object: 'checkout.session', client_reference_id: completion.uid, customer, subscription: subscriptionId, metadata: { checkoutId: completion.checkoutId, uid: completion.uid } }),
      ]);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const record = await repository.subscription(subscriptionId);
      if (!record) throw new Error(`local provider: no subscription ${subscriptionId}`);
      const now = options.now();
      await send([event('customer.subscription.updated', seconds(now), fromRecord(record, { cancelAtPeriodEnd: cancel, canceledAt: cancel ? now : null }))]);
    },

    async refund(request: RefundRequest) {
      const now = options.now();
      const created = seconds(now);
      const events: Record<string, unknown>[] = [
        event('charge.refunded', created, { id: rand('ch'), object: 'charge', customer: request.customerId, payment_intent: request.paymentIntentId, invoice: request.paymentId, amount: request.amountMinor, amount_refunded: request.amountMinor, refunded: true, currency: request.currency.toLowerCase() }),
      ];
      const record = request.subscriptionId ? await repository.subscription(request.subscriptionId) : null;
      if (record && record.status !== 'canceled') events.push(event('customer.subscription.deleted', created, fromRecord(record, { status: 'canceled', canceledAt: now, endedAt: now })));
      await send(events);
    },

    async portalUrl() {
      return null;
    },

    async tick(at) {
      const now = at ?? options.now();
      const created = seconds(now);
      const counts = { renewed: 0, failed: 0, ended: 0 };
      for (const record of await repository.dueLocalSubscriptions(now)) {
        if (record.status === 'past_due') {
          const graceStart = record.paymentFailedAt ?? record.currentPeriodStart;
          if (graceStart.getTime() + options.graceDays * DAY_S * 1000 > now.getTime()) continue;
          // Stripe's "cancel the subscription when all retries fail".
          await send([event('customer.subscription.deleted', created, fromRecord(record, { status: 'canceled', endedAt: now }))]);
          counts.ended += 1;
          continue;
        }
        if (record.cancelAtPeriodEnd) {
          await send([event('customer.subscription.deleted', created, fromRecord(record, { status: 'canceled', endedAt: record.currentPeriodEnd }))]);
          counts.ended += 1;
          continue;
        }
        const start = record.currentPeriodEnd;
        const end = addInterval(start, record.planId);
        const customer = await repository.customerOf(record.uid);
        const fails = customer?.testCard === 'fails-at-renewal';
        const invoice = invoiceObject({ subscriptionId: record.id, uid: record.uid, customer: record.customerId, amount: priceOf(record.planId), start, end, paid: !fails, at: now, plan: record.planId });
        await send([
          event(fails ? 'invoice.payment_failed' : 'invoice.paid', created, invoice),
          event('customer.subscription.updated', created, fromRecord(record, { status: fails ? 'past_due' : 'active', start, end, trialEnd: record.trialEnd })),
        ]);
        if (fails) counts.failed += 1;
        else counts.renewed += 1;
      }
      return counts;
    },
  };
}
