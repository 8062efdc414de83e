import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { NextApiRequest, NextApiResponse } from 'next';
import Stripe from 'stripe';
import { billingOverviewSchema, checkoutStartedSchema, checkoutStatusSchema, type BillingOverview } from '@/domain/billing/billing-dto';
import { DEFAULT_APP_LINKS } from '@/domain/billing/app-redirect';
import { DEFAULT_PLAN_PRICES } from '@/domain/billing/plans';
import type { CompiledContent } from '@/domain/content/model';
import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
import { billingWebhookHandler } from '@/server/api/billing-webhook';
import { billingRoutes, cancelRoutes, checkoutRoutes, checkoutStatusRoutes, refundRoutes, resumeRoutes, testCheckoutRoutes } from '@/server/api/v1/billing-routes';
import { chapterRoutes, completeLessonRoutes } from '@/server/api/v1/learning-routes';
import { machinesRoutes } from '@/server/api/v1/machine-routes';
import { projectRestoreRoutes, projectRoutes, projectsRoutes } from '@/server/api/v1/project-routes';
import { tutorRoutes } from '@/server/api/v1/tutor-routes';
import type { BillingConfig } from '@/server/config/server-env';
import type { DatabaseHandle } from '@/server/db/client';
import { billingEvents, entitlements, payments, subscriptions } from '@/server/db/schema';
import type { ApiResponse } from '@/server/http/endpoint';
import type { Provisioner } from '@/domain/machines/machine-contracts';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { quizLesson } from './support/content-fixtures';
import { emulatorUser } from './support/emulator';
import { passingSubmissionOf } from './support/submissions';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
const SECRET = 'whsec_integration_test_secret';
const DAY = 24 * 60 * 60 * 1000;

const content: CompiledContent = {
  tracks: [
    {
      id: 'billfix',
      title: 'Billing fixture',
      description: 'Fixture track.',
      sections: [
        { title: 'Free', tutorialIds: ['bill-free'] },
        { title: 'Pro', tutorialIds: ['bill-pro'] },
      ],
      tutorials: [
        { id: 'bill-free', title: 'Free tutorial', description: 'd', kind: 'course', chapters: [{ id: 'bill-free-c1', title: 'Free chapter', lessons: [quizLesson('bill-free-l1')] }] },
        { id: 'bill-pro', title: 'Pro tutorial', description: 'd', kind: 'course', chapters: [{ id: 'bill-pro-c1', title: 'Pro chapter', lessons: [quizLesson('bill-pro-l1')] }] },
      ],
    },
  ],
};

const config = (overrides: Partial<BillingConfig> = {}): BillingConfig => ({
  provider: 'local',
  prices: DEFAULT_PLAN_PRICES,
  graceDays: 7,
  freeProjects: 3,
  webhookSecret: SECRET,
  stripe: null,
  appLinks: DEFAULT_APP_LINKS,
  ...overrides,
});

/** Machines are gated before any provisioning: a provisioner that must never be reached. */
const unreachableProvisioner = new Proxy({ driver: 'local' } as Provisioner, {
  get: (target, key) => (key === 'driver' ? target.driver : () => Promise.reject(new Error(`provisioner.${String(key)} reached past the Pro gate`))),
});

let handle: DatabaseHandle;
let services: Services;
let clock = new Date('2026-11-24T09:00:00Z');
const roomy = { ...DEFAULT_RATE_LIMITS, api: { ...DEFAULT_RATE_LIMITS.api, limit: 1_000_000 }, 'project-write': { ...DEFAULT_RATE_LIMITS['project-write'], limit: 1_000_000 } };
const call = apiCaller(() => services);
const stripeUtil = new Stripe('sk_test_integration');
type Learner = { uid: string; idToken: string };

