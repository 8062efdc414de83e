import type { PlanId } from './plans';
import {
  applyInvoice,
  applyPaymentToSubscription,
  applyRefund,
  applySubscriptionSnapshot,
  billingEventSchema,
  DEFAULT_GRACE_DAYS,
  entitlementOf,
  HANDLED_EVENT_TYPES,
  planOfSubscription,
  refundDecision,
  RENEWAL_LEEWAY_MS,
  subscriptionOfInvoice,
  type BillingEvent,
  type Entitlement,
  type EntitlementState,
  type PaymentRecord,
  type PaymentStatus,
  type SnapshotOutcome,
  type StripeCharge,
  type StripeInvoice,
  type StripeSubscription,
  type SubscriptionRecord,
  type SubscriptionStatus,
} from './subscription-state';

// ---------------------------------------------------------------------------------------------
// Stripe-shaped event factory. Everything goes through billingEventSchema, as a webhook would.
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;
interface RawEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Json };
}

const UID = 'uid_1';
const CUSTOMER = 'cus_1';
const SUB = 'sub_1';

/** Seconds since the epoch, as Stripe sends `created`. */
const s = (iso: string): number => Date.parse(iso) / 1000;
const d = (iso: string): Date => new Date(iso);

const JAN1 = '2026-01-01T00:00:00Z';
const FEB1 = '2026-02-01T00:00:00Z';
const MAR1 = '2026-03-01T00:00:00Z';
const APR1 = '2026-04-01T00:00:00Z';

const event = (id: string, type: string, created: string, object: Json): RawEvent => ({ id, type, created: s(created), data: { object } });

interface SubscriptionShape {
  status?: SubscriptionStatus;
  start?: string;
  end?: string;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: string | null;
  endedAt?: string | null;
  trialEnd?: string | null;
  metadata?: Record<string, string> | null;
  /** Newer Stripe API versions: the period lives on the item, not on the subscription. */
  periodOnItem?: boolean;
  price?: { id: string; recurring: { interval: string } | null };
  id?: string;
}

function subscriptionObject(shape: SubscriptionShape = {}): Json {
  const start = s(shape.start ?? JAN1);
  const end = s(shape.end ?? FEB1);
  const item: Json = { price: shape.price ?? { id: 'price_monthly', recurring: { interval: 'month' } } };
  const object: Json = {
    id: shape.id ?? SUB,
    object: 'subscription',
    customer: CUSTOMER,
    status: shape.status ?? 'active',
    cancel_at_period_end: shape.cancelAtPeriodEnd ?? false,
    canceled_at: shape.canceledAt ? s(shape.canceledAt) : null,
    ended_at: shape.endedAt ? s(shape.endedAt) : null,
    trial_end: shape.trialEnd ? s(shape.trialEnd) : null,
    start_date: s(JAN1),
    metadata: shape.metadata === undefined ? { plan: 'monthly' } : shape.metadata,
    items: { data: [shape.periodOnItem ? { ...item, current_period_start: start, current_period_end: end } : item] },
  };
  if (!shape.periodOnItem) {
    object.current_period_start = start;
    object.current_period_end = end;
  }
  return object;
}

interface InvoiceShape {
  id: string;
  amount?: number;
  paidAt?: string | null;
  start?: string;
  end?: string;
  paymentIntent?: string | null;
  subscription?: string | null;
  /** Newer Stripe API versions: the subscription is under parent.subscription_details. */
  subscriptionOnParent?: boolean;
}

function invoiceObject(shape: InvoiceShape): Json {
  const subscription = shape.subscription === undefined ? SUB : shape.subscription;
  const amount = shape.amount ?? 999;
  return {
    id: shape.id,
    object: 'invoice',
    customer: { id: CUSTOMER },
    ...(shape.subscriptionOnParent ? { parent: { subscription_details: { subscription } } } : { subscription }),
    amount_paid: shape.paidAt ? amount : 0,
    amount_due: amount,
    currency: 'usd',
    number: `NUM-${shape.id}`,
    hosted_invoice_url: `https://invoice.stripe.example/${shape.id}`,
    payment_intent: shape.paymentIntent === undefined ? `pi_${shape.id}` : shape.paymentIntent,
    status_transitions: { paid_at: shape.paidAt ? s(shape.paidAt) : null },
    lines: { data: [{ period: { start: s(shape.start ?? JAN1), end: s(shape.end ?? FEB1) }, description: 'Codetrail Pro' }] },
  };
}

function chargeObject(shape: { id: string; invoice: string | null; paymentIntent: string | null; amount?: number; refunded?: number; refundedFlag?: boolean }): Json {
  const amount = shape.amount ?? 999;
  const refunded = shape.refunded ?? amount;
  return {
    id: shape.id,
    object: 'charge',
    customer: CUSTOMER,
    payment_intent: shape.paymentIntent,
    invoice: shape.invoice,
    amount,
    amount_refunded: refunded,
    refunded: shape.refundedFlag ?? refunded >= amount,
    currency: 'usd',
  };
}

// Events of one learner's subscription, named for the tables below.
const created = (at = JAN1, shape: SubscriptionShape = {}) => event(`evt_created_${at}`, 'customer.subscription.created', at, subscriptionObject(shape));
const updated = (id: string, at: string, shape: SubscriptionShape = {}) => event(id, 'customer.subscription.updated', at, subscriptionObject(shape));
const deleted = (at: string, shape: SubscriptionShape = {}) =>
  event(`evt_deleted_${at}`, 'customer.subscription.deleted', at, subscriptionObject({ status: 'canceled', canceledAt: at, endedAt: at, ...shape }));
const paid = (id: string, at: string, shape: Partial<InvoiceShape> = {}) => event(`evt_paid_${id}_${at}`, 'invoice.paid', at, invoiceObject({ id, paidAt: at, ...shape }));
const failed = (id: string, at: string, shape: Partial<InvoiceShape> = {}) => event(`evt_failed_${id}_${at}`, 'invoice.payment_failed', at, invoiceObject({ id, paidAt: null, ...shape }));
const refunded = (invoice: string | null, at: string, shape: { paymentIntent?: string | null; amount?: number; refunded?: number } = {}) =>
  event(`evt_refund_${invoice}_${at}`, 'charge.refunded', at, chargeObject({ id: `ch_${invoice}`, invoice, paymentIntent: shape.paymentIntent === undefined ? `pi_${invoice}` : shape.paymentIntent, ...shape }));

// ---------------------------------------------------------------------------------------------
// The fold: what a webhook handler stores, event by event, using only the exported rules.
// ---------------------------------------------------------------------------------------------

interface Store {
  subscriptions: Record<string, SubscriptionRecord>;
  payments: Record<string, PaymentRecord>;
  /** What each event did: "applied" or the reason a snapshot was ignored, "payment", "refund", "ignored". */
  outcomes: string[];
}

