import { z } from 'zod';
import { PLAN_IDS, type PlanId } from './plans';

/**
 * Subscription state from payment-provider events (Stripe's event shapes, which the local
 * provider sends too). Pure: the billing service stores what these return. Rules:
 * - a subscription snapshot older than the one applied is ignored (events arrive out of order);
 * - `canceled` is final: nothing brings a subscription back from it;
 * - a payment only moves forward: failed → paid → refunded, never back;
 * - Pro lasts to the end of the paid period (a day's leeway for a late renewal), through a
 *   grace period after a failed payment, and ends at once on a refund.
 */

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const RENEWAL_LEEWAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_GRACE_DAYS = 7;
export const REFUND_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const id = z.string().min(1).max(255);
const expandable = z.union([id, z.object({ id })]).transform((value) => (typeof value === 'string' ? value : value.id));
const seconds = z.number().int().nonnegative();
const metadata = z.record(z.string(), z.string()).nullish().transform((value) => value ?? {});

const subscriptionObject = z.object({
  id,
  object: z.literal('subscription'),
  customer: expandable,
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  canceled_at: seconds.nullish(),
  ended_at: seconds.nullish(),
  trial_end: seconds.nullish(),
  start_date: seconds.optional(),
  current_period_start: seconds.optional(),
  current_period_end: seconds.optional(),
  metadata,
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_start: seconds.optional(),
          current_period_end: seconds.optional(),
          price: z.object({ id, recurring: z.object({ interval: z.string() }).nullish() }).optional(),
        }),
      ),
    })
    .optional(),
});

const invoiceObject = z.object({
  id,
  object: z.literal('invoice'),
  customer: expandable,
  subscription: expandable.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: expandable, metadata }).nullish() }).nullish(),
  /** Older API versions: the subscription's metadata at the time of the invoice. */
  subscription_details: z.object({ metadata }).nullish(),
  amount_paid: z.number().int().nonnegative(),
  amount_due: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  number: z.string().nullish(),
  hosted_invoice_url: z.string().nullish(),
  payment_intent: expandable.nullish(),
  status_transitions: z.object({ paid_at: seconds.nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ start: seconds, end: seconds }).optional(), description: z.string().nullish() })) }).optional(),
});