const body = <T>(response: ApiResponse) => response.body as T;
const overview = async (learner: Learner): Promise<BillingOverview> => {
  const response = await call(billingRoutes(services), learner.idToken);
  expect(response.status).toBe(200);
  return billingOverviewSchema.parse(response.body);
};
const startCheckout = async (learner: Learner, request: Record<string, unknown>) => {
  const response = await call(checkoutRoutes(services), learner.idToken, { method: 'POST', body: request });
  expect(response.status).toBe(200);
  return checkoutStartedSchema.parse(response.body);
};
const status = async (learner: Learner, checkoutId: string) => checkoutStatusSchema.parse((await call(checkoutStatusRoutes(services), learner.idToken, { query: { checkoutId } })).body);
const pay = (learner: Learner, checkoutId: string, card: string) => call(testCheckoutRoutes(services), learner.idToken, { method: 'POST', query: { checkoutId }, body: { card } });
const subscribe = async (learner: Learner, plan = 'monthly', extra: Record<string, unknown> = {}) => {
  const { checkoutId } = await startCheckout(learner, { plan, ...extra });
  const paid = await pay(learner, checkoutId, 'succeeds');
  expect(paid.status).toBe(200);
  return checkoutId;
};

/** A Stripe-shaped event, signed with Stripe's SDK as Stripe signs them. */
function signed(event: Record<string, unknown>, secret = SECRET) {
  const payload = JSON.stringify(event);
  return { payload, header: stripeUtil.webhooks.generateTestHeaderString({ payload, secret }) };
}
const subscriptionEvent = (id: string, type: string, created: number, object: Record<string, unknown>) => ({ id, object: 'event', type, created, data: { object: { object: 'subscription', status: 'active', cancel_at_period_end: false, items: { data: [] }, ...object } } });

async function counts() {
  const [events, subs, paid, ents] = await Promise.all([
    handle.db.select().from(billingEvents),
    handle.db.select().from(subscriptions),
    handle.db.select().from(payments),
    handle.db.select().from(entitlements),
  ]);
  return JSON.stringify({ events: events.length, subs: subs.map((row) => [row.id, row.status, row.cancelAtPeriodEnd]), paid: paid.map((row) => [row.id, row.status]), ents: ents.map((row) => [row.userId, row.proUntil?.toISOString() ?? null]) });
}

/** Drives the real Next API handler with a raw body, as Stripe's POST reaches it. */
async function postWebhook(payload: string, headers: Record<string, string>, target: () => Services = () => services): Promise<{ status: number; body: { message?: string; duplicate?: boolean } }> {
  const req = Object.assign(Readable.from([Buffer.from(payload)]), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, url: '/api/billing/webhook' }) as unknown as NextApiRequest;
  let statusCode = 0;
  let json: unknown;
  const res = {
    setHeader: () => res,
    status: (code: number) => {
      statusCode = code;
      return res;
    },
    json: (value: unknown) => {
      json = value;
      return res;
    },
  } as unknown as NextApiResponse;
  await billingWebhookHandler(async () => target())(req, res);
  return { status: statusCode, body: json as { message?: string; duplicate?: boolean } };
}

let ada: Learner;
let bo: Learner;
let cy: Learner;
let di: Learner;

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock, rateLimits: roomy, billingConfig: config(), provisioner: unreachableProvisioner });
  await services.content.publish(content);
  [ada, bo, cy, di] = await Promise.all([emulatorUser({ displayName: 'Ada' }), emulatorUser({ displayName: 'Bo' }), emulatorUser({ displayName: 'Cy' }), emulatorUser({ displayName: 'Di' })]);
}, 60_000);

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

