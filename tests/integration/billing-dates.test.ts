import { billingNotificationsSchema, billingOverviewSchema, checkoutStartedSchema, type BillingOverview } from '@/domain/billing/billing-dto';
import { DEFAULT_APP_LINKS } from '@/domain/billing/app-redirect';
import { DEFAULT_PLAN_PRICES } from '@/domain/billing/plans';
import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
import { billingNotificationsRoutes, billingRoutes, cancelRoutes, checkoutRoutes, dismissBillingNotificationRoutes, testCheckoutRoutes } from '@/server/api/v1/billing-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { learnerProgress } from '@/server/db/schema';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

/**
 * Billing dates and the trial reminder with a fixed clock (docs/features/billing.md): every screen's
 * day comes from one rule in the learner's time zone, and the server sends the reminder on its day.
 */

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
type Learner = { uid: string; idToken: string };

let handle: DatabaseHandle;
let services: Services;
// 16:00 UTC on December 1 is already 01:00 on December 2 in Tokyo: the UTC day and the learner's differ.
let clock = new Date('2026-12-01T16:00:00Z');
const roomy = { ...DEFAULT_RATE_LIMITS, api: { ...DEFAULT_RATE_LIMITS.api, limit: 1_000_000 }, 'project-write': { ...DEFAULT_RATE_LIMITS['project-write'], limit: 1_000_000 } };
const call = apiCaller(() => services);

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, {
    now: () => clock,
    rateLimits: roomy,
    billingConfig: { provider: 'local', prices: DEFAULT_PLAN_PRICES, graceDays: 7, freeProjects: 3, webhookSecret: 'whsec_billing_dates', stripe: null, appLinks: DEFAULT_APP_LINKS },
  });
}, 60_000);

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

const overview = async (learner: Learner): Promise<BillingOverview> => billingOverviewSchema.parse((await call(billingRoutes(services), learner.idToken)).body);
const notices = async (learner: Learner) => billingNotificationsSchema.parse((await call(billingNotificationsRoutes(services), learner.idToken)).body).notifications;

/** A learner in `timeZone` who starts the 7-day trial of the monthly plan now. */
async function trialLearner(timeZone: string): Promise<Learner & { checkoutId: string }> {
  const learner = await emulatorUser();
  const started = await call(checkoutRoutes(services), learner.idToken, { method: 'POST', body: { plan: 'monthly' } });
  expect(started.status).toBe(200);
  await handle.db.insert(learnerProgress).values({ userId: learner.uid, timeZone });
  const { checkoutId } = checkoutStartedSchema.parse(started.body);
  expect((await call(testCheckoutRoutes(services), learner.idToken, { method: 'POST', query: { checkoutId }, body: { card: 'succeeds' } })).status).toBe(200);
  return { ...learner, checkoutId };
}

describe(`billing dates and the trial reminder on ${DATABASE}`, () => {
  let tokyo: Learner & { checkoutId: string };
  let quitter: Learner & { checkoutId: string };

  beforeAll(async () => {
    clock = new Date('2026-12-01T16:00:00Z');
    tokyo = await trialLearner('Asia/Tokyo');
    quitter = await trialLearner('Asia/Tokyo');
    expect((await call(cancelRoutes(services), quitter.idToken, { method: 'POST' })).status).toBe(200);
  });

  it('shows one day for the first charge and for "keep Pro until", in the learner’s zone, before and after a cancel', async () => {
    const plan = await overview(tokyo);
    expect(plan.entitlement.state).toBe('trialing');
    expect(plan.timeZone).toBe('Asia/Tokyo');
    // The trial ends 2026-12-08T16:00Z: December 8 in UTC, December 9 in Tokyo.
    expect(plan.days).toEqual({ chargeOn: '2026-12-09', accessEndsOn: '2026-12-09', trialEndsOn: '2026-12-09', reminderOn: '2026-12-06', endedOn: null });
    expect(plan.payments[0]).toMatchObject({ amountMinor: 0, paidOn: '2026-12-02' });

    const cancelled = await overview(quitter);
    expect(cancelled.entitlement.state).toBe('cancelling');
    expect(cancelled.days).toEqual({ chargeOn: null, accessEndsOn: '2026-12-09', trialEndsOn: '2026-12-09', reminderOn: null, endedOn: null });
  });

  it('gives the success page the trial’s timeline: today, the reminder, the first charge with its price', async () => {
    const summary = await services.billing.checkoutSummary(tokyo.uid, tokyo.checkoutId);
    expect(summary?.trial).toEqual({ startsOn: '2026-12-02', reminderOn: '2026-12-06', firstChargeOn: '2026-12-09', reminderDays: 3, priceMinor: 999, currency: 'USD' });
  });

  it('sends the reminder on its day in the learner’s zone, once, only for a trial that will charge', async () => {
    // 14:59 UTC on December 5 is 23:59 on the 5th in Tokyo: not yet.
    expect(await services.billing.sendTrialReminders(new Date('2026-12-05T14:59:00Z'))).toEqual({ sent: 0 });
    expect(await notices(tokyo)).toEqual([]);

    clock = new Date('2026-12-05T15:00:00Z');
    expect(await services.billing.sendTrialReminders()).toEqual({ sent: 1 });
    expect(await services.billing.sendTrialReminders(new Date('2026-12-06T09:00:00Z'))).toEqual({ sent: 0 });
    const [reminder, ...others] = await notices(tokyo);
    expect(others).toEqual([]);
    expect(reminder).toEqual({
      id: expect.stringMatching(/^trial-reminder:/),
      kind: 'trial-reminder',
      message: 'Your free trial ends on December 9, 2026. Then $9.99 is charged for Codetrail Pro Monthly, unless you cancel before then in Settings → Billing.',
      href: '/web/settings#billing',
    });
    // The cancelled trial charges nothing: no reminder.
    expect(await notices(quitter)).toEqual([]);

    // Only its learner can dismiss it; dismissed, it is gone everywhere.
    const dismiss = (learner: Learner, notificationId: string) => call(dismissBillingNotificationRoutes(services), learner.idToken, { method: 'POST', query: { notificationId } });
    expect((await dismiss(quitter, reminder!.id)).status).toBe(404);
    expect((await dismiss(tokyo, reminder!.id)).status).toBe(200);
    expect(await notices(tokyo)).toEqual([]);
    expect((await dismiss(tokyo, reminder!.id)).status).toBe(404);
    // Sending again does not bring a dismissed reminder back.
    expect(await services.billing.sendTrialReminders(new Date('2026-12-07T00:00:00Z'))).toEqual({ sent: 0 });
    expect(await notices(tokyo)).toEqual([]);
  });

  it('sends nothing once the trial has charged', async () => {
    const late = await trialLearner('UTC');
    expect(await services.billing.sendTrialReminders(new Date(clock.getTime() + 8 * 24 * 60 * 60 * 1000))).toEqual({ sent: 0 });
    expect(await notices(late)).toEqual([]);
  });
});
