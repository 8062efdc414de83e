import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { PlanId } from '@/domain/billing/plans';
import type { Entitlement, PaymentRecord, PaymentStatus, SubscriptionRecord, SubscriptionStatus } from '@/domain/billing/subscription-state';
import type { Database } from '@/server/db/client';
import { billingCheckouts, billingCustomers, billingEvents, entitlements, learnerNotifications, learnerProgress, payments, subscriptions, users } from '@/server/db/schema';

export type CheckoutRow = typeof billingCheckouts.$inferSelect;
export type NotificationRow = typeof learnerNotifications.$inferSelect;
export type CustomerRow = typeof billingCustomers.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const toSubscription = (row: SubscriptionRow): SubscriptionRecord & { provider: string } => ({
  id: row.id,
  uid: row.userId,
  provider: row.provider,
  customerId: row.customerId,
  planId: row.planId as PlanId,
  status: row.status as SubscriptionStatus,
  currentPeriodStart: row.currentPeriodStart,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  trialEnd: row.trialEnd,
  canceledAt: row.canceledAt,
  endedAt: row.endedAt,
  paymentFailedAt: row.paymentFailedAt,
  snapshotCreated: row.snapshotCreated,
});

const toPayment = (row: PaymentRow): PaymentRecord => ({
  id: row.id,
  uid: row.userId,
  subscriptionId: row.subscriptionId,
  amountMinor: row.amountMinor,
  currency: row.currency,
  status: row.status as PaymentStatus,
  paidAt: row.paidAt,
  failedAt: row.failedAt,
  refundedAt: row.refundedAt,
  paymentIntentId: row.paymentIntentId,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  number: row.number,
  receiptUrl: row.receiptUrl,
});