describe(`Pro gates on ${DATABASE}`, () => {
  const chapter = (tutorialId: string, chapterId: string) => ({ query: { trackId: 'billfix', tutorialId, chapterId } });

  it('answer 402 with the reason for Pro content, and open it once the learner subscribes', async () => {
    expect((await call(chapterRoutes(services), ada.idToken, chapter('bill-free', 'bill-free-c1'))).status).toBe(200);
    const refused = await call(chapterRoutes(services), ada.idToken, chapter('bill-pro', 'bill-pro-c1'));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ proRequired: true, feature: 'section', message: expect.stringContaining('Codetrail Pro') });
    const completion = await call(completeLessonRoutes(services), ada.idToken, { method: 'POST', query: { trackId: 'billfix', tutorialId: 'bill-pro', chapterId: 'bill-pro-c1', lessonId: 'bill-pro-l1' }, body: { mode: 'learn', attempts: 1, usedHints: false, submission: passingSubmissionOf(quizLesson('bill-pro-l1')) } });
    // Refused for the plan, right answer or not.
    expect(completion.status).toBe(402);
    expect((await call(machinesRoutes(services), ada.idToken, { method: 'POST', body: { template: 'linux' } })).body).toMatchObject({ proRequired: true, feature: 'machines' });

    for (let index = 0; index < 3; index += 1) expect((await call(projectsRoutes(services), ada.idToken, { method: 'POST', body: { template: 'python' } })).status).toBe(201);
    const fourth = await call(projectsRoutes(services), ada.idToken, { method: 'POST', body: { template: 'python' } });
    expect(fourth.status).toBe(402);
    expect(body<{ message: string }>(fourth).message).toMatch(/up to 3 projects/);
    // Undoing a delete is one more project too: allowed while it fits the allowance, Pro's past it.
    const owned = body<{ projects: { id: string }[] }>(await call(projectsRoutes(services), ada.idToken)).projects;
    const first = owned[0]?.id ?? '';
    expect((await call(projectRoutes(services), ada.idToken, { method: 'DELETE', query: { projectId: first } })).status).toBe(200);
    expect((await call(projectRestoreRoutes(services), ada.idToken, { method: 'POST', query: { projectId: first } })).status).toBe(200);
    expect((await call(projectRoutes(services), ada.idToken, { method: 'DELETE', query: { projectId: first } })).status).toBe(200);
    expect((await call(projectsRoutes(services), ada.idToken, { method: 'POST', body: { template: 'python' } })).status).toBe(201);
    const restore = await call(projectRestoreRoutes(services), ada.idToken, { method: 'POST', query: { projectId: first } });
    expect(restore.status).toBe(402);
    expect(restore.body).toMatchObject({ proRequired: true, feature: 'build-project' });
    // The model-backed tutor (the built-in one stays free).
    const tutor = tutorRoutes(services, { baseUrl: 'http://tutor.invalid/v1', apiKey: null, model: 'gate', timeoutMs: 1000 }, () => Promise.reject(new Error('the model was reached past the Pro gate')));
    const explain = { trackId: 'billfix', tutorialId: 'bill-free', chapterId: 'bill-free-c1', lessonId: 'bill-free-l1', files: [{ name: 'main.py', userContent: 'x' }], output: '', error: null, failedChecks: [] };
    expect((await call(tutor, ada.idToken, { method: 'POST', body: explain })).body).toMatchObject({ proRequired: true, feature: 'model-tutor' });

    await subscribe(ada);
    expect((await call(chapterRoutes(services), ada.idToken, chapter('bill-pro', 'bill-pro-c1'))).status).toBe(200);
    expect((await call(projectsRoutes(services), ada.idToken, { method: 'POST', body: { template: 'python' } })).status).toBe(201);
  });

  it('let course engineers through without a plan', async () => {
    const engineer = await emulatorUser({ roles: ['course_engineer'] });
    expect((await call(chapterRoutes(services), engineer.idToken, chapter('bill-pro', 'bill-pro-c1'))).status).toBe(200);
  });
});

