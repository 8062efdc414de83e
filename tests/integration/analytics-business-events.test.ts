import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { CONSENT_REVISION } from '@/domain/analytics/consent';
import { checkoutStartedSchema } from '@/domain/billing/billing-dto';
import { DEFAULT_APP_LINKS } from '@/domain/billing/app-redirect';
import { DEFAULT_PLAN_PRICES } from '@/domain/billing/plans';
import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
import { analyticsRoutes } from '@/server/api/v1/analytics-routes';
import { checkoutRoutes, testCheckoutRoutes } from '@/server/api/v1/billing-routes';
import type { BillingConfig } from '@/server/config/server-env';
import type { DatabaseHandle } from '@/server/db/client';
import { analyticsEvents } from '@/server/db/schema';
import { runRoutes } from '@/server/http/endpoint';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

/**
 * The audit's finding: the collector took a learner's own `purchase` events, and twenty events a
 * request from anyone with a consent cookie they wrote themselves. Business events now come only
 * from the billing webhook, once per real event; the collector counts events per visitor and address.
 */

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
const SECRET = 'whsec_business_events_secret';
const VISITOR_LIMIT = 15;
const ADDRESS_LIMIT = 25;

let handle: DatabaseHandle;
let services: Services;
const clock = new Date('2026-11-24T09:00:00Z');
const call = apiCaller(() => services);
const stripeUtil = new Stripe('sk_test_integration');
type Learner = { uid: string; idToken: string };
let ana: Learner;
let ben: Learner;
let cat: Learner;

const config: BillingConfig = { provider: 'local', prices: DEFAULT_PLAN_PRICES, graceDays: 7, freeProjects: 3, webhookSecret: SECRET, stripe: null, appLinks: DEFAULT_APP_LINKS };
const unlimited = (kind: 'api' | 'project-write' | 'public-read') => ({ ...DEFAULT_RATE_LIMITS[kind], limit: 1_000_000 });
const limits = {
  ...DEFAULT_RATE_LIMITS,
  api: unlimited('api'),
  'project-write': unlimited('project-write'),
  'public-read': unlimited('public-read'),
  'analytics-visitor': { ...DEFAULT_RATE_LIMITS['analytics-visitor'], limit: VISITOR_LIMIT },
  'analytics-address': { ...DEFAULT_RATE_LIMITS['analytics-address'], limit: ADDRESS_LIMIT },
};

/** Anyone can write this cookie: it is the consent banner's record, not a credential. */
const forgedConsent = encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary', 'analytics', 'marketing'] }));
const at = '2026-11-24T08:59:00.000Z';
const machineOpened = { name: 'machine_opened', properties: { machineId: 'm1' }, at };
const stored = () => handle.db.select().from(analyticsEvents);
const storedNamed = (name: string) => handle.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, name));

function post(body: unknown, options: { token?: string; cookie?: string; address?: string } = {}) {
  const routes = analyticsRoutes(services, options.cookie ?? forgedConsent, options.address ?? '198.51.100.10');
  if (options.token) return call(routes, options.token, { method: 'POST', body });
  return runRoutes(routes, { method: 'POST', headers: {}, query: {}, body }, { authenticate: () => Promise.reject(new Error('no token was sent')) });
}

async function startCheckout(learner: Learner, cookie: string | undefined, plan = 'monthly') {
  const response = await call(checkoutRoutes(services, cookie), learner.idToken, { method: 'POST', body: { plan } });
  expect(response.status).toBe(200);
  return checkoutStartedSchema.parse(response.body).checkoutId;
}

/** Through the webhook handler, signed as Stripe signs: what Stripe's retries deliver again. */
function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return services.billing.handleWebhook(payload, stripeUtil.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
}

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock, rateLimits: limits, billingConfig: config });
  [ana, ben, cat] = await Promise.all([emulatorUser({ displayName: 'Ana' }), emulatorUser({ displayName: 'Ben' }), emulatorUser({ displayName: 'Cat' })]);
}, 60_000);

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

