import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { z } from 'zod';
import { purchaseEvent, subscriptionEvents, type BusinessEvent } from '@/domain/analytics/business-events';
import { appLinkDestination, resolveAppLink } from '@/domain/billing/app-redirect';
import type { BillingOverview, CheckoutBody, CheckoutStatus, EntitlementDto, PaymentDto, TestCard, TestCheckout } from '@/domain/billing/billing-dto';
import { checkoutBodySchema } from '@/domain/billing/billing-dto';
import { accessTo, needsPro, proBenefits, type ProFeature } from '@/domain/billing/entitlement';
import { billingDays, billingTimeZone, formatBillingDay, periodEndOf, reminderDayFor, TRIAL_REMINDER_DAYS, trialReminderDue, trialTimeline, type TrialSummary } from '@/domain/billing/billing-dates';
import { formatPrice, plansFrom, trialDaysFor, type Plan, type PlanId } from '@/domain/billing/plans';
import { localDayOf } from '@/domain/progress/local-day';
import {
  applyInvoice,
  applyPaymentToSubscription,
  applyRefund,
  applySubscriptionSnapshot,
  billingEventSchema,
  entitlementOf,
  graceNotice,
  HANDLED_EVENT_TYPES,
  REFUND_WINDOW_DAYS,
  refundDecision,
  subscriptionOfInvoice,
  uidOfInvoice,
  type BillingEvent,
  type Entitlement,
} from '@/domain/billing/subscription-state';
import { COURSE_ENGINEER } from '@/domain/identity/roles';
import { resolveRedirect } from '@/domain/redirect/resolve-redirect';
import { paths } from '@/domain/routing/paths';
import { isNamedError } from '@/lib/errors/named-error';
import type { BillingConfig } from '@/server/config/server-env';
import type { Database } from '@/server/db/client';
import { badRequest, conflict, HttpError, notFound, proRequired } from '@/server/http/http-error';
import { createAnalyticsRepository } from '@/server/repositories/analytics-repository';
import { createBillingRepository, type BillingRepository, type CheckoutRow } from '@/server/repositories/billing-repository';
import { logger } from '@/lib/logger';
import type { BillingProvider, CardDeclinedError } from '@/server/billing/billing-provider';
import { createLocalProvider, type LocalProvider } from '@/server/billing/local-provider';
import { createStripeProvider, stripeClient } from '@/server/billing/stripe-provider';

/**
 * Codetrail Pro (issue 15): plans, checkouts, the webhook that alone writes subscription state,
 * the entitlement every gate asks, cancelling and refunds. docs/features/billing.md.
 */

export interface BillingServiceOptions {
  config: BillingConfig;
  appOrigin: string;
  /** Hosts a web redirectUrl may name (the post-login allow-list). */
  redirectAllowList: readonly string[];
  now: () => Date;
  /** Tests may give their own provider (e.g. Stripe's SDK against a double). */
  provider?: BillingProvider;
  /** After a webhook committed a business event the learner's marketing consent allows: the email tracker (analytics-service.ts). */
  forwardBusinessEvent?: (uid: string, event: BusinessEvent, at: Date) => Promise<number>;
}

/** The consent of the request that started a checkout (its cookie, read by the checkout route). */
export interface CheckoutConsent {
  analytics: boolean;
  marketing: boolean;
}
const NO_CHECKOUT_CONSENT: CheckoutConsent = { analytics: false, marketing: false };

export interface BillingLearner {
  uid: string;
  email: string | null;
  roles: readonly string[];
}

const CHECKOUT_HOURS = 24;
const NO_CHECKOUT = 'There is no such checkout.';
const envelopeSchema = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(100), created: z.number().int().nonnegative() });

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The entitlement as pages get it; a grace notice names its last day in the learner's zone. */
export function entitlementDto(entitlement: Entitlement, timeZone = 'UTC'): EntitlementDto {
  const notice = entitlement.state === 'grace' && entitlement.until ? graceNotice(formatBillingDay(localDayOf(entitlement.until, billingTimeZone(timeZone)))) : entitlement.notice;
  return { pro: entitlement.pro, state: entitlement.state, until: iso(entitlement.until), planId: entitlement.planId, renewsAt: iso(entitlement.renewsAt), notice };
}