describe(`checkout through the local provider on ${DATABASE}`, () => {
  it('takes a declined card without change, then a good one; Pro comes from the webhook; the redirect is the checked one', async () => {
    const { checkoutId, url } = await startCheckout(bo, { plan: 'yearly', redirectUrl: '/web/billfix/section/1', trackingReferer: 'lesson' });
    expect(url).toBe(`http://localhost:3000/web/billing/test-checkout/${checkoutId}`);
    expect(await status(bo, checkoutId)).toMatchObject({ status: 'open', pro: false, planId: 'yearly', continueUrl: '/web/billfix/section/1' });

    const before = await counts();
    const declined = await pay(bo, checkoutId, 'declined');
    expect(declined.status).toBe(402);
    expect(body<{ message: string }>(declined).message).toMatch(/declined/);
    expect(await counts()).toBe(before);

    expect((await pay(bo, checkoutId, 'succeeds')).body).toEqual({ redirect: `/web/purchase-successful?checkout=${checkoutId}` });
    expect(await status(bo, checkoutId)).toMatchObject({ status: 'complete', pro: true });
    expect((await pay(bo, checkoutId, 'succeeds')).status).toBe(409);
    const plan = await overview(bo);
    expect(plan.entitlement).toMatchObject({ pro: true, state: 'trialing', planId: 'yearly' });
    expect(plan.payments).toEqual([expect.objectContaining({ amountMinor: 0, status: 'paid', refundable: false })]);
    expect(plan.trialDays).toBe(0);
    // Already Pro: no second checkout.
    expect((await call(checkoutRoutes(services), bo.idToken, { method: 'POST', body: { plan: 'monthly' } })).status).toBe(409);
  });

  it.each([
    ['https://evil.example/phish', 'web'],
    ['//evil.example', 'web'],
    ['javascript:alert(1)', 'web'],
    ['/\\evil.example', 'web'],
    ['https://evil.example/app', 'web2app'],
    ['codetrail.evil://x', 'web2app'],
  ])('keeps a hostile redirectUrl %s (%s) home', async (redirectUrl, flow) => {
    const learner = await emulatorUser();
    const { checkoutId } = await startCheckout(learner, { plan: 'monthly', flow, redirectUrl });
    const { continueUrl } = await status(learner, checkoutId);
    expect(continueUrl).toBe(flow === 'web' ? '/web/redirect-to-active-section' : '/web2app/success');
  });

  it('carries an app link through web2app to the success page', async () => {
    const learner = await emulatorUser();
    const { checkoutId } = await startCheckout(learner, { plan: 'monthly', flow: 'web2app', redirectUrl: 'codetrail://lessons/42' });
    expect((await status(learner, checkoutId)).continueUrl).toBe('/web2app/success?redirectUrl=codetrail%3A%2F%2Flessons%2F42');
  });

  it("never shows or pays another learner's checkout", async () => {
    const { checkoutId } = await startCheckout(cy, { plan: 'monthly' });
    expect((await call(checkoutStatusRoutes(services), di.idToken, { query: { checkoutId } })).status).toBe(404);
    expect((await pay(di, checkoutId, 'succeeds')).status).toBe(404);
    expect(await services.billing.isPro(di.uid)).toBe(false);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const bad = await call(checkoutRoutes(services), cy.idToken, { method: 'POST', body: { plan: 'weekly' } });
    expect(bad.status).toBe(422);
    expect(body<{ message: string }>(bad).message).toMatch(/plan must be one of monthly, yearly/);
    expect((await call(checkoutRoutes(services), cy.idToken, { method: 'POST', body: { plan: 'monthly', trackingReferer: '<script>' } })).status).toBe(422);
  });
});

