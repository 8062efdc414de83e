import { z } from 'zod';
import { PLAN_IDS } from './plans';

/** Billing's API contracts (v1), shared by the server and the client (docs/features/billing.md). */

export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  interval: z.enum(['month', 'year']),
  amountMinor: z.number().int(),
  currency: z.string(),
  perMonthMinor: z.number().int(),
  savingPercent: z.number().int(),
  trialDays: z.number().int(),
});
export type PlanDto = z.infer<typeof planSchema>;

export const ENTITLEMENT_STATES = ['free', 'trialing', 'active', 'cancelling', 'grace', 'lapsed', 'ended'] as const;

export const entitlementSchema = z.object({
  pro: z.boolean(),
  state: z.enum(ENTITLEMENT_STATES),
  /** ISO time Pro lasts until; null when not Pro. */
  until: z.string().nullable(),
  planId: z.enum(PLAN_IDS).nullable(),
  /** ISO time the plan renews; null when it will not (cancelled, lapsed, free). */
  renewsAt: z.string().nullable(),
  /** A sentence for the learner when something needs their attention (a failed payment). */
  notice: z.string().nullable(),
});
export type EntitlementDto = z.infer<typeof entitlementSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'failed', 'refunded']),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The receipt's number (Stripe's invoice number, or the local one). */
  number: z.string().nullable(),
  /** Stripe's hosted receipt; null locally (the billing page shows the receipt itself). */
  receiptUrl: z.string().nullable(),
  /** The days (YYYY-MM-DD, the learner's time zone; billing-dates.ts) the receipt shows. */
  paidOn: z.string().nullable(),
  periodStartOn: z.string().nullable(),
  periodEndOn: z.string().nullable(),
  refundedOn: z.string().nullable(),
  refundable: z.boolean(),
  /** Why it cannot be refunded (shown on hover and to screen readers); null when it can. */
  refundNote: z.string().nullable(),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

/** Every billing day a screen shows (YYYY-MM-DD in the learner's time zone), decided by billingDays. */
export const billingDaysSchema = z.object({
  chargeOn: z.string().nullable(),
  accessEndsOn: z.string().nullable(),
  trialEndsOn: z.string().nullable(),
  reminderOn: z.string().nullable(),
  endedOn: z.string().nullable(),
});

/** GET /billing — everything the settings page and the paywall need. */
export const billingOverviewSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  plans: z.array(planSchema),
  /** Trial days this learner would get now (0 after a first subscription). */
  trialDays: z.number().int(),
  entitlement: entitlementSchema,
  /** The subscription the entitlement comes from; null for a free learner who never subscribed. */
  subscription: z
    .object({
      id: z.string(),
      planId: z.enum(PLAN_IDS),
      status: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      /** When it really ended (a refund or a cancel ends it before the period does); null while it runs. */
      endedAt: z.string().nullable(),
    })
    .nullable(),
  /** The days shown: renewal, the end of Pro (if they cancel now, or after a cancel), the trial's. */
  days: billingDaysSchema,
  /** The time zone the days are counted in (the learner's stored one; UTC when unknown). */
  timeZone: z.string(),
  /** How many days before a trial's first charge the learner is reminded. */
  reminderDays: z.number().int(),
  payments: z.array(paymentSchema),
  /** Stripe's Customer Portal (change card, invoices) is offered; false locally. */
  portal: z.boolean(),
  refundWindowDays: z.number().int(),
  benefits: z.array(z.string()),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const CHECKOUT_FLOWS = ['web', 'web2app'] as const;
export type CheckoutFlow = (typeof CHECKOUT_FLOWS)[number];

/** POST /billing/checkout */
export const checkoutBodySchema = z.object({
  plan: z.enum(PLAN_IDS, { error: `plan must be one of ${PLAN_IDS.join(', ')}` }),
  flow: z.enum(CHECKOUT_FLOWS, { error: 'flow must be web or web2app' }).default('web'),
  redirectUrl: z.string().max(2048, 'redirectUrl is at most 2048 characters').optional(),
  trackingReferer: z
    .string()
    .max(64, 'trackingReferer is at most 64 characters')
    .regex(/^[\w.:-]*$/, 'trackingReferer may hold letters, digits and . _ : - only')
    .optional(),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const checkoutStartedSchema = z.object({ checkoutId: z.string(), url: z.string() });

/** GET /billing/checkout/{checkoutId} — what /web/purchase-successful waits on. */
export const checkoutStatusSchema = z.object({
  checkoutId: z.string(),
  planId: z.enum(PLAN_IDS),
  flow: z.enum(CHECKOUT_FLOWS),
  /** open: not paid yet; complete: paid (Pro may still be on its way); expired: abandoned or declined. */
  status: z.enum(['open', 'complete', 'expired']),
  /** True once the webhook has made the learner Pro: only then may "Continue" show. */
  pro: z.boolean(),
  /** Where "Continue" leads (already checked against the allow-lists). */
  continueUrl: z.string(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** POST /billing/test-checkout/{checkoutId} (local provider only). */
export const TEST_CARDS = ['succeeds', 'fails-at-renewal', 'declined'] as const;
export type TestCard = (typeof TEST_CARDS)[number];
export const testCheckoutBodySchema = z.object({ card: z.enum(TEST_CARDS, { error: `card must be one of ${TEST_CARDS.join(', ')}` }) });
export const testCheckoutResultSchema = z.object({ redirect: z.string() });

/** GET /billing/test-checkout/{checkoutId} — the local checkout page's content. */
export const testCheckoutSchema = z.object({
  checkoutId: z.string(),
  plan: planSchema,
  trialDays: z.number().int(),
  status: z.enum(['open', 'complete', 'expired']),
  cancelUrl: z.string(),
  email: z.string().nullable(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const portalSchema = z.object({ url: z.string() });

/** The 402 body for Pro content: `message` as every error, plus what to unlock. */
export const proRequiredSchema = z.object({ message: z.string(), proRequired: z.literal(true), feature: z.string() });

/** GET /billing/notifications — notices the server sent the learner (the trial reminder), not dismissed yet. */
export const billingNotificationsSchema = z.object({
  notifications: z.array(z.object({ id: z.string(), kind: z.string(), message: z.string(), href: z.string().nullable() })),
});
export type BillingNotifications = z.infer<typeof billingNotificationsSchema>;
export const dismissedSchema = z.object({ dismissed: z.literal(true) });