function fold(events: readonly RawEvent[], priceIds: Partial<Record<PlanId, string>> = {}): Store {
  const store: Store = { subscriptions: {}, payments: {}, outcomes: [] };
  for (const raw of events) {
    const parsed: BillingEvent = billingEventSchema.parse(raw);
    switch (parsed.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = parsed.data.object;
        const outcome: SnapshotOutcome = applySubscriptionSnapshot(store.subscriptions[subscription.id] ?? null, { created: parsed.created, subscription, uid: UID }, priceIds);
        if (outcome.applied) store.subscriptions[subscription.id] = outcome.record;
        store.outcomes.push(outcome.applied ? 'applied' : outcome.reason);
        break;
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed': {
        const invoice = parsed.data.object;
        // A refund that came first is kept under "pi:<payment intent>" when its charge named no invoice.
        const earlyRefundKey = invoice.payment_intent ? `pi:${invoice.payment_intent}` : null;
        const current = store.payments[invoice.id] ?? (earlyRefundKey ? store.payments[earlyRefundKey] : undefined) ?? null;
        const payment = applyInvoice(current, { type: parsed.type, created: parsed.created, invoice, uid: UID });
        if (earlyRefundKey && earlyRefundKey !== payment.id) delete store.payments[earlyRefundKey];
        store.payments[payment.id] = payment;
        const subscriptionId = subscriptionOfInvoice(invoice);
        const subscription = subscriptionId ? store.subscriptions[subscriptionId] : undefined;
        if (subscription) store.subscriptions[subscription.id] = applyPaymentToSubscription(subscription, { type: parsed.type, created: parsed.created });
        store.outcomes.push('payment');
        break;
      }
      case 'charge.refunded': {
        const charge = parsed.data.object;
        const current = Object.values(store.payments).find((payment) => payment.id === charge.invoice || (charge.payment_intent !== null && charge.payment_intent !== undefined && payment.paymentIntentId === charge.payment_intent)) ?? null;
        const payment = applyRefund(current, { created: parsed.created, charge, uid: UID });
        if (payment) store.payments[payment.id] = payment;
        store.outcomes.push(payment === current ? 'ignored' : 'refund');
        break;
      }
      case 'checkout.session.completed':
        store.outcomes.push('ignored');
        break;
    }
  }
  return store;
}

/** The stored subscription as applySubscriptionSnapshot makes it from subscriptionObject's defaults. */
function subscriptionRecord(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    id: SUB,
    uid: UID,
    customerId: CUSTOMER,
    planId: 'monthly',
    status: 'active',
    currentPeriodStart: d(JAN1),
    currentPeriodEnd: d(FEB1),
    cancelAtPeriodEnd: false,
    trialEnd: null,
    canceledAt: null,
    endedAt: null,
    paymentFailedAt: null,
    snapshotCreated: s(JAN1),
    ...overrides,
  };
}

/** The stored payment as applyInvoice makes it from invoiceObject's defaults. */
function paymentRecord(id: string, overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id,
    uid: UID,
    subscriptionId: SUB,
    amountMinor: 999,
    currency: 'USD',
    status: 'paid',
    paidAt: d(JAN1),
    failedAt: null,
    refundedAt: null,
    paymentIntentId: `pi_${id}`,
    periodStart: d(JAN1),
    periodEnd: d(FEB1),
    number: `NUM-${id}`,
    receiptUrl: `https://invoice.stripe.example/${id}`,
    ...overrides,
  };
}

type ExpectedEntitlement = [at: string, state: EntitlementState, until: string | null, renewsAt: string | null];

interface Machine {
  events: RawEvent[];
  outcomes: string[];
  subscription: SubscriptionRecord | null;
  payments: PaymentRecord[];
  entitlement: ExpectedEntitlement[];
}

const GRACE_END = '2026-02-08T01:00:00Z';
const LAPSED_NOTICE = 'Your payment did not go through, so Pro is paused. Update your card or subscribe again to get it back.';