describe(`webhooks on ${DATABASE}`, () => {
  it('refuse a missing, forged or tampered signature with 400 and change nothing', async () => {
    const event = subscriptionEvent('evt_forged_1', 'customer.subscription.created', Math.floor(clock.getTime() / 1000), { id: 'sub_forged', customer: 'cus_forged', metadata: { uid: di.uid, plan: 'monthly' }, current_period_start: 1, current_period_end: 4_000_000_000 });
    const before = await counts();
    const good = signed(event);
    expect((await postWebhook(good.payload, {})).status).toBe(400);
    expect((await postWebhook(good.payload, { 'stripe-signature': signed(event, 'whsec_someone_else').header })).status).toBe(400);
    const tampered = good.payload.replace('"monthly"', '"yearly"');
    const answer = await postWebhook(tampered, { 'stripe-signature': good.header });
    expect(answer).toEqual({ status: 400, body: { message: 'The webhook signature is not valid.' } });
    expect(await counts()).toBe(before);
    expect(await services.billing.isPro(di.uid)).toBe(false);
  });

  it('process an event id once (a replay changes nothing)', async () => {
    await services.users.syncFromIdentity({ uid: di.uid, email: null, displayName: null, roles: [], impersonated: false, authTime: null });
    const created = Math.floor(clock.getTime() / 1000);
    const event = subscriptionEvent('evt_once_1', 'customer.subscription.created', created, { id: 'sub_once', customer: 'cus_once', metadata: { uid: di.uid, plan: 'monthly' }, current_period_start: created, current_period_end: created + 30 * 86400 });
    const { payload, header } = signed(event);
    expect(await postWebhook(payload, { 'stripe-signature': header })).toMatchObject({ status: 200, body: { duplicate: false } });
    expect(await services.billing.isPro(di.uid)).toBe(true);
    const after = await counts();
    expect(await postWebhook(payload, { 'stripe-signature': header })).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await counts()).toBe(after);
  });

  it('tolerate out-of-order delivery: an older snapshot never overwrites a newer one, nothing revives a cancelled subscription', async () => {
    const t = Math.floor(clock.getTime() / 1000);
    const base = { id: 'sub_once', customer: 'cus_once', metadata: { uid: di.uid, plan: 'monthly' }, current_period_start: t, current_period_end: t + 30 * 86400 };
    const send = async (event: Record<string, unknown>) => {
      const { payload, header } = signed(event);
      return postWebhook(payload, { 'stripe-signature': header });
    };
    await send(subscriptionEvent('evt_ooo_2', 'customer.subscription.updated', t + 20, { ...base, cancel_at_period_end: true }));
    await send(subscriptionEvent('evt_ooo_1', 'customer.subscription.updated', t + 10, { ...base, cancel_at_period_end: false }));
    expect((await services.billing.entitlement(di.uid)).state).toBe('cancelling');
    await send(subscriptionEvent('evt_ooo_4', 'customer.subscription.deleted', t + 40, { ...base, status: 'canceled', ended_at: t + 40 }));
    await send(subscriptionEvent('evt_ooo_3', 'customer.subscription.updated', t + 30, { ...base, status: 'active' }));
    await send(subscriptionEvent('evt_ooo_5', 'customer.subscription.updated', t + 50, { ...base, status: 'active' }));
    expect(await services.billing.isPro(di.uid)).toBe(false);
    expect((await services.billing.entitlement(di.uid)).state).toBe('ended');
  });

  it('ask the provider to retry an event whose learner is not known yet (409), and take it then', async () => {
    const t = Math.floor(clock.getTime() / 1000);
    const invoice = { id: 'evt_early_invoice', object: 'event', type: 'invoice.paid', created: t, data: { object: { id: 'in_early', object: 'invoice', customer: 'cus_later', parent: { subscription_details: { subscription: 'sub_later' } }, amount_paid: 999, amount_due: 999, currency: 'usd' } } };
    const { payload, header } = signed(invoice);
    const before = await counts();
    expect((await postWebhook(payload, { 'stripe-signature': header })).status).toBe(409);
    expect(await counts()).toBe(before);
    const link = signed({ id: 'evt_link', object: 'event', type: 'checkout.session.completed', created: t, data: { object: { id: 'cs_later', object: 'checkout.session', client_reference_id: cy.uid, customer: 'cus_later', subscription: 'sub_later', metadata: {} } } });
    await services.users.syncFromIdentity({ uid: cy.uid, email: null, displayName: null, roles: [], impersonated: false, authTime: null });
    expect((await postWebhook(link.payload, { 'stripe-signature': link.header })).status).toBe(200);
    expect((await postWebhook(payload, { 'stripe-signature': header })).status).toBe(200);
    expect((await overview(cy)).payments.map((payment) => payment.id)).toContain('in_early');
  });
});