/** The trial reminder's sentence: what is charged, on which day, and how not to be. */
export function trialReminderMessage(plan: Plan, chargeOn: string): string {
  return `Your free trial ends on ${formatBillingDay(chargeOn)}. Then ${formatPrice(plan.amountMinor, plan.currency)} is charged for Codetrail Pro ${plan.name}, unless you cancel before then in Settings → Billing.`;
}


export function createBillingService(db: Database, options: BillingServiceOptions) {
  const { config } = options;
  const repository = createBillingRepository(db);
  const plans = plansFrom(config.prices);
  const allowance = { freeProjects: config.freeProjects };
  const priceIds = config.stripe?.priceIds ?? {};
  // Stripe's SDK checks (and, locally, makes) webhook signatures; no request is ever sent for that.
  const webhooks = (config.stripe ? stripeClient(config.stripe.secretKey, config.stripe.apiBase) : new Stripe('sk_test_codetrail_local_offline')).webhooks;
  const providerName = config.provider;

  const local: LocalProvider | null =
    options.provider || config.provider !== 'local'
      ? null
      : createLocalProvider({ repository, prices: config.prices, graceDays: config.graceDays, appOrigin: options.appOrigin, now: options.now, deliver: (event) => deliverSigned(event) });
  const provider: BillingProvider = options.provider ?? local ?? createStripeProvider({ secretKey: config.stripe!.secretKey, priceIds: config.stripe!.priceIds, apiBase: config.stripe!.apiBase });

  async function deliverSigned(event: Record<string, unknown>): Promise<void> {
    const payload = JSON.stringify(event);
    await handleWebhook(payload, webhooks.generateTestHeaderString({ payload, secret: config.webhookSecret }));
  }

  const planById = (id: PlanId): Plan => plans.find((plan) => plan.id === id) ?? plans[0]!;

  async function refreshEntitlement(repo: BillingRepository, uid: string): Promise<Entitlement> {
    const now = options.now();
    const entitlement = entitlementOf(await repo.subscriptionsOf(uid), now, config.graceDays);
    await repo.saveEntitlement(uid, entitlement, now);
    return entitlement;
  }

  /** The learner an event is about, if we know them (a user row must exist). */
  async function learnerOf(repo: BillingRepository, candidates: (string | null | undefined)[], customerId: string | null | undefined): Promise<string | null> {
    for (const candidate of candidates) if (candidate && (await repo.userExists(candidate))) return candidate;
    if (customerId) return repo.userOfCustomer(providerName, customerId);
    return null;
  }

  const notYetKnown = () => new HttpError(409, 'The learner this event is about is not known yet; deliver it again later.');

  /** What one applied event changed that analytics counts, and the checkout whose consent decides where it goes. */
  type Applied = { outcome: string; uid: string | null; business?: { events: BusinessEvent[]; checkout: CheckoutRow | null } };

  /** Applies one verified event inside the caller's transaction; answers the outcome stored with it. */
  async function apply(repo: BillingRepository, event: BillingEvent): Promise<Applied> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const stored = await repo.subscription(subscription.id);
        const uid = await learnerOf(repo, [subscription.metadata.uid, stored?.uid], subscription.customer);
        if (!uid) throw notYetKnown();
        await repo.lockLearner(uid);
        const current = await repo.lockSubscription(subscription.id);
        const outcome = applySubscriptionSnapshot(current, { created: event.created, subscription, uid }, priceIds);
        if (!outcome.applied) return { outcome: `ignored-${outcome.reason}`, uid };
        await repo.saveSubscription(outcome.record, providerName, options.now());
        if (!(await repo.customerOf(uid))) await repo.linkCustomer({ userId: uid, provider: providerName, customerId: subscription.customer });
        await refreshEntitlement(repo, uid);
        const events = subscriptionEvents(current, outcome.record);
        if (events.length === 0) return { outcome: 'applied', uid };
        const byMetadata = subscription.metadata.checkoutId ? await repo.checkout(subscription.metadata.checkoutId) : null;
        const checkout = byMetadata?.userId === uid ? byMetadata : await repo.checkoutOfSubscription(subscription.id);
        return { outcome: 'applied', uid, business: { events, checkout } };
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = subscriptionOfInvoice(invoice);
        const stored = subscriptionId ? await repo.subscription(subscriptionId) : null;
        const uid = await learnerOf(repo, [uidOfInvoice(invoice), stored?.uid], invoice.customer);
        if (!uid) throw notYetKnown();
        await repo.lockLearner(uid);
        const payment = applyInvoice(await repo.payment(invoice.id), { type: event.type, created: event.created, invoice, uid });
        await repo.savePayment(payment, providerName);
        const subscription = subscriptionId ? await repo.lockSubscription(subscriptionId) : null;
        if (subscription) {
          const next = applyPaymentToSubscription(subscription, event);
          if (next !== subscription) await repo.saveSubscription(next, providerName, options.now());
        }
        await refreshEntitlement(repo, uid);
        return { outcome: 'applied', uid };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const byInvoice = charge.invoice ? await repo.payment(charge.invoice) : null;
        const current = byInvoice ?? (charge.payment_intent ? await repo.paymentByIntent(charge.payment_intent) : null);
        const uid = await learnerOf(repo, [current?.uid], charge.customer);
        if (!uid) throw notYetKnown();
        await repo.lockLearner(uid);
        const next = applyRefund(current, { created: event.created, charge, uid });
        if (!next || next === current) return { outcome: 'ignored-partial', uid };
        await repo.savePayment(next, providerName);
        await refreshEntitlement(repo, uid);
        return { outcome: 'applied', uid };
      }
      case 'checkout.session.completed': {
        const session = event.data.object;
        const checkout = session.metadata.checkoutId ? await repo.checkout(session.metadata.checkoutId) : null;
        const uid = await learnerOf(repo, [checkout?.userId, session.client_reference_id, session.metadata.uid], session.customer);
        if (!uid) throw notYetKnown();
        if (session.customer && !(await repo.customerOf(uid))) await repo.linkCustomer({ userId: uid, provider: providerName, customerId: session.customer });
        if (!checkout || checkout.userId !== uid) return { outcome: 'applied', uid };
        await repo.completeCheckout(checkout.id, session.subscription ?? null);
        return { outcome: 'applied', uid, business: { events: [purchaseEvent({ id: checkout.id, planId: checkout.planId as PlanId })], checkout } };
      }
    }
  }

  /**
   * POST /api/billing/webhook: Stripe's signature checked with its SDK (400 and nothing changed when
   * it fails), each event id processed once, each event applied in one transaction.
   */
  async function handleWebhook(rawBody: string, signature: string | undefined | null): Promise<{ received: true; duplicate: boolean; outcome: string }> {
    if (!signature) throw badRequest('The Stripe-Signature header is missing.');
    let verified: unknown;
    try {
      verified = webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    } catch {
      throw badRequest('The webhook signature is not valid.');
    }
    const envelope = envelopeSchema.safeParse(verified);
    if (!envelope.success) throw badRequest('The webhook payload is not an event.');
    const { id, type, created } = envelope.data;
    const handled = HANDLED_EVENT_TYPES.includes(type);
    const parsed = handled ? billingEventSchema.safeParse(verified) : null;
    if (parsed && !parsed.success) throw badRequest(`The ${type} event could not be read: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}.`);
    const toForward: BusinessEvent[] = [];
    const answer = await db.transaction(async (tx) => {
      const repo = createBillingRepository(tx as unknown as Database);
      if (!(await repo.claimEvent({ id, provider: providerName, type, created }))) return { received: true as const, duplicate: true, outcome: 'duplicate', uid: null };
      const result: Applied = parsed?.success ? await apply(repo, parsed.data) : { outcome: 'ignored-type', uid: null };
      if (result.uid && result.business) toForward.push(...(await recordBusinessEvents(tx as unknown as Database, result.uid, result.business, new Date(created * 1000))));
      await repo.settleEvent(id, result.outcome, result.uid);
      return { received: true as const, duplicate: false, outcome: result.outcome, uid: result.uid };
    });
    if (answer.uid && options.forwardBusinessEvent) {
      for (const event of toForward) {
        try {
          await options.forwardBusinessEvent(answer.uid, event, new Date(created * 1000));
        } catch (error) {
          // Committed already: a tracker that fails must not make the provider deliver the event again.
          logger.warn(`billing: ${event.name} was not forwarded`, error instanceof Error ? error.message : error);
        }
      }
    }
    return { received: answer.received, duplicate: answer.duplicate, outcome: answer.outcome };
  }

  /**
   * The business events of one webhook event, in its transaction (docs/analytics.md): stored with
   * the checkout's analytics consent, once per dedupe key however often the webhook is delivered;
   * answers those the checkout's marketing consent lets go on to the email tracker.
   */
  async function recordBusinessEvents(tx: Database, uid: string, business: NonNullable<Applied['business']>, occurredAt: Date): Promise<BusinessEvent[]> {
    const consent: CheckoutConsent = business.checkout ? { analytics: business.checkout.analyticsConsent, marketing: business.checkout.marketingConsent } : NO_CHECKOUT_CONSENT;
    const store = createAnalyticsRepository(tx);
    const forward: BusinessEvent[] = [];
    for (const event of business.events) {
      const fresh = consent.analytics
        ? await store.insertOnce({ name: event.name, properties: event.properties, path: null, userId: uid, anonymousId: null, occurredAt, receivedAt: options.now(), dedupeKey: event.dedupeKey })
        : true; // nothing stored to deduplicate on: the webhook's own event id keeps it once
      if (fresh && consent.marketing) forward.push(event);
    }
    return forward;
  }

  async function isPro(uid: string): Promise<boolean> {
    const until = await repository.proUntil(uid);
    return until !== null && until > options.now();
  }

  function paymentDto(payment: Awaited<ReturnType<BillingRepository['paymentsOf']>>[number], now: Date, timeZone: string): PaymentDto {
    const decision = refundDecision(payment, now);
    const day = (date: Date | null) => (date ? localDayOf(date, timeZone) : null);
    return {
      id: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      status: payment.status,
      paidAt: iso(payment.paidAt),
      refundedAt: iso(payment.refundedAt),
      periodStart: iso(payment.periodStart),
      periodEnd: iso(payment.periodEnd),
      number: payment.number,
      receiptUrl: payment.receiptUrl,
      paidOn: day(payment.paidAt),
      periodStartOn: day(payment.periodStart),
      periodEndOn: day(payment.periodEnd),
      refundedOn: day(payment.refundedAt),
      refundable: decision.refundable,
      refundNote: decision.refundable ? null : decision.reason,
    };
  }

  async function overview(uid: string): Promise<BillingOverview> {
    const now = options.now();
    const [subs, paid, customer, storedZone] = await Promise.all([repository.subscriptionsOf(uid), repository.paymentsOf(uid), repository.customerOf(uid), repository.timeZoneOf(uid)]);
    const timeZone = billingTimeZone(storedZone);
    const entitlement = entitlementOf(subs, now, config.graceDays);
    const shown = subs.find((sub) => sub.id === entitlement.subscriptionId) ?? subs[0] ?? null;
    return {
      provider: providerName,
      plans,
      trialDays: trialDaysFor(config.prices, subs.length > 0),
      entitlement: entitlementDto(entitlement, timeZone),
      days: billingDays(shown, entitlement, timeZone),
      timeZone,
      reminderDays: TRIAL_REMINDER_DAYS,
      subscription: shown ? { id: shown.id, planId: shown.planId, status: shown.status, currentPeriodEnd: shown.currentPeriodEnd.toISOString(), cancelAtPeriodEnd: shown.cancelAtPeriodEnd, endedAt: (shown.endedAt ?? shown.canceledAt)?.toISOString() ?? null } : null,
      payments: paid.map((payment) => paymentDto(payment, now, timeZone)),
      portal: providerName === 'stripe' && customer !== null,
      refundWindowDays: REFUND_WINDOW_DAYS,
      benefits: proBenefits(allowance),
    };
  }

  /** Where "Continue" leads after a purchase: the checked redirect (web), or the web2app success page. */
  function continueUrlOf(checkout: Pick<CheckoutRow, 'flow' | 'redirectUrl'>): string {
    if (checkout.flow === 'web2app') return paths.web2appSuccess(checkout.redirectUrl);
    return checkout.redirectUrl ?? paths.redirectToActiveSection();
  }

  /** A redirectUrl as the flow allows it: an app path (web) or an app link (web2app); null otherwise. */
  function checkedRedirect(flow: 'web' | 'web2app', raw: string | null | undefined): string | null {
    if (!raw) return null;
    if (flow === 'web2app') {
      const decision = resolveAppLink(raw, config.appLinks);
      return decision.allowed ? decision.destination : null;
    }
    const decision = resolveRedirect(raw, options.redirectAllowList);
    return decision.allowed ? decision.destination : null;
  }

  async function ownedCheckout(uid: string, checkoutId: string): Promise<CheckoutRow> {
    const checkout = await repository.checkout(checkoutId);
    if (!checkout || checkout.userId !== uid) throw notFound(NO_CHECKOUT);
    return checkout;
  }

  const statusOf = (checkout: CheckoutRow, now: Date): CheckoutStatus['status'] => (checkout.status === 'open' && checkout.expiresAt <= now ? 'expired' : (checkout.status as CheckoutStatus['status']));

  function requireLocal(): LocalProvider {
    if (!local) throw notFound('The test checkout exists only with BILLING_PROVIDER=local.');
    return local;
  }

  async function subscriptionToChange(uid: string) {
    const subs = await repository.subscriptionsOf(uid);
    const entitlement = entitlementOf(subs, options.now(), config.graceDays);
    const sub = subs.find((candidate) => candidate.id === entitlement.subscriptionId && candidate.status !== 'canceled');
    return { sub, entitlement };
  }

  return {
    plans: () => plans,
    allowance,
    provider: providerName,
    isPro,
    overview,
    handleWebhook,
    checkedRedirect,
    appLink: (raw: unknown) => appLinkDestination(raw, config.appLinks),
    trialDaysFor: async (uid: string) => trialDaysFor(config.prices, (await repository.subscriptionsOf(uid)).length > 0),
    entitlement: async (uid: string) => entitlementOf(await repository.subscriptionsOf(uid), options.now(), config.graceDays),
    /** The entitlement as pages show it (its notice's day in the learner's zone). */
    entitlementView: async (uid: string) => {
      const [subs, storedZone] = await Promise.all([repository.subscriptionsOf(uid), repository.timeZoneOf(uid)]);
      return entitlementDto(entitlementOf(subs, options.now(), config.graceDays), billingTimeZone(storedZone));
    },

    /** The one gate: throws 402 (`proRequired`) when the feature needs Pro and the learner has none. */
    async requireAccess(learner: Pick<BillingLearner, 'uid' | 'roles'>, feature: ProFeature): Promise<void> {
      if (!needsPro(feature, allowance)) return;
      const pro = learner.roles.includes(COURSE_ENGINEER) || (await isPro(learner.uid));
      const decision = accessTo(feature, { pro, roles: learner.roles }, allowance);
      if (!decision.allowed) throw proRequired(decision.message, decision.feature);
    },

    /** Same rule, as a decision (pages show the paywall instead of throwing). */
    async accessTo(learner: Pick<BillingLearner, 'uid' | 'roles'>, feature: ProFeature) {
      if (!needsPro(feature, allowance)) return accessTo(feature, { pro: false, roles: learner.roles }, allowance);
      const pro = learner.roles.includes(COURSE_ENGINEER) || (await isPro(learner.uid));
      return accessTo(feature, { pro, roles: learner.roles }, allowance);
    },

    async startCheckout(learner: BillingLearner, input: CheckoutBody, consent: CheckoutConsent = NO_CHECKOUT_CONSENT): Promise<{ checkoutId: string; url: string }> {
      const body = checkoutBodySchema.parse(input);
      if (await isPro(learner.uid)) throw conflict('You already have Codetrail Pro. Manage it in Settings → Billing.');
      const now = options.now();
      const redirectUrl = checkedRedirect(body.flow, body.redirectUrl);
      const trackingReferer = body.trackingReferer || null;
      const customer = await repository.customerOf(learner.uid);
      const checkout = await repository.insertCheckout({
        id: newId('co'),
        userId: learner.uid,
        provider: providerName,
        planId: body.plan,
        flow: body.flow,
        redirectUrl,
        trackingReferer,
        trialDays: trialDaysFor(config.prices, (await repository.subscriptionsOf(learner.uid)).length > 0),
        analyticsConsent: consent.analytics,
        marketingConsent: consent.marketing,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_HOURS * 60 * 60 * 1000),
      });
      const back = body.flow === 'web' ? paths.subscribe(redirectUrl, trackingReferer) : paths.web2appSubscribe(redirectUrl, trackingReferer);
      const started = await provider.createCheckout({
        checkoutId: checkout.id,
        uid: learner.uid,
        email: learner.email,
        plan: body.plan,
        trialDays: checkout.trialDays,
        customerId: customer?.provider === providerName ? customer.customerId : null,
        successUrl: `${options.appOrigin}${paths.purchaseSuccessful(checkout.id)}`,
        cancelUrl: `${options.appOrigin}${back}`,
      });
      await repository.setCheckoutSession(checkout.id, started.providerSessionId);
      return { checkoutId: checkout.id, url: started.url };
    },

    async checkoutStatus(uid: string, checkoutId: string): Promise<CheckoutStatus> {
      const checkout = await ownedCheckout(uid, checkoutId);
      return { checkoutId, planId: checkout.planId as PlanId, flow: checkout.flow as CheckoutStatus['flow'], status: statusOf(checkout, options.now()), pro: await isPro(uid), continueUrl: continueUrlOf(checkout) };
    },

    /**
     * The purchase-successful page's plan (null: no such checkout of this learner), and for a trial
     * its timeline: from the stored subscription once the webhook has written it, else from now and
     * the checkout's trial days, as the provider counts them.
     */
    async checkoutSummary(uid: string, checkoutId: string): Promise<{ checkoutId: string; plan: Plan; flow: CheckoutStatus['flow']; trial: TrialSummary | null } | null> {
      const checkout = await repository.checkout(checkoutId);
      if (!checkout || checkout.userId !== uid) return null;
      const plan = planById(checkout.planId as PlanId);
      let trial: TrialSummary | null = null;
      if (checkout.trialDays > 0) {
        const [subs, storedZone] = await Promise.all([repository.subscriptionsOf(uid), repository.timeZoneOf(uid)]);
        const sub = subs.find((candidate) => candidate.id === checkout.subscriptionId) ?? subs.find((candidate) => candidate.status === 'trialing');
        const startsAt = sub?.status === 'trialing' ? sub.currentPeriodStart : options.now();
        const endsAt = sub?.status === 'trialing' ? periodEndOf(sub) : new Date(startsAt.getTime() + checkout.trialDays * 24 * 60 * 60 * 1000);
        trial = { ...trialTimeline(startsAt, endsAt, billingTimeZone(storedZone)), priceMinor: plan.amountMinor, currency: plan.currency };
      }
      return { checkoutId, plan, flow: checkout.flow as CheckoutStatus['flow'], trial };
    },

    /**
     * Sends each charging trial's reminder on its day (the learner's zone), once: a notice stored
     * for the learner and shown in the app. Run every minute by the housekeeping; tests pass a time.
     */
    async sendTrialReminders(at?: Date): Promise<{ sent: number }> {
      const now = at ?? options.now();
      let sent = 0;
      for (const trial of await repository.chargingTrials(now)) {
        const timeZone = billingTimeZone(trial.timeZone);
        const chargeAt = periodEndOf(trial);
        const chargeOn = localDayOf(chargeAt, timeZone);
        const reminderOn = reminderDayFor(localDayOf(trial.currentPeriodStart, timeZone), chargeOn);
        if (!trialReminderDue(reminderOn, chargeAt, now, timeZone)) continue;
        const inserted = await repository.insertNotification({
          id: `trial-reminder:${trial.id}:${chargeOn}`,
          userId: trial.uid,
          kind: 'trial-reminder',
          message: trialReminderMessage(planById(trial.planId), chargeOn),
          href: paths.billingSettings(),
          createdAt: now,
        });
        if (inserted) sent += 1;
      }
      return { sent };
    },

    /** The learner's notices not dismissed yet (newest first). */
    async notifications(uid: string): Promise<{ notifications: { id: string; kind: string; message: string; href: string | null }[] }> {
      const rows = await repository.openNotificationsOf(uid);
      return { notifications: rows.map((row) => ({ id: row.id, kind: row.kind, message: row.message, href: row.href })) };
    },

    async dismissNotification(uid: string, id: string): Promise<{ dismissed: true }> {
      if (!(await repository.dismissNotification(uid, id, options.now()))) throw notFound('There is no such notice.');
      return { dismissed: true };
    },

    async testCheckout(learner: BillingLearner, checkoutId: string): Promise<TestCheckout> {
      requireLocal();
      const checkout = await ownedCheckout(learner.uid, checkoutId);
      const back = checkout.flow === 'web' ? paths.subscribe(checkout.redirectUrl, checkout.trackingReferer) : paths.web2appSubscribe(checkout.redirectUrl, checkout.trackingReferer);
      return { checkoutId, plan: planById(checkout.planId as PlanId), trialDays: checkout.trialDays, status: statusOf(checkout, options.now()), cancelUrl: back, email: learner.email };
    },

    /** The local checkout's Pay button: the outcome goes through the webhook as signed events. */
    async completeTestCheckout(uid: string, checkoutId: string, card: TestCard): Promise<{ redirect: string }> {
      const provider = requireLocal();
      const checkout = await ownedCheckout(uid, checkoutId);
      const status = statusOf(checkout, options.now());
      if (status === 'complete') throw conflict('This checkout is already paid.');
      if (status === 'expired') throw conflict('This checkout has expired. Start again from the plans.');
      if (await isPro(uid)) throw conflict('You already have Codetrail Pro. Manage it in Settings → Billing.');
      if (card === 'declined') {
        try {
          await provider.completeCheckout({ checkoutId, uid, plan: checkout.planId as PlanId, trialDays: checkout.trialDays, card });
        } catch (error) {
          if (isNamedError<CardDeclinedError>(error, 'CardDeclinedError')) throw new HttpError(402, error.message);
          throw error;
        }
      }
      if (!(await repository.claimOpenCheckout(checkoutId, options.now()))) throw conflict('This checkout is already paid.');
      try {
        await provider.completeCheckout({ checkoutId, uid, plan: checkout.planId as PlanId, trialDays: checkout.trialDays, card });
      } catch (error) {
        await repository.reopenCheckout(checkoutId);
        throw error;
      }
      return { redirect: paths.purchaseSuccessful(checkoutId) };
    },

    async cancel(uid: string): Promise<BillingOverview> {
      const { sub } = await subscriptionToChange(uid);
      if (!sub || !['active', 'trialing', 'past_due'].includes(sub.status)) throw conflict('You have no subscription to cancel.');
      if (sub.cancelAtPeriodEnd) throw conflict('Your subscription is already cancelled; Pro stays until the period ends.');
      await provider.setCancelAtPeriodEnd(sub.id, true);
      return overview(uid);
    },

    async resume(uid: string): Promise<BillingOverview> {
      const { sub } = await subscriptionToChange(uid);
      if (!sub || !sub.cancelAtPeriodEnd) throw conflict('There is no cancelled subscription to keep.');
      await provider.setCancelAtPeriodEnd(sub.id, false);
      return overview(uid);
    },

    async refund(uid: string, paymentId: string): Promise<BillingOverview> {
      const payment = await repository.payment(paymentId);
      if (!payment || payment.uid !== uid) throw notFound('There is no such payment.');
      const decision = refundDecision(payment, options.now());
      if (!decision.refundable) throw conflict(decision.reason);
      const customer = await repository.customerOf(uid);
      if (!customer) throw conflict('This payment has no billing account to refund to.');
      await provider.refund({ paymentId, paymentIntentId: payment.paymentIntentId, subscriptionId: payment.subscriptionId, amountMinor: payment.amountMinor, currency: payment.currency, customerId: customer.customerId });
      return overview(uid);
    },

    async portal(uid: string): Promise<{ url: string }> {
      const customer = await repository.customerOf(uid);
      if (!customer) throw notFound('You have no billing account yet.');
      const url = await provider.portalUrl(customer.customerId, `${options.appOrigin}${paths.billingSettings()}`);
      if (!url) throw notFound('The billing portal is Stripe’s; with the local provider, manage your plan on this page.');
      return { url };
    },

    /** The local provider's clock (every minute from housekeeping; tests pass a time). */
    async runLocalClock(at?: Date) {
      return local ? local.tick(at) : { renewed: 0, failed: 0, ended: 0 };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