describe('webhook state machine', () => {
  const renewed = updated('evt_renewed', FEB1, { start: FEB1, end: MAR1 });
  const cancelAtEnd = updated('evt_cancel_at_end', '2026-01-10T00:00:00Z', { cancelAtPeriodEnd: true, canceledAt: '2026-01-10T00:00:00Z' });
  const pastDue = updated('evt_past_due', '2026-02-01T01:00:00Z', { status: 'past_due', start: FEB1, end: MAR1 });
  const renewalFailed = failed('in_2', '2026-02-01T01:00:00Z', { start: FEB1, end: MAR1 });
  const retryFailed = failed('in_2', '2026-02-04T01:00:00Z', { start: FEB1, end: MAR1 });
  const renewalPaid = paid('in_2', '2026-02-05T00:00:00Z', { start: FEB1, end: MAR1 });
  const recovered = updated('evt_recovered', '2026-02-05T00:00:00Z', { start: FEB1, end: MAR1 });

  it.each<[string, Machine]>([
    [
      'created and paid',
      {
        events: [created(), paid('in_1', JAN1)],
        outcomes: ['applied', 'payment'],
        subscription: subscriptionRecord(),
        payments: [paymentRecord('in_1')],
        entitlement: [
          ['2025-12-31T23:59:59Z', 'active', '2026-02-02T00:00:00Z', FEB1],
          ['2026-01-15T00:00:00Z', 'active', '2026-02-02T00:00:00Z', FEB1],
          // A day's leeway for a renewal that is late to arrive.
          ['2026-02-01T23:59:59Z', 'active', '2026-02-02T00:00:00Z', FEB1],
          ['2026-02-02T00:00:00Z', 'ended', null, null],
        ],
      },
    ],
    [
      'created with a trial, the trial invoice is free',
      {
        events: [created(JAN1, { status: 'trialing', end: '2026-01-08T00:00:00Z', trialEnd: '2026-01-08T00:00:00Z' }), paid('in_0', JAN1, { amount: 0, end: '2026-01-08T00:00:00Z' })],
        outcomes: ['applied', 'payment'],
        subscription: subscriptionRecord({ status: 'trialing', currentPeriodEnd: d('2026-01-08T00:00:00Z'), trialEnd: d('2026-01-08T00:00:00Z') }),
        payments: [paymentRecord('in_0', { amountMinor: 0, periodEnd: d('2026-01-08T00:00:00Z') })],
        entitlement: [
          ['2026-01-05T00:00:00Z', 'trialing', '2026-01-09T00:00:00Z', '2026-01-08T00:00:00Z'],
          ['2026-01-09T00:00:00Z', 'ended', null, null],
        ],
      },
    ],
    [
      'trial converts: renewed and paid',
      {
        events: [
          created(JAN1, { status: 'trialing', end: '2026-01-08T00:00:00Z', trialEnd: '2026-01-08T00:00:00Z' }),
          updated('evt_converted', '2026-01-08T00:00:00Z', { start: '2026-01-08T00:00:00Z', end: '2026-02-08T00:00:00Z', trialEnd: '2026-01-08T00:00:00Z' }),
          paid('in_1', '2026-01-08T01:00:00Z', { start: '2026-01-08T00:00:00Z', end: '2026-02-08T00:00:00Z' }),
        ],
        outcomes: ['applied', 'applied', 'payment'],
        subscription: subscriptionRecord({ currentPeriodStart: d('2026-01-08T00:00:00Z'), currentPeriodEnd: d('2026-02-08T00:00:00Z'), trialEnd: d('2026-01-08T00:00:00Z'), snapshotCreated: s('2026-01-08T00:00:00Z') }),
        payments: [paymentRecord('in_1', { paidAt: d('2026-01-08T01:00:00Z'), periodStart: d('2026-01-08T00:00:00Z'), periodEnd: d('2026-02-08T00:00:00Z') })],
        entitlement: [
          // Active now: the trial's end no longer bounds Pro.
          ['2026-01-20T00:00:00Z', 'active', '2026-02-09T00:00:00Z', '2026-02-08T00:00:00Z'],
        ],
      },
    ],
    [
      'renewed for a second month',
      {
        events: [created(), paid('in_1', JAN1), renewed, paid('in_2', '2026-02-01T01:00:00Z', { start: FEB1, end: MAR1 })],
        outcomes: ['applied', 'payment', 'applied', 'payment'],
        subscription: subscriptionRecord({ currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), snapshotCreated: s(FEB1) }),
        payments: [paymentRecord('in_1'), paymentRecord('in_2', { paidAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) })],
        entitlement: [
          ['2026-02-15T00:00:00Z', 'active', '2026-03-02T00:00:00Z', MAR1],
          ['2026-03-01T12:00:00Z', 'active', '2026-03-02T00:00:00Z', MAR1],
          ['2026-03-02T00:00:00Z', 'ended', null, null],
        ],
      },
    ],
    [
      'renewal failed: grace, then lapsed',
      {
        events: [created(), paid('in_1', JAN1), renewalFailed, pastDue],
        outcomes: ['applied', 'payment', 'payment', 'applied'],
        subscription: subscriptionRecord({ status: 'past_due', currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), paymentFailedAt: d('2026-02-01T01:00:00Z'), snapshotCreated: s('2026-02-01T01:00:00Z') }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { status: 'failed', paidAt: null, failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        entitlement: [
          ['2026-02-01T01:00:00Z', 'grace', GRACE_END, null],
          ['2026-02-08T00:59:59Z', 'grace', GRACE_END, null],
          ['2026-02-08T01:00:00Z', 'lapsed', null, null],
        ],
      },
    ],
    [
      'renewal failed: the past_due snapshot arrives before the failed invoice',
      {
        events: [created(), paid('in_1', JAN1), pastDue, renewalFailed],
        outcomes: ['applied', 'payment', 'applied', 'payment'],
        subscription: subscriptionRecord({ status: 'past_due', currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), paymentFailedAt: d('2026-02-01T01:00:00Z'), snapshotCreated: s('2026-02-01T01:00:00Z') }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { status: 'failed', paidAt: null, failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        entitlement: [
          ['2026-02-05T00:00:00Z', 'grace', GRACE_END, null],
          ['2026-02-09T00:00:00Z', 'lapsed', null, null],
        ],
      },
    ],
    [
      'renewal failed, a retry failed too: grace still runs from the first failure',
      {
        events: [created(), paid('in_1', JAN1), renewalFailed, pastDue, retryFailed],
        outcomes: ['applied', 'payment', 'payment', 'applied', 'payment'],
        subscription: subscriptionRecord({ status: 'past_due', currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), paymentFailedAt: d('2026-02-01T01:00:00Z'), snapshotCreated: s('2026-02-01T01:00:00Z') }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { status: 'failed', paidAt: null, failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        entitlement: [['2026-02-08T01:00:00Z', 'lapsed', null, null]],
      },
    ],
    [
      'renewal failed, then the retry was paid: grace ends, Pro to the end of the period',
      {
        events: [created(), paid('in_1', JAN1), renewalFailed, pastDue, renewalPaid, recovered],
        outcomes: ['applied', 'payment', 'payment', 'applied', 'payment', 'applied'],
        subscription: subscriptionRecord({ currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), snapshotCreated: s('2026-02-05T00:00:00Z') }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { paidAt: d('2026-02-05T00:00:00Z'), failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        entitlement: [
          ['2026-02-09T00:00:00Z', 'active', '2026-03-02T00:00:00Z', MAR1],
          ['2026-03-02T00:00:00Z', 'ended', null, null],
        ],
      },
    ],
    [
      'renewal failed, then paid, with the failure delivered last: the payment stays paid',
      {
        events: [created(), paid('in_1', JAN1), recovered, renewalPaid, renewalFailed],
        outcomes: ['applied', 'payment', 'applied', 'payment', 'payment'],
        // The late failure is stored (applyPaymentToSubscription cannot tell it is older than the
        // payment); the subscription's own snapshot says active, so it takes nothing away.
        subscription: subscriptionRecord({ currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), paymentFailedAt: d('2026-02-01T01:00:00Z'), snapshotCreated: s('2026-02-05T00:00:00Z') }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { paidAt: d('2026-02-05T00:00:00Z'), failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        entitlement: [['2026-02-20T00:00:00Z', 'active', '2026-03-02T00:00:00Z', MAR1]],
      },
    ],
    [
      'a stale failure from last period does not cut the next renewal’s grace short',
      {
        // As above, then March's renewal fails and its past_due snapshot comes before its failed invoice.
        events: [created(), paid('in_1', JAN1), recovered, renewalPaid, renewalFailed, updated('evt_past_due_mar', '2026-03-01T01:00:00Z', { status: 'past_due', start: MAR1, end: APR1 })],
        outcomes: ['applied', 'payment', 'applied', 'payment', 'payment', 'applied'],
        subscription: subscriptionRecord({ status: 'past_due', currentPeriodStart: d(MAR1), currentPeriodEnd: d(APR1), paymentFailedAt: d('2026-02-01T01:00:00Z'), snapshotCreated: s('2026-03-01T01:00:00Z') }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { paidAt: d('2026-02-05T00:00:00Z'), failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        // Grace runs from March's period start, not from February's failure (long past its 7 days).
        entitlement: [
          ['2026-03-01T02:00:00Z', 'grace', '2026-03-08T00:00:00Z', null],
          ['2026-03-08T00:00:00Z', 'lapsed', null, null],
        ],
      },
    ],
    [
      'cancelled at period end, then deleted when the period ends',
      {
        events: [created(), paid('in_1', JAN1), cancelAtEnd, deleted(FEB1, { cancelAtPeriodEnd: true, canceledAt: '2026-01-10T00:00:00Z' })],
        outcomes: ['applied', 'payment', 'applied', 'applied'],
        subscription: subscriptionRecord({ status: 'canceled', cancelAtPeriodEnd: true, canceledAt: d('2026-01-10T00:00:00Z'), endedAt: d(FEB1), snapshotCreated: s(FEB1) }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-31T23:59:59Z', 'ended', null, null]],
      },
    ],
    [
      'cancelled at period end: Pro to the end of the paid period, no leeway, no renewal',
      {
        events: [created(), paid('in_1', JAN1), cancelAtEnd],
        outcomes: ['applied', 'payment', 'applied'],
        subscription: subscriptionRecord({ cancelAtPeriodEnd: true, canceledAt: d('2026-01-10T00:00:00Z'), snapshotCreated: s('2026-01-10T00:00:00Z') }),
        payments: [paymentRecord('in_1')],
        entitlement: [
          ['2026-01-20T00:00:00Z', 'cancelling', FEB1, null],
          ['2026-01-31T23:59:59Z', 'cancelling', FEB1, null],
          ['2026-02-01T00:00:00Z', 'ended', null, null],
        ],
      },
    ],
    [
      'cancelled at period end, then resumed',
      {
        events: [created(), paid('in_1', JAN1), cancelAtEnd, updated('evt_resumed', '2026-01-12T00:00:00Z')],
        outcomes: ['applied', 'payment', 'applied', 'applied'],
        subscription: subscriptionRecord({ snapshotCreated: s('2026-01-12T00:00:00Z') }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-20T00:00:00Z', 'active', '2026-02-02T00:00:00Z', FEB1]],
      },
    ],
    [
      'deleted at once',
      {
        events: [created(), paid('in_1', JAN1), deleted('2026-01-10T00:00:00Z')],
        outcomes: ['applied', 'payment', 'applied'],
        subscription: subscriptionRecord({ status: 'canceled', canceledAt: d('2026-01-10T00:00:00Z'), endedAt: d('2026-01-10T00:00:00Z'), snapshotCreated: s('2026-01-10T00:00:00Z') }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-10T00:00:01Z', 'ended', null, null]],
      },
    ],
    [
      'refunded: the payment is refunded and the subscription deleted',
      {
        events: [created(), paid('in_1', JAN1), refunded('in_1', '2026-01-03T00:00:00Z'), deleted('2026-01-03T00:00:00Z')],
        outcomes: ['applied', 'payment', 'refund', 'applied'],
        subscription: subscriptionRecord({ status: 'canceled', canceledAt: d('2026-01-03T00:00:00Z'), endedAt: d('2026-01-03T00:00:00Z'), snapshotCreated: s('2026-01-03T00:00:00Z') }),
        payments: [paymentRecord('in_1', { status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z') })],
        entitlement: [['2026-01-03T00:00:00Z', 'ended', null, null]],
      },
    ],
    [
      'refunded before its invoice.paid arrived: stays refunded',
      {
        events: [created(), refunded('in_1', '2026-01-03T00:00:00Z'), paid('in_1', JAN1), deleted('2026-01-03T00:00:00Z')],
        outcomes: ['applied', 'refund', 'payment', 'applied'],
        subscription: subscriptionRecord({ status: 'canceled', canceledAt: d('2026-01-03T00:00:00Z'), endedAt: d('2026-01-03T00:00:00Z'), snapshotCreated: s('2026-01-03T00:00:00Z') }),
        payments: [paymentRecord('in_1', { status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z') })],
        entitlement: [['2026-01-04T00:00:00Z', 'ended', null, null]],
      },
    ],
    [
      'refunded before its invoice, the charge naming only its payment intent',
      {
        events: [created(), refunded(null, '2026-01-03T00:00:00Z', { paymentIntent: 'pi_in_1' }), paid('in_1', JAN1)],
        outcomes: ['applied', 'refund', 'payment'],
        subscription: subscriptionRecord(),
        payments: [paymentRecord('in_1', { status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z') })],
        entitlement: [['2026-01-04T00:00:00Z', 'active', '2026-02-02T00:00:00Z', FEB1]],
      },
    ],
    [
      'partly refunded: not a refund',
      {
        events: [created(), paid('in_1', JAN1), refunded('in_1', '2026-01-03T00:00:00Z', { refunded: 500 })],
        outcomes: ['applied', 'payment', 'ignored'],
        subscription: subscriptionRecord(),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-04T00:00:00Z', 'active', '2026-02-02T00:00:00Z', FEB1]],
      },
    ],
    [
      'replayed: every event delivered twice',
      {
        events: [created(), created(), paid('in_1', JAN1), paid('in_1', JAN1), cancelAtEnd, cancelAtEnd],
        outcomes: ['applied', 'applied', 'payment', 'payment', 'applied', 'applied'],
        subscription: subscriptionRecord({ cancelAtPeriodEnd: true, canceledAt: d('2026-01-10T00:00:00Z'), snapshotCreated: s('2026-01-10T00:00:00Z') }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-20T00:00:00Z', 'cancelling', FEB1, null]],
      },
    ],
    [
      'replayed: a failed renewal delivered twice',
      {
        events: [created(), paid('in_1', JAN1), renewalFailed, pastDue, renewalFailed, pastDue],
        outcomes: ['applied', 'payment', 'payment', 'applied', 'payment', 'applied'],
        subscription: subscriptionRecord({ status: 'past_due', currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), paymentFailedAt: d('2026-02-01T01:00:00Z'), snapshotCreated: s('2026-02-01T01:00:00Z') }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { status: 'failed', paidAt: null, failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        entitlement: [['2026-02-05T00:00:00Z', 'grace', GRACE_END, null]],
      },
    ],
    [
      'replayed: a refund and its deletion delivered twice',
      {
        events: [created(), paid('in_1', JAN1), refunded('in_1', '2026-01-03T00:00:00Z'), deleted('2026-01-03T00:00:00Z'), refunded('in_1', '2026-01-03T00:00:00Z'), deleted('2026-01-03T00:00:00Z')],
        outcomes: ['applied', 'payment', 'refund', 'applied', 'refund', 'final'],
        subscription: subscriptionRecord({ status: 'canceled', canceledAt: d('2026-01-03T00:00:00Z'), endedAt: d('2026-01-03T00:00:00Z'), snapshotCreated: s('2026-01-03T00:00:00Z') }),
        payments: [paymentRecord('in_1', { status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z') })],
        entitlement: [['2026-01-04T00:00:00Z', 'ended', null, null]],
      },
    ],
    [
      'replayed: invoice.paid after the refund does not undo it',
      {
        events: [created(), paid('in_1', JAN1), refunded('in_1', '2026-01-03T00:00:00Z'), paid('in_1', JAN1)],
        outcomes: ['applied', 'payment', 'refund', 'payment'],
        subscription: subscriptionRecord(),
        payments: [paymentRecord('in_1', { status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z') })],
        entitlement: [['2026-01-04T00:00:00Z', 'active', '2026-02-02T00:00:00Z', FEB1]],
      },
    ],
    [
      'out of order: an older updated after a newer one is ignored',
      {
        events: [created(), paid('in_1', JAN1), renewed, cancelAtEnd],
        outcomes: ['applied', 'payment', 'applied', 'older'],
        subscription: subscriptionRecord({ currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), snapshotCreated: s(FEB1) }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-02-15T00:00:00Z', 'active', '2026-03-02T00:00:00Z', MAR1]],
      },
    ],
    [
      'out of order: created delivered after updated',
      {
        events: [cancelAtEnd, created(JAN1, { status: 'incomplete' }), paid('in_1', JAN1)],
        outcomes: ['applied', 'older', 'payment'],
        subscription: subscriptionRecord({ cancelAtPeriodEnd: true, canceledAt: d('2026-01-10T00:00:00Z'), snapshotCreated: s('2026-01-10T00:00:00Z') }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-20T00:00:00Z', 'cancelling', FEB1, null]],
      },
    ],
    [
      'out of order: an older updated after deleted cannot revive it',
      {
        events: [created(), paid('in_1', JAN1), deleted('2026-01-10T00:00:00Z'), updated('evt_old', '2026-01-05T00:00:00Z')],
        outcomes: ['applied', 'payment', 'applied', 'final'],
        subscription: subscriptionRecord({ status: 'canceled', canceledAt: d('2026-01-10T00:00:00Z'), endedAt: d('2026-01-10T00:00:00Z'), snapshotCreated: s('2026-01-10T00:00:00Z') }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-20T00:00:00Z', 'ended', null, null]],
      },
    ],
    [
      'out of order: not even a newer active snapshot revives a deleted subscription',
      {
        events: [created(), deleted('2026-01-10T00:00:00Z'), updated('evt_later', '2026-01-11T00:00:00Z'), created('2026-01-12T00:00:00Z')],
        outcomes: ['applied', 'applied', 'final', 'final'],
        subscription: subscriptionRecord({ status: 'canceled', canceledAt: d('2026-01-10T00:00:00Z'), endedAt: d('2026-01-10T00:00:00Z'), snapshotCreated: s('2026-01-10T00:00:00Z') }),
        payments: [],
        entitlement: [['2026-01-20T00:00:00Z', 'ended', null, null]],
      },
    ],
    [
      'out of order: deleted delivered before everything else',
      {
        events: [deleted('2026-01-10T00:00:00Z'), paid('in_1', JAN1), cancelAtEnd, created()],
        outcomes: ['applied', 'payment', 'final', 'final'],
        subscription: subscriptionRecord({ status: 'canceled', canceledAt: d('2026-01-10T00:00:00Z'), endedAt: d('2026-01-10T00:00:00Z'), snapshotCreated: s('2026-01-10T00:00:00Z') }),
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-05T00:00:00Z', 'ended', null, null]],
      },
    ],
    [
      'newer Stripe API: the period on the item, the invoice’s subscription under parent',
      {
        events: [created(JAN1, { periodOnItem: true }), paid('in_1', JAN1, { subscriptionOnParent: true }), updated('evt_renewed_item', FEB1, { periodOnItem: true, start: FEB1, end: MAR1 }), failed('in_2', '2026-02-01T01:00:00Z', { subscriptionOnParent: true, start: FEB1, end: MAR1 })],
        outcomes: ['applied', 'payment', 'applied', 'payment'],
        subscription: subscriptionRecord({ currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), paymentFailedAt: d('2026-02-01T01:00:00Z'), snapshotCreated: s(FEB1) }),
        payments: [
          paymentRecord('in_1'),
          paymentRecord('in_2', { status: 'failed', paidAt: null, failedAt: d('2026-02-01T01:00:00Z'), periodStart: d(FEB1), periodEnd: d(MAR1) }),
        ],
        entitlement: [['2026-02-15T00:00:00Z', 'active', '2026-03-02T00:00:00Z', MAR1]],
      },
    ],
    [
      'a subscription with no plan is not stored, its invoice is',
      {
        events: [created(JAN1, { metadata: null, price: { id: 'price_unknown', recurring: null } }), paid('in_1', JAN1)],
        outcomes: ['no-plan', 'payment'],
        subscription: null,
        payments: [paymentRecord('in_1')],
        entitlement: [['2026-01-15T00:00:00Z', 'free', null, null]],
      },
    ],
  ])('%s', (_label, machine) => {
    const store = fold(machine.events);
    expect(store.outcomes).toEqual(machine.outcomes);
    expect(store.subscriptions[SUB] ?? null).toEqual(machine.subscription);
    expect(Object.values(store.payments).sort((a, b) => a.id.localeCompare(b.id))).toEqual(machine.payments);
    for (const [at, state, until, renewsAt] of machine.entitlement) {
      const entitlement = entitlementOf(Object.values(store.subscriptions), d(at));
      expect({ at, ...entitlement }).toEqual<{ at: string } & Entitlement>({
        at,
        pro: until !== null,
        state,
        until: until === null ? null : d(until),
        subscriptionId: machine.subscription ? SUB : null,
        planId: machine.subscription ? 'monthly' : null,
        renewsAt: renewsAt === null ? null : d(renewsAt),
        notice: state === 'grace' ? expect.stringMatching(/^Your last payment did not go through\./) : state === 'lapsed' ? LAPSED_NOTICE : null,
      });
    }
  });

  it('gives the same result however often each event is delivered (idempotent replays)', () => {
    const once = [created(), paid('in_1', JAN1), renewalFailed, pastDue, renewalPaid, recovered, refunded('in_2', '2026-02-06T00:00:00Z'), deleted('2026-02-06T00:00:00Z')];
    const twice = once.flatMap((raw) => [raw, raw]);
    const a = fold(once);
    const b = fold(twice);
    expect(b.subscriptions).toEqual(a.subscriptions);
    expect(b.payments).toEqual(a.payments);
  });

  it('takes the plan from a configured price id when metadata names none', () => {
    const store = fold([created(JAN1, { metadata: {}, price: { id: 'price_y', recurring: { interval: 'month' } } })], { yearly: 'price_y' });
    expect(store.subscriptions[SUB]?.planId).toBe('yearly');
  });
});

// ---------------------------------------------------------------------------------------------
// The rules one by one.
// ---------------------------------------------------------------------------------------------

describe('billingEventSchema', () => {
  it('handles exactly the event types it parses', () => {
    const types = billingEventSchema.options.flatMap((option) => option.shape.type.options);
    expect([...types].sort()).toEqual([...HANDLED_EVENT_TYPES].sort());
  });

  it.each<[string, RawEvent, (event: BillingEvent) => unknown, unknown]>([
    ['a subscription with its customer id', created(), (e) => e.data.object.id, SUB],
    ['an expanded customer as its id', event('evt_1', 'customer.subscription.updated', JAN1, { ...subscriptionObject(), customer: { id: CUSTOMER, email: 'a@example.com' } }), (e) => (e.data.object as StripeSubscription).customer, CUSTOMER],
    ['null metadata as empty', created(JAN1, { metadata: null }), (e) => (e.data.object as StripeSubscription).metadata, {}],
    ['the period on the item', created(JAN1, { periodOnItem: true }), (e) => (e.data.object as StripeSubscription).items?.data[0]?.current_period_end, s(FEB1)],
    ['an invoice with an expanded customer', paid('in_1', JAN1), (e) => (e.data.object as StripeInvoice).customer, CUSTOMER],
    ['an invoice with an expanded payment intent', event('evt_2', 'invoice.payment_succeeded', JAN1, { ...invoiceObject({ id: 'in_1', paidAt: JAN1 }), payment_intent: { id: 'pi_x' } }), (e) => (e.data.object as StripeInvoice).payment_intent, 'pi_x'],
    ['an invoice with its subscription under parent', paid('in_1', JAN1, { subscriptionOnParent: true }), (e) => subscriptionOfInvoice(e.data.object as StripeInvoice), SUB],
    ['a charge', refunded('in_1', JAN1), (e) => (e.data.object as StripeCharge).refunded, true],
    ['a checkout session', event('evt_3', 'checkout.session.completed', JAN1, { id: 'cs_1', object: 'checkout.session', client_reference_id: UID, customer: CUSTOMER, subscription: { id: SUB }, metadata: null }), (e) => e.data.object, { id: 'cs_1', object: 'checkout.session', client_reference_id: UID, customer: CUSTOMER, subscription: SUB, metadata: {} }],
  ])('parses %s', (_label, raw, pick, expected) => {
    expect(pick(billingEventSchema.parse(raw))).toEqual(expected);
  });

  const valid = created();
  it.each<[string, unknown]>([
    ['an event type it does not handle', { ...valid, type: 'customer.created' }],
    ['a subscription under an invoice event', { ...valid, type: 'invoice.paid' }],
    ['an invoice under a subscription event', { ...paid('in_1', JAN1), type: 'customer.subscription.updated' }],
    ['a negative created', { ...valid, created: -1 }],
    ['created in milliseconds with a fraction', { ...valid, created: 1767225600000.5 }],
    ['created as a string', { ...valid, created: String(s(JAN1)) }],
    ['an empty event id', { ...valid, id: '' }],
    ['no data', { id: 'evt', type: 'customer.subscription.created', created: 1 }],
    ['an unknown subscription status', { ...valid, data: { object: { ...subscriptionObject(), status: 'expired' } } }],
    ['a subscription without cancel_at_period_end', { ...valid, data: { object: { ...subscriptionObject(), cancel_at_period_end: undefined } } }],
    ['a subscription with an empty id', { ...valid, data: { object: { ...subscriptionObject(), id: '' } } }],
    ['metadata that is not strings', { ...valid, data: { object: { ...subscriptionObject(), metadata: { plan: 1 } } } }],
    ['a negative amount', failed('in_1', JAN1, { amount: -1 })],
    ['a four-letter currency', { ...paid('in_1', JAN1), data: { object: { ...invoiceObject({ id: 'in_1', paidAt: JAN1 }), currency: 'usdx' } } }],
    ['a charge without refunded', { ...refunded('in_1', JAN1), data: { object: { ...chargeObject({ id: 'ch', invoice: 'in_1', paymentIntent: null }), refunded: undefined } } }],
    ['not an object', 'customer.subscription.created'],
    ['null', null],
  ])('refuses %s', (_label, raw) => {
    expect(billingEventSchema.safeParse(raw).success).toBe(false);
  });
});

const parseSubscription = (shape: SubscriptionShape): StripeSubscription => {
  const parsed = billingEventSchema.parse(created(JAN1, shape));
  if (parsed.data.object.object !== 'subscription') throw new Error('not a subscription');
  return parsed.data.object;
};

describe('planOfSubscription', () => {
  it.each<[string, SubscriptionShape, Partial<Record<PlanId, string>>, PlanId | null]>([
    ['metadata monthly', { metadata: { plan: 'monthly' }, price: { id: 'p', recurring: { interval: 'year' } } }, {}, 'monthly'],
    ['metadata yearly', { metadata: { plan: 'yearly' }, price: { id: 'p', recurring: { interval: 'month' } } }, {}, 'yearly'],
    ['metadata wins over a configured price id', { metadata: { plan: 'monthly' }, price: { id: 'price_y', recurring: null } }, { yearly: 'price_y' }, 'monthly'],
    ['unknown metadata falls back to the price', { metadata: { plan: 'weekly' }, price: { id: 'p', recurring: { interval: 'year' } } }, {}, 'yearly'],
    ['a configured price id', { metadata: {}, price: { id: 'price_y', recurring: { interval: 'month' } } }, { monthly: 'price_m', yearly: 'price_y' }, 'yearly'],
    ['a monthly interval', { metadata: {}, price: { id: 'p', recurring: { interval: 'month' } } }, { yearly: 'price_y' }, 'monthly'],
    ['a yearly interval', { metadata: null, price: { id: 'p', recurring: { interval: 'year' } } }, {}, 'yearly'],
    ['a weekly interval', { metadata: {}, price: { id: 'p', recurring: { interval: 'week' } } }, {}, null],
    ['a one-off price', { metadata: {}, price: { id: 'p', recurring: null } }, {}, null],
  ])('%s → %s', (_label, shape, priceIds, expected) => {
    expect(planOfSubscription(parseSubscription(shape), priceIds)).toBe(expected);
  });

  it('has no plan without items', () => {
    const { items: _items, ...subscription } = parseSubscription({ metadata: {} });
    expect(planOfSubscription(subscription)).toBeNull();
  });
});

describe('applySubscriptionSnapshot', () => {
  const current = subscriptionRecord({ snapshotCreated: s('2026-01-10T00:00:00Z'), paymentFailedAt: d('2026-01-09T00:00:00Z') });
  const apply = (record: SubscriptionRecord | null, at: string, shape: SubscriptionShape = {}, priceIds: Partial<Record<PlanId, string>> = {}) =>
    applySubscriptionSnapshot(record, { created: s(at), subscription: parseSubscription(shape), uid: UID }, priceIds);

  it.each<[string, SubscriptionRecord | null, string, SubscriptionShape, SnapshotOutcome['applied'], string | null]>([
    ['first snapshot', null, JAN1, {}, true, null],
    ['newer snapshot', current, '2026-01-11T00:00:00Z', {}, true, null],
    ['snapshot of the same second', current, '2026-01-10T00:00:00Z', {}, true, null],
    ['older snapshot', current, '2026-01-09T23:59:59Z', {}, false, 'older'],
    ['anything after canceled', subscriptionRecord({ status: 'canceled' }), '2026-02-01T00:00:00Z', {}, false, 'final'],
    ['no plan and nothing stored', null, JAN1, { metadata: {}, price: { id: 'p', recurring: null } }, false, 'no-plan'],
  ])('%s', (_label, record, at, shape, applied, reason) => {
    const outcome = apply(record, at, shape);
    expect(outcome.applied).toBe(applied);
    if (!outcome.applied) {
      expect(outcome.reason).toBe(reason);
      expect(outcome.record).toBe(record);
    }
  });

  it('keeps the stored plan when a newer snapshot names none', () => {
    const outcome = apply(subscriptionRecord({ planId: 'yearly' }), FEB1, { metadata: {}, price: { id: 'p', recurring: null } });
    expect(outcome).toMatchObject({ applied: true, record: { planId: 'yearly' } });
  });

  it('carries the first failed payment over to the new snapshot', () => {
    expect(apply(current, '2026-01-11T00:00:00Z', { status: 'past_due' })).toMatchObject({ applied: true, record: { status: 'past_due', paymentFailedAt: d('2026-01-09T00:00:00Z') } });
  });

  it('takes a canceled subscription’s end from the event when Stripe sends no ended_at', () => {
    expect(apply(current, '2026-01-20T00:00:00Z', { status: 'canceled', endedAt: null })).toMatchObject({ applied: true, record: { status: 'canceled', endedAt: d('2026-01-20T00:00:00Z') } });
  });

  it.each<[string, Json, string, string]>([
    ['on the subscription', { current_period_start: s(FEB1), current_period_end: s(MAR1) }, FEB1, MAR1],
    ['on the item (newer API)', { items: { data: [{ current_period_start: s(FEB1), current_period_end: s(MAR1) }] } }, FEB1, MAR1],
    ['the subscription’s own over the item’s', { current_period_start: s(FEB1), current_period_end: s(MAR1), items: { data: [{ current_period_start: s(JAN1), current_period_end: s(FEB1) }] } }, FEB1, MAR1],
    ['start_date when no period is given', { start_date: s(FEB1) }, FEB1, FEB1],
    ['the epoch when nothing is given', {}, '1970-01-01T00:00:00Z', '1970-01-01T00:00:00Z'],
  ])('reads the period %s', (_label, fields, start, end) => {
    const base: Json = { id: SUB, object: 'subscription', customer: CUSTOMER, status: 'active', cancel_at_period_end: false, metadata: { plan: 'monthly' } };
    const parsed = billingEventSchema.parse(event('evt_p', 'customer.subscription.updated', FEB1, { ...base, ...fields }));
    if (parsed.data.object.object !== 'subscription') throw new Error('not a subscription');
    const outcome = applySubscriptionSnapshot(null, { created: parsed.created, subscription: parsed.data.object, uid: UID });
    expect(outcome).toMatchObject({ applied: true, record: { currentPeriodStart: d(start), currentPeriodEnd: d(end) } });
  });
});

describe('subscriptionOfInvoice', () => {
  const invoice = (fields: Json): StripeInvoice => {
    const parsed = billingEventSchema.parse(event('evt_i', 'invoice.paid', JAN1, { ...invoiceObject({ id: 'in_1', paidAt: JAN1, subscription: null }), ...fields }));
    if (parsed.data.object.object !== 'invoice') throw new Error('not an invoice');
    return parsed.data.object;
  };
  it.each<[string, Json, string | null]>([
    ['on the invoice', { subscription: 'sub_a' }, 'sub_a'],
    ['expanded on the invoice', { subscription: { id: 'sub_a' } }, 'sub_a'],
    ['under parent (newer API)', { parent: { subscription_details: { subscription: 'sub_b' } } }, 'sub_b'],
    ['the invoice’s own over parent', { subscription: 'sub_a', parent: { subscription_details: { subscription: 'sub_b' } } }, 'sub_a'],
    ['none (a one-off invoice)', { parent: { subscription_details: null } }, null],
  ])('%s', (_label, fields, expected) => {
    expect(subscriptionOfInvoice(invoice(fields))).toBe(expected);
  });
});

describe('applyInvoice', () => {
  const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed', at: string) => {
    const parsed = billingEventSchema.parse(type === 'invoice.paid' ? paid('in_1', at) : failed('in_1', at));
    if (parsed.data.object.object !== 'invoice') throw new Error('not an invoice');
    return { type, created: parsed.created, invoice: parsed.data.object, uid: UID };
  };
  const stored = (status: PaymentStatus): PaymentRecord =>
    paymentRecord('in_1', { status, paidAt: status === 'failed' ? null : d(JAN1), failedAt: status === 'failed' ? d(JAN1) : null, refundedAt: status === 'refunded' ? d('2026-01-03T00:00:00Z') : null });

  it.each<[PaymentStatus | null, 'invoice.paid' | 'invoice.payment_failed', PaymentStatus]>([
    [null, 'invoice.paid', 'paid'],
    [null, 'invoice.payment_failed', 'failed'],
    ['failed', 'invoice.payment_failed', 'failed'],
    ['failed', 'invoice.paid', 'paid'],
    ['paid', 'invoice.paid', 'paid'],
    ['paid', 'invoice.payment_failed', 'paid'],
    ['refunded', 'invoice.paid', 'refunded'],
    ['refunded', 'invoice.payment_failed', 'refunded'],
  ])('%s + %s → %s (only forward)', (status, type, expected) => {
    const result = applyInvoice(status ? stored(status) : null, invoiceEvent(type, '2026-01-02T00:00:00Z'));
    expect(result.status).toBe(expected);
    if (status === 'refunded') expect(result.refundedAt).toEqual(d('2026-01-03T00:00:00Z'));
  });

  it('keeps the first failure and records when it was paid', () => {
    const first = applyInvoice(null, invoiceEvent('invoice.payment_failed', JAN1));
    const retry = applyInvoice(first, invoiceEvent('invoice.payment_failed', '2026-01-02T00:00:00Z'));
    const settled = applyInvoice(retry, invoiceEvent('invoice.paid', '2026-01-03T00:00:00Z'));
    expect(first).toEqual(paymentRecord('in_1', { status: 'failed', paidAt: null, failedAt: d(JAN1) }));
    expect(retry.failedAt).toEqual(d(JAN1));
    expect(settled).toEqual(paymentRecord('in_1', { status: 'paid', paidAt: d('2026-01-03T00:00:00Z'), failedAt: d(JAN1) }));
  });

  it('takes paid_at from the invoice, else the event time, and fills gaps from what is stored', () => {
    const parsed = billingEventSchema.parse(
      event('evt_x', 'invoice.payment_succeeded', '2026-01-05T00:00:00Z', { ...invoiceObject({ id: 'in_1', paidAt: JAN1, subscription: null, paymentIntent: null }), status_transitions: null, number: null, hosted_invoice_url: null, lines: undefined }),
    );
    if (parsed.type !== 'invoice.payment_succeeded') throw new Error('not an invoice');
    const current = paymentRecord('in_1', { status: 'failed', paidAt: null, failedAt: d(JAN1) });
    expect(applyInvoice(current, { type: parsed.type, created: parsed.created, invoice: parsed.data.object, uid: UID })).toEqual(
      paymentRecord('in_1', { status: 'paid', paidAt: d('2026-01-05T00:00:00Z'), failedAt: d(JAN1) }),
    );
  });
});

describe('applyPaymentToSubscription', () => {
  const base = subscriptionRecord({ currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1) });
  it.each<[string, Date | null, string, string, Date | null]>([
    ['a failure starts grace', null, 'invoice.payment_failed', '2026-02-01T01:00:00Z', d('2026-02-01T01:00:00Z')],
    ['a retry keeps the first failure of the period', d('2026-02-01T01:00:00Z'), 'invoice.payment_failed', '2026-02-04T01:00:00Z', d('2026-02-01T01:00:00Z')],
    ['a failure from an earlier period is replaced', d('2026-01-15T00:00:00Z'), 'invoice.payment_failed', '2026-02-01T01:00:00Z', d('2026-02-01T01:00:00Z')],
    ['a later payment clears it', d('2026-02-01T01:00:00Z'), 'invoice.paid', '2026-02-03T00:00:00Z', null],
    ['a payment in the same second clears it', d('2026-02-01T01:00:00Z'), 'invoice.payment_succeeded', '2026-02-01T01:00:00Z', null],
    ['an earlier payment delivered late does not', d('2026-02-01T01:00:00Z'), 'invoice.paid', '2026-01-01T00:00:00Z', d('2026-02-01T01:00:00Z')],
    ['a payment without a failure changes nothing', null, 'invoice.paid', '2026-02-03T00:00:00Z', null],
  ])('%s', (_label, paymentFailedAt, type, at, expected) => {
    const subscription = { ...base, paymentFailedAt };
    const result = applyPaymentToSubscription(subscription, { type, created: s(at) });
    expect(result).toEqual({ ...base, paymentFailedAt: expected });
    if (expected === paymentFailedAt) expect(result).toBe(subscription);
  });
});

describe('applyRefund', () => {
  const refund = (shape: Omit<Parameters<typeof chargeObject>[0], 'id'>, at = '2026-01-03T00:00:00Z') => {
    const parsed = billingEventSchema.parse(event('evt_r', 'charge.refunded', at, chargeObject({ id: 'ch_1', ...shape })));
    if (parsed.data.object.object !== 'charge') throw new Error('not a charge');
    return { created: parsed.created, charge: parsed.data.object, uid: UID };
  };
  const stored = paymentRecord('in_1');

  it.each<[string, PaymentRecord | null, Parameters<typeof refund>[0], PaymentRecord | null]>([
    ['a full refund of a stored payment', stored, { invoice: 'in_1', paymentIntent: 'pi_in_1' }, { ...stored, status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z') }],
    ['a refund of a failed payment record', { ...stored, status: 'failed' }, { invoice: 'in_1', paymentIntent: 'pi_in_1' }, { ...stored, status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z') }],
    ['a refund fills a missing payment intent', { ...stored, paymentIntentId: null }, { invoice: 'in_1', paymentIntent: 'pi_z' }, { ...stored, status: 'refunded', refundedAt: d('2026-01-03T00:00:00Z'), paymentIntentId: 'pi_z' }],
    ['a partial refund', stored, { invoice: 'in_1', paymentIntent: 'pi_in_1', refunded: 500 }, stored],
    ['a partial refund before the invoice', null, { invoice: 'in_1', paymentIntent: 'pi_in_1', refunded: 1 }, null],
    ['a charge flagged refunded with less than its amount refunded', stored, { invoice: 'in_1', paymentIntent: 'pi_in_1', refunded: 998, refundedFlag: true }, stored],
    ['a fully refunded charge not (yet) flagged refunded', stored, { invoice: 'in_1', paymentIntent: 'pi_in_1', refundedFlag: false }, stored],
    [
      'a refund before the invoice',
      null,
      { invoice: 'in_1', paymentIntent: 'pi_in_1' },
      { ...paymentRecord('in_1'), subscriptionId: null, status: 'refunded', paidAt: null, refundedAt: d('2026-01-03T00:00:00Z'), periodStart: null, periodEnd: null, number: null, receiptUrl: null },
    ],
    [
      'a refund before the invoice, known by its payment intent',
      null,
      { invoice: null, paymentIntent: 'pi_in_1' },
      { ...paymentRecord('pi:pi_in_1'), subscriptionId: null, status: 'refunded', paidAt: null, refundedAt: d('2026-01-03T00:00:00Z'), paymentIntentId: 'pi_in_1', periodStart: null, periodEnd: null, number: null, receiptUrl: null },
    ],
    ['a refund of nothing it can name', null, { invoice: null, paymentIntent: null }, null],
  ])('%s', (_label, current, shape, expected) => {
    expect(applyRefund(current, refund(shape))).toEqual(expected);
  });

  it('keeps the first refund time when the refund is delivered again', () => {
    const first = applyRefund(stored, refund({ invoice: 'in_1', paymentIntent: 'pi_in_1' }));
    expect(applyRefund(first, refund({ invoice: 'in_1', paymentIntent: 'pi_in_1' }, '2026-01-04T00:00:00Z'))?.refundedAt).toEqual(d('2026-01-03T00:00:00Z'));
  });
});

describe('entitlementOf', () => {
  const PERIOD_END = FEB1;
  const one = (overrides: Partial<SubscriptionRecord>): SubscriptionRecord => subscriptionRecord(overrides);
  const GRACE_NOTICE = (until: string) => `Your last payment did not go through. Pro stays on until ${until} while the payment is retried; update your card to keep it.`;

  it.each<[string, Partial<SubscriptionRecord>, string, Partial<Entitlement>]>([
    ['active mid-period', {}, '2026-01-15T00:00:00Z', { pro: true, state: 'active', until: new Date(d(PERIOD_END).getTime() + RENEWAL_LEEWAY_MS), renewsAt: d(PERIOD_END), notice: null }],
    ['active, renewal a little late', {}, '2026-02-01T23:59:59.999Z', { pro: true, state: 'active' }],
    ['active, renewal a day late', {}, '2026-02-02T00:00:00Z', { pro: false, state: 'ended', until: null, renewsAt: null, subscriptionId: SUB, planId: 'monthly' }],
    ['trialing', { status: 'trialing', trialEnd: d('2026-01-08T00:00:00Z') }, '2026-01-05T00:00:00Z', { pro: true, state: 'trialing', until: d('2026-01-09T00:00:00Z'), renewsAt: d('2026-01-08T00:00:00Z') }],
    ['trialing without a trial end: the period', { status: 'trialing' }, '2026-01-05T00:00:00Z', { pro: true, state: 'trialing', until: d('2026-02-02T00:00:00Z'), renewsAt: d(FEB1) }],
    ['trialing past the trial end and its leeway', { status: 'trialing', trialEnd: d('2026-01-08T00:00:00Z') }, '2026-01-09T00:00:00Z', { pro: false, state: 'ended' }],
    ['cancelling', { cancelAtPeriodEnd: true }, '2026-01-31T23:59:59.999Z', { pro: true, state: 'cancelling', until: d(FEB1), renewsAt: null }],
    ['cancelling, no leeway', { cancelAtPeriodEnd: true }, '2026-02-01T00:00:00Z', { pro: false, state: 'ended', until: null }],
    ['a cancelling trial ends with the trial', { status: 'trialing', trialEnd: d('2026-01-08T00:00:00Z'), cancelAtPeriodEnd: true }, '2026-01-07T00:00:00Z', { pro: true, state: 'cancelling', until: d('2026-01-08T00:00:00Z'), renewsAt: null }],
    ['past due, grace from the failure', { status: 'past_due', paymentFailedAt: d('2026-01-03T00:00:00Z') }, '2026-01-09T23:59:59Z', { pro: true, state: 'grace', until: d('2026-01-10T00:00:00Z'), renewsAt: null, notice: GRACE_NOTICE('2026-01-10') }],
    ['past due, grace over', { status: 'past_due', paymentFailedAt: d('2026-01-03T00:00:00Z') }, '2026-01-10T00:00:00Z', { pro: false, state: 'lapsed', until: null, notice: LAPSED_NOTICE }],
    ['past due, a failure left from an earlier period: grace from this period', { status: 'past_due', currentPeriodStart: d(FEB1), currentPeriodEnd: d(MAR1), paymentFailedAt: d('2026-01-03T00:00:00Z') }, '2026-02-07T23:59:59Z', { pro: true, state: 'grace', until: d('2026-02-08T00:00:00Z') }],
    ['past due, no failure seen: grace from the period start', { status: 'past_due' }, '2026-01-07T23:59:59Z', { pro: true, state: 'grace', until: d('2026-01-08T00:00:00Z') }],
    ['past due, no failure seen, grace over', { status: 'past_due' }, '2026-01-08T00:00:00Z', { pro: false, state: 'lapsed' }],
    ['unpaid', { status: 'unpaid' }, '2026-01-02T00:00:00Z', { pro: false, state: 'lapsed', notice: LAPSED_NOTICE }],
    ['paused', { status: 'paused' }, '2026-01-02T00:00:00Z', { pro: false, state: 'lapsed', notice: LAPSED_NOTICE }],
    ['canceled, even inside the paid period', { status: 'canceled' }, '2026-01-02T00:00:00Z', { pro: false, state: 'ended', until: null, notice: null, subscriptionId: SUB }],
    ['incomplete', { status: 'incomplete' }, '2026-01-02T00:00:00Z', { pro: false, state: 'free', subscriptionId: SUB, planId: 'monthly' }],
    ['incomplete_expired', { status: 'incomplete_expired' }, '2026-01-02T00:00:00Z', { pro: false, state: 'free' }],
  ])('%s', (_label, overrides, now, expected) => {
    expect(entitlementOf([one(overrides)], d(now))).toMatchObject(expected);
  });

  it('is free with no subscription', () => {
    expect(entitlementOf([], d(JAN1))).toEqual({ pro: false, state: 'free', until: null, subscriptionId: null, planId: null, renewsAt: null, notice: null });
  });

  it.each([
    [DEFAULT_GRACE_DAYS, '2026-01-07T23:59:59Z', true],
    [DEFAULT_GRACE_DAYS, '2026-01-08T00:00:00Z', false],
    [3, '2026-01-03T23:59:59Z', true],
    [3, '2026-01-04T00:00:00Z', false],
    [0, JAN1, false],
  ])('grace of %i days, at %s Pro: %s', (graceDays, now, pro) => {
    expect(entitlementOf([one({ status: 'past_due', paymentFailedAt: d(JAN1) })], d(now), graceDays).pro).toBe(pro);
  });

  const yearly = one({ id: 'sub_y', planId: 'yearly', currentPeriodEnd: d('2027-01-01T00:00:00Z'), snapshotCreated: s('2026-01-02T00:00:00Z') });
  const cancelling = one({ id: 'sub_c', cancelAtPeriodEnd: true, currentPeriodEnd: d('2026-03-01T00:00:00Z'), snapshotCreated: s('2026-01-05T00:00:00Z') });
  const ended = one({ id: 'sub_e', status: 'canceled', snapshotCreated: s('2026-01-20T00:00:00Z') });
  const lapsed = one({ id: 'sub_l', status: 'unpaid', snapshotCreated: s('2026-01-10T00:00:00Z') });
  const grace = one({ id: 'sub_g', status: 'past_due', paymentFailedAt: d('2026-01-14T00:00:00Z'), snapshotCreated: s('2026-01-14T00:00:00Z') });

  it.each<[string, SubscriptionRecord[], string, string | null, EntitlementState]>([
    ['the longest-lasting Pro wins', [one({}), yearly], '2026-01-15T00:00:00Z', 'sub_y', 'active'],
    ['whatever the order', [yearly, one({})], '2026-01-15T00:00:00Z', 'sub_y', 'active'],
    ['a cancelling one lasting longer beats an active one', [one({}), cancelling], '2026-01-15T00:00:00Z', 'sub_c', 'cancelling'],
    ['an active one beats a newer ended one', [ended, one({})], '2026-01-25T00:00:00Z', SUB, 'active'],
    ['grace beats lapsed and ended', [ended, lapsed, grace], '2026-01-15T00:00:00Z', 'sub_g', 'grace'],
    ['with none Pro, the latest snapshot speaks', [lapsed, ended], '2026-01-25T00:00:00Z', 'sub_e', 'ended'],
    ['with none Pro, the latest snapshot speaks (lapsed)', [lapsed, one({ id: 'sub_old', status: 'canceled', snapshotCreated: s(JAN1) })], '2026-01-25T00:00:00Z', 'sub_l', 'lapsed'],
  ])('%s', (_label, subscriptions, now, subscriptionId, state) => {
    expect(entitlementOf(subscriptions, d(now))).toMatchObject({ subscriptionId, state });
  });
});

describe('refundDecision', () => {
  const paidOn = (status: PaymentStatus, paidAt: string | null, amountMinor = 999) => ({ status, paidAt: paidAt ? d(paidAt) : null, amountMinor });
  it.each<[string, ReturnType<typeof paidOn>, string, number | undefined, RegExp | null]>([
    ['paid today', paidOn('paid', JAN1), '2026-01-01T01:00:00Z', undefined, null],
    ['paid exactly 14 days ago', paidOn('paid', JAN1), '2026-01-15T00:00:00Z', undefined, null],
    ['paid 14 days and a moment ago', paidOn('paid', JAN1), '2026-01-15T00:00:00.001Z', undefined, /^Payments can be refunded within 14 days\./],
    ['paid a month ago', paidOn('paid', JAN1), FEB1, undefined, /within 14 days/],
    ['paid 20 days ago with a 30-day window', paidOn('paid', JAN1), '2026-01-21T00:00:00Z', 30, null],
    ['paid 8 days ago with a 7-day window', paidOn('paid', JAN1), '2026-01-09T00:00:00Z', 7, /^Payments can be refunded within 7 days\./],
    ['a free trial invoice', paidOn('paid', JAN1, 0), '2026-01-02T00:00:00Z', undefined, /^Nothing was charged for this period \(a free trial\)/],
    ['already refunded', paidOn('refunded', JAN1), '2026-01-02T00:00:00Z', undefined, /^This payment has already been refunded\.$/],
    ['refunded before its invoice arrived', paidOn('refunded', null), '2026-01-02T00:00:00Z', undefined, /already been refunded/],
    ['failed', paidOn('failed', null), '2026-01-02T00:00:00Z', undefined, /^Only a completed payment can be refunded\.$/],
    ['paid without a time', paidOn('paid', null), '2026-01-02T00:00:00Z', undefined, /^Only a completed payment can be refunded\.$/],
  ])('%s', (_label, payment, now, windowDays, refusal) => {
    const decision = refundDecision(payment, d(now), windowDays);
    if (refusal === null) expect(decision).toEqual({ refundable: true });
    else expect(decision.refundable ? '' : decision.reason).toMatch(refusal);
  });
});