beforeEach(async () => {
  await handle.db.delete(analyticsEvents);
});

describe(`the collector refuses what is not the browser's to say, on ${DATABASE}`, () => {
  it.each([
    ['(a) a purchase', { name: 'purchase', properties: { plan: 'yearly' }, at }, 'purchase'],
    ['(b) a subscription that started', { name: 'subscription_started', properties: { plan: 'monthly', trial: false }, at }, 'subscription_started'],
    ['(b) a subscription that ended', { name: 'subscription_ended', properties: { plan: 'monthly' }, at }, 'subscription_ended'],
  ])('%s from a signed-in learner or a visitor: 422, and nothing of the batch is kept', async (_, event, name) => {
    const refusal = (index: number) => ({ message: `Invalid body.events.${index}.name: ${name} is recorded by Codetrail's server when the payment provider confirms it; a browser may not send it` });
    expect(await post({ events: [machineOpened, event] }, { token: ana.idToken })).toMatchObject({ status: 422, body: refusal(1) });
    expect(await post({ events: [event, machineOpened], anonymousId: 'visitor-abcdefghijkl' })).toMatchObject({ status: 422, body: refusal(0) });
    expect(await stored()).toEqual([]);
  });

  it('(c) more than ten events at once: 422 with the limit, nothing kept; ten are taken', async () => {
    const response = await post({ events: Array.from({ length: 11 }, () => machineOpened) }, { token: ana.idToken });
    expect(response).toMatchObject({ status: 422, body: { message: 'Invalid body.events: send at most 10 events at once' } });
    expect(await stored()).toEqual([]);
    expect(await post({ events: Array.from({ length: 10 }, () => machineOpened) }, { token: ana.idToken })).toMatchObject({ status: 202, body: { stored: 10 } });
  });

  it('(d) a flood from one visitor with a self-made consent cookie: 429 with Retry-After past the count, new anonymous ids included, and the refused batches leave nothing', async () => {
    const address = '203.0.113.99';
    const batch = (anonymousId: string) => ({ events: Array.from({ length: 10 }, () => machineOpened), anonymousId });
    const answers = [];
    answers.push(await post(batch('flood-visitor-aaaaaaaa'), { address }));
    answers.push(await post(batch('flood-visitor-aaaaaaaa'), { address })); // the same visitor: 11th to 20th event, past 15
    expect((await stored()).length).toBe(10);
    for (const suffix of ['bbbbbbbb', 'cccccccc', 'dddddddd', 'eeeeeeee', 'ffffffff']) answers.push(await post(batch(`flood-visitor-${suffix}`), { address })); // a new id each time
    expect(answers.map((answer) => answer.status)).toEqual([202, 429, 202, 429, 429, 429, 429]);
    expect(answers[1]).toMatchObject({ body: { message: DEFAULT_RATE_LIMITS['analytics-visitor'].message }, headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    for (const refused of answers.slice(3)) expect(refused).toMatchObject({ body: { message: DEFAULT_RATE_LIMITS['analytics-address'].message }, headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    const rows = await stored();
    expect(rows).toHaveLength(20);
    expect(rows.length).toBeLessThanOrEqual(ADDRESS_LIMIT);
    expect(new Set(rows.map((row) => row.anonymousId))).toEqual(new Set(['flood-visitor-aaaaaaaa', 'flood-visitor-bbbbbbbb']));
    // Another address is another count: the flood did not silence everyone.
    expect((await post(batch('other-visitor-aaaaaaaa'), { address: '203.0.113.100' })).status).toBe(202);
  });
});

describe(`the server records business events from the billing webhook, on ${DATABASE}`, () => {
  it('the local provider: one purchase and one subscription start per checkout, in the paywall funnel; nothing without analytics consent', async () => {
    const consent = encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary', 'analytics'] }));
    expect(await post({ events: [{ name: 'paywall_viewed', properties: { referer: 'direct' }, at }, { name: 'checkout_started', properties: { plan: 'yearly', flow: 'web' }, at }] }, { token: ben.idToken, cookie: consent })).toMatchObject({ status: 202 });
    const checkoutId = await startCheckout(ben, consent, 'yearly');
    expect((await call(testCheckoutRoutes(services), ben.idToken, { method: 'POST', query: { checkoutId }, body: { card: 'succeeds' } })).status).toBe(200);
    const purchases = await storedNamed('purchase');
    expect(purchases.map((row) => [row.userId, row.properties, row.dedupeKey])).toEqual([[ben.uid, { plan: 'yearly' }, `purchase:${checkoutId}`]]);
    expect((await storedNamed('subscription_started')).map((row) => [row.userId, row.properties])).toEqual([[ben.uid, { plan: 'yearly', trial: true }]]);
    const summary = await services.analytics.summary({ days: 7, timeZone: 'UTC' });
    const paywall = summary.funnels.find((funnel) => funnel.id === 'paywall');
    expect(paywall?.steps.map((step) => [step.name, step.people])).toEqual([
      ['paywall_viewed', 1],
      ['checkout_started', 1],
      ['purchase', 1],
    ]);

    // A learner who said "necessary only" when the checkout started buys too: no analytics row of theirs.
    const quiet = await startCheckout(cat, undefined);
    expect((await call(testCheckoutRoutes(services), cat.idToken, { method: 'POST', query: { checkoutId: quiet }, body: { card: 'succeeds' } })).status).toBe(200);
    expect((await stored()).filter((row) => row.userId === cat.uid)).toEqual([]);
  });

  it('a webhook delivered twice (and the same checkout completed under a second event id) records the purchase exactly once', async () => {
    const consent = encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary', 'analytics'] }));
    const checkoutId = await startCheckout(ana, consent, 'monthly');
    const created = Math.floor(clock.getTime() / 1000);
    const subscription = {
      id: 'sub_retry_1',
      object: 'subscription',
      customer: 'cus_retry_1',
      status: 'active',
      cancel_at_period_end: false,
      start_date: created,
      metadata: { uid: ana.uid, plan: 'monthly', checkoutId },
      items: { data: [{ current_period_start: created, current_period_end: created + 30 * 86_400, price: { id: 'price_local_monthly', recurring: { interval: 'month' } } }] },
    };
    const started = { id: 'evt_retry_sub_1', object: 'event', type: 'customer.subscription.created', created, data: { object: subscription } };
    const completed = (id: string) => ({ id, object: 'event', type: 'checkout.session.completed', created, data: { object: { id: checkoutId, object: 'checkout.session', client_reference_id: ana.uid, customer: 'cus_retry_1', subscription: 'sub_retry_1', metadata: { checkoutId, uid: ana.uid } } } });

    expect(await deliver(started)).toMatchObject({ duplicate: false, outcome: 'applied' });
    expect(await deliver(started)).toMatchObject({ duplicate: true });
    expect(await deliver(completed('evt_retry_done_1'))).toMatchObject({ duplicate: false, outcome: 'applied' });
    expect(await deliver(completed('evt_retry_done_1'))).toMatchObject({ duplicate: true });
    expect(await deliver(completed('evt_retry_done_2'))).toMatchObject({ duplicate: false, outcome: 'applied' });

    expect((await storedNamed('purchase')).map((row) => [row.userId, row.dedupeKey])).toEqual([[ana.uid, `purchase:${checkoutId}`]]);
    expect(await storedNamed('subscription_started')).toHaveLength(1);

    // The end is recorded once too, however often its event comes.
    const ended = { id: 'evt_retry_end_1', object: 'event', type: 'customer.subscription.deleted', created: created + 60, data: { object: { ...subscription, status: 'canceled', ended_at: created + 60 } } };
    await deliver(ended);
    await deliver(ended);
    await deliver({ ...ended, id: 'evt_retry_end_2', created: created + 61 });
    expect((await storedNamed('subscription_ended')).map((row) => [row.userId, row.properties])).toEqual([[ana.uid, { plan: 'monthly' }]]);
  });
});