const chargeObject = z.object({
  id,
  object: z.literal('charge'),
  customer: expandable.nullish(),
  payment_intent: expandable.nullish(),
  invoice: expandable.nullish(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  refunded: z.boolean(),
  currency: z.string().min(3).max(3),
});

const checkoutSessionObject = z.object({
  id,
  object: z.literal('checkout.session'),
  client_reference_id: z.string().nullish(),
  customer: expandable.nullish(),
  subscription: expandable.nullish(),
  metadata,
});

const envelope = <T extends string, O extends z.ZodType>(types: readonly [T, ...T[]], object: O) =>
  z.object({ id, type: z.enum(types), created: seconds, data: z.object({ object }) });

export const billingEventSchema = z.union([
  envelope(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'], subscriptionObject),
  envelope(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed'], invoiceObject),
  envelope(['charge.refunded'], chargeObject),
  envelope(['checkout.session.completed'], checkoutSessionObject),
]);
export type BillingEvent = z.infer<typeof billingEventSchema>;
export type StripeSubscription = z.infer<typeof subscriptionObject>;
export type StripeInvoice = z.infer<typeof invoiceObject>;
export type StripeCharge = z.infer<typeof chargeObject>;
export type StripeCheckoutSession = z.infer<typeof checkoutSessionObject>;
export type InvoiceEventType = 'invoice.paid' | 'invoice.payment_succeeded' | 'invoice.payment_failed';

/** The event types this app acts on; anything else is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES: readonly string[] = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'charge.refunded',
  'checkout.session.completed',
];

export interface SubscriptionRecord {
  id: string;
  uid: string;
  customerId: string;
  planId: PlanId;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  /** The first failed payment since the last successful one; starts the grace period. */
  paymentFailedAt: Date | null;
  /** `created` (seconds) of the event whose snapshot this is: older snapshots are ignored. */
  snapshotCreated: number;
}

export type PaymentStatus = 'failed' | 'paid' | 'refunded';
const PAYMENT_RANK: Record<PaymentStatus, number> = { failed: 0, paid: 1, refunded: 2 };

export interface PaymentRecord {
  /** The invoice's id. */
  id: string;
  uid: string;
  subscriptionId: string | null;
  amountMinor: number;
  currency: string;
  status: PaymentStatus;
  paidAt: Date | null;
  failedAt: Date | null;
  refundedAt: Date | null;
  paymentIntentId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  number: string | null;
  receiptUrl: string | null;
}

const at = (value: number | null | undefined): Date | null => (value === null || value === undefined ? null : new Date(value * 1000));

export function planOfSubscription(subscription: StripeSubscription, priceIds: Partial<Record<PlanId, string>> = {}): PlanId | null {
  const fromMetadata = subscription.metadata.plan;
  if (fromMetadata && (PLAN_IDS as readonly string[]).includes(fromMetadata)) return fromMetadata as PlanId;
  const price = subscription.items?.data[0]?.price;
  if (price) {
    const byId = (Object.entries(priceIds) as [PlanId, string][]).find(([, priceId]) => priceId === price.id);
    if (byId) return byId[0];
    if (price.recurring?.interval === 'month') return 'monthly';
    if (price.recurring?.interval === 'year') return 'yearly';
  }
  return null;
}

/** The period of a subscription: on the subscription in older API versions, on its item in newer ones. */
function periodOf(subscription: StripeSubscription): { start: number; end: number } {
  const item = subscription.items?.data[0];
  const start = subscription.current_period_start ?? item?.current_period_start ?? subscription.start_date ?? 0;
  const end = subscription.current_period_end ?? item?.current_period_end ?? start;
  return { start, end };
}

export type SnapshotOutcome = { applied: true; record: SubscriptionRecord } | { applied: false; reason: 'older' | 'final' | 'no-plan'; record: SubscriptionRecord | null };

/** Applies a subscription event's snapshot to what is stored (null: nothing yet). */
export function applySubscriptionSnapshot(
  current: SubscriptionRecord | null,
  event: { created: number; subscription: StripeSubscription; uid: string },
  priceIds: Partial<Record<PlanId, string>> = {},
): SnapshotOutcome {
  if (current && current.status === 'canceled') return { applied: false, reason: 'final', record: current };
  if (current && event.created < current.snapshotCreated) return { applied: false, reason: 'older', record: current };
  const planId = planOfSubscription(event.subscription, priceIds) ?? current?.planId ?? null;
  if (!planId) return { applied: false, reason: 'no-plan', record: current };
  const period = periodOf(event.subscription);
  const record: SubscriptionRecord = {
    id: event.subscription.id,
    uid: event.uid,
    customerId: event.subscription.customer,
    planId,
    status: event.subscription.status,
    currentPeriodStart: new Date(period.start * 1000),
    currentPeriodEnd: new Date(period.end * 1000),
    cancelAtPeriodEnd: event.subscription.cancel_at_period_end,
    trialEnd: at(event.subscription.trial_end),
    canceledAt: at(event.subscription.canceled_at),
    endedAt: at(event.subscription.ended_at) ?? (event.subscription.status === 'canceled' ? new Date(event.created * 1000) : null),
    paymentFailedAt: current?.paymentFailedAt ?? null,
    snapshotCreated: event.created,
  };
  return { applied: true, record };
}

export function subscriptionOfInvoice(invoice: StripeInvoice): string | null {
  return invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
}

/** The learner an invoice is for, from its subscription's metadata (set at checkout); null if absent. */
export function uidOfInvoice(invoice: StripeInvoice): string | null {
  return invoice.parent?.subscription_details?.metadata.uid ?? invoice.subscription_details?.metadata.uid ?? null;
}

/** Applies invoice.paid / invoice.payment_failed to the payment (null: not stored yet). */
export function applyInvoice(current: PaymentRecord | null, event: { type: InvoiceEventType; created: number; invoice: StripeInvoice; uid: string }): PaymentRecord {
  const { invoice } = event;
  const paid = event.type !== 'invoice.payment_failed';
  const incoming: PaymentStatus = paid ? 'paid' : 'failed';
  const line = invoice.lines?.data[0];
  const status = current && PAYMENT_RANK[current.status] > PAYMENT_RANK[incoming] ? current.status : incoming;
  return {
    id: invoice.id,
    uid: event.uid,
    subscriptionId: subscriptionOfInvoice(invoice) ?? current?.subscriptionId ?? null,
    amountMinor: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency.toUpperCase(),
    status,
    paidAt: paid ? at(invoice.status_transitions?.paid_at) ?? new Date(event.created * 1000) : current?.paidAt ?? null,
    failedAt: paid ? current?.failedAt ?? null : current?.failedAt ?? new Date(event.created * 1000),
    refundedAt: current?.refundedAt ?? null,
    paymentIntentId: invoice.payment_intent ?? current?.paymentIntentId ?? null,
    periodStart: at(line?.period?.start) ?? current?.periodStart ?? null,
    periodEnd: at(line?.period?.end) ?? current?.periodEnd ?? null,
    number: invoice.number ?? current?.number ?? null,
    receiptUrl: invoice.hosted_invoice_url ?? current?.receiptUrl ?? null,
  };
}

/** A failed payment starts the grace period; a later successful one ends it. */
export function applyPaymentToSubscription(subscription: SubscriptionRecord, event: { type: string; created: number }): SubscriptionRecord {
  const when = new Date(event.created * 1000);
  if (event.type === 'invoice.payment_failed') {
    if (subscription.paymentFailedAt && subscription.paymentFailedAt >= subscription.currentPeriodStart) return subscription;
    return { ...subscription, paymentFailedAt: when };
  }
  if (subscription.paymentFailedAt && subscription.paymentFailedAt <= when) return { ...subscription, paymentFailedAt: null };
  return subscription;
}

/** charge.refunded: the payment is refunded for good (a partial refund does not count). */
export function applyRefund(current: PaymentRecord | null, event: { created: number; charge: StripeCharge; uid: string }): PaymentRecord | null {
  const { charge } = event;
  if (!charge.refunded || charge.amount_refunded < charge.amount) return current;
  const when = new Date(event.created * 1000);
  if (current) return { ...current, status: 'refunded', refundedAt: current.refundedAt ?? when, paymentIntentId: current.paymentIntentId ?? charge.payment_intent ?? null };
  // The refund arrived before its invoice: keep it, so the late invoice.paid cannot undo it.
  const paymentId = charge.invoice ?? (charge.payment_intent ? `pi:${charge.payment_intent}` : null);
  if (!paymentId) return null;
  return {
    id: paymentId,
    uid: event.uid,
    subscriptionId: null,
    amountMinor: charge.amount,
    currency: charge.currency.toUpperCase(),
    status: 'refunded',
    paidAt: null,
    failedAt: null,
    refundedAt: when,
    paymentIntentId: charge.payment_intent ?? null,
    periodStart: null,
    periodEnd: null,
    number: null,
    receiptUrl: null,
  };
}

export type EntitlementState = 'free' | 'trialing' | 'active' | 'cancelling' | 'grace' | 'lapsed' | 'ended';

export interface Entitlement {
  pro: boolean;
  state: EntitlementState;
  /** Pro lasts until then (null when not Pro). */
  until: Date | null;
  subscriptionId: string | null;
  planId: PlanId | null;
  /** When the plan renews (null when it will not). */
  renewsAt: Date | null;
  /** A sentence for the learner when something needs their attention. */
  notice: string | null;
}

/** The grace period's notice; pages write the day in the learner's zone (billing-service's DTO). */
export const graceNotice = (untilText: string) => `Your last payment did not go through. Pro stays on until ${untilText} while the payment is retried; update your card to keep it.`;

const FREE: Entitlement = { pro: false, state: 'free', until: null, subscriptionId: null, planId: null, renewsAt: null, notice: null };

function entitlementOfOne(subscription: SubscriptionRecord, now: Date, graceDays: number): Entitlement {
  const base = { subscriptionId: subscription.id, planId: subscription.planId };
  const periodEnd = subscription.currentPeriodEnd;
  switch (subscription.status) {
    case 'trialing':
    case 'active': {
      const cancelling = subscription.cancelAtPeriodEnd;
      const end = subscription.status === 'trialing' && subscription.trialEnd ? subscription.trialEnd : periodEnd;
      const until = new Date(end.getTime() + (cancelling ? 0 : RENEWAL_LEEWAY_MS));
      if (now >= until) return { ...FREE, ...base, state: 'ended' };
      const state: EntitlementState = cancelling ? 'cancelling' : subscription.status;
      return { ...base, pro: true, state, until, renewsAt: cancelling ? null : end, notice: null };
    }
    case 'past_due': {
      // A failure from before this period belongs to an earlier invoice (a late or replayed event can
      // leave one behind): grace runs from this period, as applyPaymentToSubscription's next failure would.
      const failedAt = subscription.paymentFailedAt;
      const graceStart = failedAt && failedAt >= subscription.currentPeriodStart ? failedAt : subscription.currentPeriodStart;
      const until = new Date(graceStart.getTime() + graceDays * DAY_MS);
      if (now < until) {
        return { ...base, pro: true, state: 'grace', until, renewsAt: null, notice: graceNotice(until.toISOString().slice(0, 10)) };
      }
      return { ...FREE, ...base, state: 'lapsed', notice: 'Your payment did not go through, so Pro is paused. Update your card or subscribe again to get it back.' };
    }
    case 'unpaid':
    case 'paused':
      return { ...FREE, ...base, state: 'lapsed', notice: 'Your payment did not go through, so Pro is paused. Update your card or subscribe again to get it back.' };
    case 'canceled':
      return { ...FREE, ...base, state: 'ended' };
    case 'incomplete':
    case 'incomplete_expired':
      return { ...FREE, ...base, state: 'free' };
  }
}

/** The learner's Pro entitlement from all their subscriptions: the one that gives the most wins. */
export function entitlementOf(subscriptions: readonly SubscriptionRecord[], now: Date, graceDays = DEFAULT_GRACE_DAYS): Entitlement {
  const each = subscriptions.map((subscription) => ({ subscription, entitlement: entitlementOfOne(subscription, now, graceDays) }));
  const pro = each.filter((entry) => entry.entitlement.pro).sort((a, b) => (b.entitlement.until?.getTime() ?? 0) - (a.entitlement.until?.getTime() ?? 0));
  if (pro[0]) return pro[0].entitlement;
  const latest = [...each].sort((a, b) => b.subscription.snapshotCreated - a.subscription.snapshotCreated)[0];
  return latest ? latest.entitlement : FREE;
}

export type RefundDecision = { refundable: true } | { refundable: false; reason: string };

/** Web purchases can be refunded from Settings within 14 days of the payment. */
export function refundDecision(payment: Pick<PaymentRecord, 'status' | 'paidAt' | 'amountMinor'>, now: Date, windowDays = REFUND_WINDOW_DAYS): RefundDecision {
  if (payment.status === 'refunded') return { refundable: false, reason: 'This payment has already been refunded.' };
  if (payment.status !== 'paid' || !payment.paidAt) return { refundable: false, reason: 'Only a completed payment can be refunded.' };
  if (payment.amountMinor <= 0) return { refundable: false, reason: 'Nothing was charged for this period (a free trial), so there is nothing to refund. Cancel instead.' };
  if (now.getTime() - payment.paidAt.getTime() > windowDays * DAY_MS) return { refundable: false, reason: `Payments can be refunded within ${windowDays} days. This one is older; you can still cancel, and keep Pro until the period ends.` };
  return { refundable: true };
}