/** Billing's tables. Webhook writes run inside one transaction per event (the service's). */
export function createBillingRepository(db: Database) {
  return {
    /** Records an event id; false when it was already there (a replay: nothing else may change). */
    async claimEvent(event: { id: string; provider: string; type: string; created: number }): Promise<boolean> {
      const inserted = await db
        .insert(billingEvents)
        .values({ id: event.id, provider: event.provider, type: event.type, created: event.created, outcome: 'received' })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return inserted.length > 0;
    },

    async settleEvent(id: string, outcome: string, userId: string | null): Promise<void> {
      await db.update(billingEvents).set({ outcome, userId }).where(eq(billingEvents.id, id));
    },

    async eventCount(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(billingEvents);
      return row?.count ?? 0;
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return row !== undefined;
    },

    /** Serialises a learner's billing writes for the rest of the transaction (webhooks may arrive together). */
    async lockLearner(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`);
    },

    /** Claims an open checkout for its one payment: false when it was already taken. */
    async claimOpenCheckout(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(billingCheckouts)
        .set({ status: 'complete' })
        .where(and(eq(billingCheckouts.id, id), eq(billingCheckouts.status, 'open'), sql`${billingCheckouts.expiresAt} > ${now}`))
        .returning({ id: billingCheckouts.id });
      return rows.length > 0;
    },

    async reopenCheckout(id: string): Promise<void> {
      await db.update(billingCheckouts).set({ status: 'open' }).where(eq(billingCheckouts.id, id));
    },

    async customerOf(userId: string): Promise<CustomerRow | null> {
      const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
      return row ?? null;
    },

    async userOfCustomer(provider: string, customerId: string): Promise<string | null> {
      const [row] = await db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId)));
      return row?.userId ?? null;
    },

    /** The learner's customer at the provider; a learner keeps their first one. */
    async linkCustomer(row: { userId: string; provider: string; customerId: string; testCard?: string | null }): Promise<void> {
      await db
        .insert(billingCustomers)
        .values({ userId: row.userId, provider: row.provider, customerId: row.customerId, testCard: row.testCard ?? null })
        .onConflictDoUpdate({ target: billingCustomers.userId, set: row.testCard === undefined ? { provider: row.provider } : { testCard: row.testCard } });
    },

    async insertCheckout(row: typeof billingCheckouts.$inferInsert): Promise<CheckoutRow> {
      const [inserted] = await db.insert(billingCheckouts).values(row).returning();
      if (!inserted) throw new Error('checkout insert returned nothing');
      return inserted;
    },

    async setCheckoutSession(id: string, providerSessionId: string): Promise<void> {
      await db.update(billingCheckouts).set({ providerSessionId }).where(eq(billingCheckouts.id, id));
    },

    async checkout(id: string): Promise<CheckoutRow | null> {
      const [row] = await db.select().from(billingCheckouts).where(eq(billingCheckouts.id, id));
      return row ?? null;
    },

    /** The checkout a subscription came from (linked when its checkout.session.completed was applied). */
    async checkoutOfSubscription(subscriptionId: string): Promise<CheckoutRow | null> {
      const [row] = await db.select().from(billingCheckouts).where(eq(billingCheckouts.subscriptionId, subscriptionId)).limit(1);
      return row ?? null;
    },

    async completeCheckout(id: string, subscriptionId: string | null): Promise<void> {
      await db.update(billingCheckouts).set({ status: 'complete', subscriptionId }).where(eq(billingCheckouts.id, id));
    },

    async expireCheckout(id: string): Promise<void> {
      await db.update(billingCheckouts).set({ status: 'expired' }).where(and(eq(billingCheckouts.id, id), eq(billingCheckouts.status, 'open')));
    },

    async subscription(id: string): Promise<(SubscriptionRecord & { provider: string }) | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ? toSubscription(row) : null;
    },

    /** For update: the webhook transaction holds the row while it decides. */
    async lockSubscription(id: string): Promise<(SubscriptionRecord & { provider: string }) | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      return row ? toSubscription(row) : null;
    },

    async subscriptionsOf(userId: string): Promise<(SubscriptionRecord & { provider: string })[]> {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.snapshotCreated));
      return rows.map(toSubscription);
    },

    async saveSubscription(record: SubscriptionRecord, provider: string, now: Date): Promise<void> {
      const values = {
        userId: record.uid,
        provider,
        customerId: record.customerId,
        planId: record.planId,
        status: record.status,
        currentPeriodStart: record.currentPeriodStart,
        currentPeriodEnd: record.currentPeriodEnd,
        cancelAtPeriodEnd: record.cancelAtPeriodEnd,
        trialEnd: record.trialEnd,
        canceledAt: record.canceledAt,
        endedAt: record.endedAt,
        paymentFailedAt: record.paymentFailedAt,
        snapshotCreated: record.snapshotCreated,
        updatedAt: now,
      };
      await db.insert(subscriptions).values({ id: record.id, ...values }).onConflictDoUpdate({ target: subscriptions.id, set: values });
    },

    /** The local provider's clock: its subscriptions whose period is over, and lapsed grace periods. */
    async dueLocalSubscriptions(now: Date): Promise<(SubscriptionRecord & { provider: string })[]> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, 'local'), or(and(inArray(subscriptions.status, ['active', 'trialing']), lte(subscriptions.currentPeriodEnd, now)), eq(subscriptions.status, 'past_due'))));
      return rows.map(toSubscription);
    },

    async payment(id: string): Promise<PaymentRecord | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ? toPayment(row) : null;
    },

    async paymentByIntent(paymentIntentId: string): Promise<PaymentRecord | null> {
      const [row] = await db.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId));
      return row ? toPayment(row) : null;
    },

    async paymentsOf(userId: string): Promise<PaymentRecord[]> {
      const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(sql`coalesce(${payments.paidAt}, ${payments.failedAt}, ${payments.refundedAt})`));
      return rows.map(toPayment);
    },

    async savePayment(record: PaymentRecord, provider: string): Promise<void> {
      const values = {
        userId: record.uid,
        provider,
        subscriptionId: record.subscriptionId,
        amountMinor: record.amountMinor,
        currency: record.currency,
        status: record.status,
        paidAt: record.paidAt,
        failedAt: record.failedAt,
        refundedAt: record.refundedAt,
        paymentIntentId: record.paymentIntentId,
        periodStart: record.periodStart,
        periodEnd: record.periodEnd,
        number: record.number,
        receiptUrl: record.receiptUrl,
      };
      await db.insert(payments).values({ id: record.id, ...values }).onConflictDoUpdate({ target: payments.id, set: values });
    },

    async setPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
      await db.update(payments).set({ paymentIntentId }).where(eq(payments.id, id));
    },

    async saveEntitlement(userId: string, entitlement: Entitlement, now: Date): Promise<void> {
      const values = { proUntil: entitlement.pro ? entitlement.until : null, state: entitlement.state, subscriptionId: entitlement.subscriptionId, updatedAt: now };
      await db.insert(entitlements).values({ userId, ...values }).onConflictDoUpdate({ target: entitlements.userId, set: values });
    },

    /** The learner's stored time zone (their progress settings); null before they have any. */
    async timeZoneOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ timeZone: learnerProgress.timeZone }).from(learnerProgress).where(eq(learnerProgress.userId, userId)).limit(1);
      return row?.timeZone ?? null;
    },

    /** Trials that will charge (not cancelled) and have not charged yet, with their learner's zone. */
    async chargingTrials(now: Date): Promise<((SubscriptionRecord & { provider: string }) & { timeZone: string | null })[]> {
      const rows = await db
        .select({ subscription: subscriptions, timeZone: learnerProgress.timeZone })
        .from(subscriptions)
        .leftJoin(learnerProgress, eq(learnerProgress.userId, subscriptions.userId))
        .where(and(eq(subscriptions.status, 'trialing'), eq(subscriptions.cancelAtPeriodEnd, false), sql`coalesce(${subscriptions.trialEnd}, ${subscriptions.currentPeriodEnd}) > ${now}`));
      return rows.map((row) => ({ ...toSubscription(row.subscription), timeZone: row.timeZone }));
    },

    /** Stores a notice once: false when one with this id was already sent. */
    async insertNotification(row: typeof learnerNotifications.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(learnerNotifications).values(row).onConflictDoNothing().returning({ id: learnerNotifications.id });
      return inserted.length > 0;
    },

    async openNotificationsOf(userId: string): Promise<NotificationRow[]> {
      return db
        .select()
        .from(learnerNotifications)
        .where(and(eq(learnerNotifications.userId, userId), sql`${learnerNotifications.dismissedAt} is null`))
        .orderBy(desc(learnerNotifications.createdAt));
    },

    /** Dismisses the learner's own notice; false when they have no such open notice. */
    async dismissNotification(userId: string, id: string, now: Date): Promise<boolean> {
      const updated = await db
        .update(learnerNotifications)
        .set({ dismissedAt: now })
        .where(and(eq(learnerNotifications.id, id), eq(learnerNotifications.userId, userId), sql`${learnerNotifications.dismissedAt} is null`))
        .returning({ id: learnerNotifications.id });
      return updated.length > 0;
    },

    async proUntil(userId: string): Promise<Date | null> {
      const [row] = await db.select({ proUntil: entitlements.proUntil }).from(entitlements).where(eq(entitlements.userId, userId));
      return row?.proUntil ?? null;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