describe(`renewals, failures, cancelling and refunds on ${DATABASE}`, () => {
  it('renews after the trial, refunds within 14 days from the billing page, and then Pro ends', async () => {
    const learner = await emulatorUser();
    await subscribe(learner, 'monthly');
    clock = new Date(clock.getTime() + 8 * DAY);
    expect((await services.billing.runLocalClock()).renewed).toBeGreaterThanOrEqual(1);
    const renewed = await overview(learner);
    expect(renewed.entitlement).toMatchObject({ pro: true, state: 'active' });
    const charge = renewed.payments.find((payment) => payment.amountMinor === 999)!;
    expect(charge).toMatchObject({ status: 'paid', refundable: true });
    expect(renewed.payments.find((payment) => payment.amountMinor === 0)).toMatchObject({ refundable: false, refundNote: expect.stringMatching(/free trial/) });

    // Someone else cannot refund it.
    expect((await call(refundRoutes(services), bo.idToken, { method: 'POST', query: { paymentId: charge.id } })).status).toBe(404);
    const refunded = billingOverviewSchema.parse((await call(refundRoutes(services), learner.idToken, { method: 'POST', query: { paymentId: charge.id } })).body);
    expect(refunded.entitlement.pro).toBe(false);
    expect(refunded.payments.find((payment) => payment.id === charge.id)).toMatchObject({ status: 'refunded', refundable: false });
    expect((await call(refundRoutes(services), learner.idToken, { method: 'POST', query: { paymentId: charge.id } })).status).toBe(409);
  });

  it('refuses a refund after 14 days, with the reason', async () => {
    const learner = await emulatorUser();
    await subscribe(learner, 'monthly');
    clock = new Date(clock.getTime() + 8 * DAY);
    await services.billing.runLocalClock();
    const charge = (await overview(learner)).payments.find((payment) => payment.amountMinor === 999)!;
    clock = new Date(clock.getTime() + 15 * DAY);
    const refused = await call(refundRoutes(services), learner.idToken, { method: 'POST', query: { paymentId: charge.id } });
    expect(refused.status).toBe(409);
    expect(body<{ message: string }>(refused).message).toMatch(/within 14 days/);
  });

  it('cancels at the period end (and can be kept before it), then ends', async () => {
    const learner = await emulatorUser();
    await subscribe(learner, 'monthly');
    const cancelled = billingOverviewSchema.parse((await call(cancelRoutes(services), learner.idToken, { method: 'POST' })).body);
    expect(cancelled.entitlement).toMatchObject({ pro: true, state: 'cancelling', renewsAt: null });
    expect((await call(cancelRoutes(services), learner.idToken, { method: 'POST' })).status).toBe(409);
    expect(billingOverviewSchema.parse((await call(resumeRoutes(services), learner.idToken, { method: 'POST' })).body).entitlement.state).toBe('trialing');
    await call(cancelRoutes(services), learner.idToken, { method: 'POST' });
    clock = new Date(clock.getTime() + 8 * DAY);
    expect((await services.billing.runLocalClock()).ended).toBeGreaterThanOrEqual(1);
    expect((await overview(learner)).entitlement).toMatchObject({ pro: false, state: 'ended' });
  });

  it('keeps Pro through a grace period after a failed renewal, with a notice, then pauses it', async () => {
    const learner = await emulatorUser();
    const { checkoutId } = await startCheckout(learner, { plan: 'monthly' });
    expect((await pay(learner, checkoutId, 'fails-at-renewal')).status).toBe(200);
    clock = new Date(clock.getTime() + 8 * DAY);
    expect((await services.billing.runLocalClock()).failed).toBeGreaterThanOrEqual(1);
    const grace = await overview(learner);
    expect(grace.entitlement).toMatchObject({ pro: true, state: 'grace', notice: expect.stringMatching(/did not go through/) });
    expect(grace.payments[0]).toMatchObject({ status: 'failed', amountMinor: 999 });
    clock = new Date(clock.getTime() + 8 * DAY);
    expect((await services.billing.runLocalClock()).ended).toBeGreaterThanOrEqual(1);
    expect(await services.billing.isPro(learner.uid)).toBe(false);
  });
});

describe('the stripe provider, through Stripe’s SDK against a double of its API', () => {
  it('creates a subscription Checkout Session with the plan’s price, the learner, the trial and origin-prefixed URLs', async () => {
    const requests: { method: string; path: string; form: URLSearchParams; idempotency: string | undefined }[] = [];
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        requests.push({ method: req.method ?? '', path: req.url ?? '', form: new URLSearchParams(data), idempotency: req.headers['idempotency-key'] as string | undefined });
        res.setHeader('Content-Type', 'application/json');
        if (req.url === '/v1/checkout/sessions') res.end(JSON.stringify({ id: 'cs_test_double', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_double' }));
        else if (req.url === '/v1/subscriptions/sub_double') res.end(JSON.stringify({ id: 'sub_double', object: 'subscription', status: req.method === 'DELETE' ? 'canceled' : 'active' }));
        else if (req.url === '/v1/billing_portal/sessions') res.end(JSON.stringify({ id: 'bps_double', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/double' }));
        else if (req.url === '/v1/refunds') res.end(JSON.stringify({ id: 're_double', object: 'refund', status: 'succeeded' }));
        else {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const stripeServices = createServices(handle.db, { now: () => clock, rateLimits: roomy, billingConfig: config({ provider: 'stripe', stripe: { secretKey: 'sk_test_double', priceIds: { monthly: 'price_monthly_double', yearly: 'price_yearly_double' }, apiBase } }) });
      const learner = await emulatorUser();
      await stripeServices.users.syncFromIdentity({ uid: learner.uid, email: 'learner@example.com', displayName: null, roles: [], impersonated: false, authTime: null });
      const started = await stripeServices.billing.startCheckout({ uid: learner.uid, email: 'learner@example.com', roles: [] }, { plan: 'yearly', redirectUrl: '/web/billfix/section/1' });
      expect(started.url).toBe('https://checkout.stripe.com/c/pay/cs_test_double');
      const [request] = requests;
      expect(request?.path).toBe('/v1/checkout/sessions');
      const form = request!.form;
      expect(form.get('mode')).toBe('subscription');
      expect(form.get('line_items[0][price]')).toBe('price_yearly_double');
      expect(form.get('client_reference_id')).toBe(learner.uid);
      expect(form.get('customer_email')).toBe('learner@example.com');
      expect(form.get('subscription_data[metadata][uid]')).toBe(learner.uid);
      expect(form.get('subscription_data[metadata][plan]')).toBe('yearly');
      expect(form.get('subscription_data[trial_period_days]')).toBe('7');
      expect(form.get('success_url')).toBe(`http://localhost:3000/web/purchase-successful?checkout=${started.checkoutId}`);
      expect(form.get('cancel_url')).toBe('http://localhost:3000/web/subscribe?redirectUrl=%2Fweb%2Fbillfix%2Fsection%2F1');
      expect(request!.idempotency).toBe(`checkout-${started.checkoutId}`);
      // Only webhooks make a learner Pro; the redirect to the success page does not.
      expect(await stripeServices.billing.isPro(learner.uid)).toBe(false);
      // The local test checkout does not exist with Stripe.
      expect((await call(testCheckoutRoutes(stripeServices), learner.idToken, { query: { checkoutId: started.checkoutId } })).status).toBe(404);

      // Stripe's events (signed as Stripe signs them) make the learner Pro: session, subscription, invoice.
      const now = Math.floor(clock.getTime() / 1000);
      const periodEnd = now + 30 * 86_400;
      const stripeWebhook = async (event: Record<string, unknown>) => {
        const { payload, header } = signed(event);
        const answer = await postWebhook(payload, { 'stripe-signature': header }, () => stripeServices);
        expect(answer.status).toBe(200);
      };
      await stripeWebhook({ id: 'evt_double_1', object: 'event', type: 'checkout.session.completed', created: now, data: { object: { id: 'cs_test_double', object: 'checkout.session', client_reference_id: learner.uid, customer: 'cus_double', subscription: 'sub_double', metadata: { checkoutId: started.checkoutId, uid: learner.uid } } } });
      await stripeWebhook(subscriptionEvent('evt_double_2', 'customer.subscription.created', now, { id: 'sub_double', customer: 'cus_double', current_period_start: now, current_period_end: periodEnd, metadata: { uid: learner.uid, plan: 'yearly' } }));
      await stripeWebhook({
        id: 'evt_double_3',
        object: 'event',
        type: 'invoice.paid',
        created: now,
        data: { object: { id: 'in_double', object: 'invoice', customer: 'cus_double', subscription: 'sub_double', subscription_details: { metadata: { uid: learner.uid } }, amount_paid: 7999, amount_due: 7999, currency: 'usd', number: 'DBL-0001', payment_intent: 'pi_double', status_transitions: { paid_at: now }, lines: { data: [{ period: { start: now, end: periodEnd } }] } } },
      });
      expect(await stripeServices.billing.isPro(learner.uid)).toBe(true);

      // Cancel and keep: Stripe is asked; the state changes only when its event arrives.
      requests.length = 0;
      await stripeServices.billing.cancel(learner.uid);
      expect(requests.map((request) => [request.path, request.form.get('cancel_at_period_end')])).toEqual([['/v1/subscriptions/sub_double', 'true']]);
      await stripeWebhook(subscriptionEvent('evt_double_4', 'customer.subscription.updated', now + 60, { id: 'sub_double', customer: 'cus_double', cancel_at_period_end: true, current_period_start: now, current_period_end: periodEnd, metadata: { uid: learner.uid, plan: 'yearly' } }));
      expect((await stripeServices.billing.entitlement(learner.uid)).state).toBe('cancelling');
      requests.length = 0;
      await stripeServices.billing.resume(learner.uid);
      expect(requests.map((request) => [request.path, request.form.get('cancel_at_period_end')])).toEqual([['/v1/subscriptions/sub_double', 'false']]);

      // The Customer Portal for the learner's own customer, back to Settings → Billing.
      requests.length = 0;
      expect(await stripeServices.billing.portal(learner.uid)).toEqual({ url: 'https://billing.stripe.com/p/session/double' });
      expect(requests[0]?.path).toBe('/v1/billing_portal/sessions');
      expect(requests[0]?.form.get('customer')).toBe('cus_double');
      expect(requests[0]?.form.get('return_url')).toBe('http://localhost:3000/web/settings#billing');

      // A refund within 14 days: the invoice's payment intent, once (idempotency key), and the subscription ends.
      requests.length = 0;
      await stripeServices.billing.refund(learner.uid, 'in_double');
      expect(requests.map((request) => request.path)).toEqual(['/v1/refunds', '/v1/subscriptions/sub_double']);
      expect(requests[0]?.form.get('payment_intent')).toBe('pi_double');
      expect(requests[0]?.idempotency).toBe('refund-in_double');
      expect(requests[1]?.method).toBe('DELETE');
      await stripeServices.checks.close();
    } finally {
      server.close();
    }
  });
});
