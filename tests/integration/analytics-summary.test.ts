import { analyticsSummarySchema, type AnalyticsSummary } from '@/domain/analytics/summary';
import type { AnalyticsEventName } from '@/domain/analytics/events';
import { analyticsSummaryRoutes } from '@/server/api/v1/analytics-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { analyticsEvents } from '@/server/db/schema';
import { runRoutes } from '@/server/http/endpoint';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

/**
 * The engineers' view (docs/analytics.md): the store aggregates in SQL (GROUPING SETS, days in a
 * named time zone, first occurrences per person), and the same statements run on PGlite and
 * PostgreSQL. Rows are seeded straight into the table with their receipt times.
 */
let handle: DatabaseHandle;
let services: Services;
const clock = new Date('2026-11-24T09:00:00Z');
const call = apiCaller(() => services);
let learner: { idToken: string; uid: string };
let engineer: { idToken: string; uid: string };

type Who = { userId: string } | { anonymousId: string } | Record<string, never>;
const ana: Who = { userId: 'learner-ana' };
const ben: Who = { userId: 'learner-ben' };
const cleo: Who = { userId: 'learner-cleo' };
const visitor: Who = { anonymousId: 'visitor-abcdefghijkl' };

function event(name: AnalyticsEventName, who: Who, receivedAt: string) {
  return { name, properties: {}, path: null, userId: null, anonymousId: null, ...who, occurredAt: new Date(receivedAt), receivedAt: new Date(receivedAt) };
}

async function summary(query: Record<string, string> = {}): Promise<AnalyticsSummary> {
  const response = await call(analyticsSummaryRoutes(services), engineer.idToken, { query });
  expect(response.status).toBe(200);
  return analyticsSummarySchema.parse(response.body);
}

const row = (view: AnalyticsSummary, name: AnalyticsEventName) => view.rows.find((entry) => entry.name === name);
const on = (view: AnalyticsSummary, name: AnalyticsEventName, day: string) => row(view, name)?.perDay[view.window.dayList.indexOf(day)];
const funnel = (view: AnalyticsSummary, id: string) => view.funnels.find((entry) => entry.id === id)?.steps.map((step) => [step.name, step.people, step.fromPrevious]);

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock });
  [learner, engineer] = await Promise.all([emulatorUser({ displayName: 'Ana' }), emulatorUser({ displayName: 'Eng', roles: ['course_engineer'] })]);
}, 60_000);

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

beforeEach(async () => {
  await handle.db.delete(analyticsEvents);
});

describe(`the engineers' analytics summary on ${DATABASE}`, () => {
  it('counts per event and day with distinct people; a burst from one person is one larger count and one person', async () => {
    await handle.db.insert(analyticsEvents).values([
      // Ana's burst: 300 paywall views in a minute.
      ...Array.from({ length: 300 }, (_, index) => event('paywall_viewed', ana, `2026-11-23T10:00:${String(index % 60).padStart(2, '0')}Z`)),
      event('paywall_viewed', ben, '2026-11-23T12:00:00Z'),
      event('paywall_viewed', ben, '2026-11-24T08:00:00Z'),
      event('lesson_started', visitor, '2026-11-24T08:30:00Z'),
      event('lesson_started', ana, '2026-11-24T08:31:00Z'),
      // No actor at all (a visitor's batch without an anonymous id): counted, nobody.
      event('lesson_started', {}, '2026-11-24T08:32:00Z'),
    ]);
    const view = await summary();
    expect(view.window).toMatchObject({ days: 14, timeZone: 'UTC' });
    expect(view.window.dayList).toHaveLength(14);
    expect(view.window.dayList.at(-1)).toBe('2026-11-24');
    expect(on(view, 'paywall_viewed', '2026-11-23')).toEqual({ events: 301, people: 2 });
    expect(on(view, 'paywall_viewed', '2026-11-24')).toEqual({ events: 1, people: 1 });
    expect(row(view, 'paywall_viewed')?.total).toEqual({ events: 302, learners: 2, visitors: 0 });
    expect(on(view, 'lesson_started', '2026-11-24')).toEqual({ events: 3, people: 2 });
    expect(row(view, 'lesson_started')?.total).toEqual({ events: 3, learners: 1, visitors: 1 });
    expect(row(view, 'purchase')?.perDay.every((cell) => cell.events === 0)).toBe(true);
    expect(view.dayTotals.at(-1)).toEqual({ events: 4, people: 3 });
    expect(view.dayTotals.at(-2)).toEqual({ events: 301, people: 2 });
    // One learner on two days is one learner over the window, not two.
    expect(view.total).toEqual({ events: 305, learners: 2, visitors: 1 });
    expect(funnel(view, 'paywall')).toEqual([
      ['paywall_viewed', 2, null],
      ['checkout_started', 0, 0],
      ['purchase', 0, null],
    ]);
  });

  it('counts days in the chosen time zone (UTC by default), DST and all', async () => {
    await handle.db.insert(analyticsEvents).values([
      // 23:30 UTC on the 22nd: the 23rd in Berlin (UTC+1 in November).
      event('sign_up', ana, '2026-11-22T23:30:00Z'),
      // 07:00 UTC on the 24th: 23:00 on the 23rd in Los Angeles (UTC-8).
      event('sign_up', ben, '2026-11-24T07:00:00Z'),
    ]);
    const utc = await summary();
    expect([on(utc, 'sign_up', '2026-11-22'), on(utc, 'sign_up', '2026-11-23'), on(utc, 'sign_up', '2026-11-24')].map((cell) => cell?.events)).toEqual([1, 0, 1]);
    const berlin = await summary({ timeZone: 'Europe/Berlin' });
    expect(berlin.window.timeZone).toBe('Europe/Berlin');
    expect([on(berlin, 'sign_up', '2026-11-22'), on(berlin, 'sign_up', '2026-11-23'), on(berlin, 'sign_up', '2026-11-24')].map((cell) => cell?.events)).toEqual([0, 1, 1]);
    const la = await summary({ timeZone: 'America/Los_Angeles' });
    // 01:00 on the 24th in Los Angeles: today is the 24th there too.
    expect(la.window.dayList.at(-1)).toBe('2026-11-24');
    expect([on(la, 'sign_up', '2026-11-22'), on(la, 'sign_up', '2026-11-23'), on(la, 'sign_up', '2026-11-24')].map((cell) => cell?.events)).toEqual([1, 1, 0]);
  });

  it('keeps to the window: 7, 14 or 30 days, today included, from local midnight', async () => {
    await handle.db.insert(analyticsEvents).values([
      event('machine_opened', ana, '2026-11-10T23:59:59Z'), // 15th day back in UTC: outside 14
      event('machine_opened', ana, '2026-11-11T00:00:00Z'), // the first instant of the 14-day window
      event('machine_opened', ana, '2026-11-17T23:59:59Z'), // the last instant before the 7-day window
      event('machine_opened', ana, '2026-11-18T00:00:00Z'),
      event('machine_opened', ana, '2026-11-24T08:59:00Z'),
    ]);
    expect(row(await summary({ days: '7' }), 'machine_opened')?.total.events).toBe(2);
    expect(row(await summary(), 'machine_opened')?.total.events).toBe(4);
    expect(row(await summary({ days: '30' }), 'machine_opened')?.total.events).toBe(5);
    // In Berlin the 14-day window starts at 2026-11-10T23:00Z, so the first event is inside.
    expect(row(await summary({ timeZone: 'Europe/Berlin' }), 'machine_opened')?.total.events).toBe(5);
  });

  it('funnels count distinct people in order, step to step, whatever the bursts', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
    await handle.db.insert(analyticsEvents).values([
      event('sign_up', ana, at(0)),
      event('lesson_started', ana, at(1)),
      event('lesson_passed', ana, at(2)),
      event('sign_up', ben, at(0)),
      ...Array.from({ length: 50 }, () => event('lesson_started', ben, at(3))),
      ...Array.from({ length: 50 }, () => event('lesson_passed', visitor, at(4))),
      event('lesson_started', visitor, at(5)),
      // Cleo opened a checkout before she ever saw the paywall: not a paywall conversion.
      event('checkout_started', cleo, at(0)),
      event('paywall_viewed', cleo, at(1)),
      event('paywall_viewed', ana, at(1)),
      event('checkout_started', ana, at(2)),
      event('purchase', ana, at(3)),
      event('paywall_viewed', ben, at(1)),
      ...Array.from({ length: 40 }, () => event('checkout_started', ben, at(2))),
    ]);
    const view = await summary();
    expect(funnel(view, 'onboarding')).toEqual([
      ['sign_up', 2, null],
      ['lesson_started', 2, 100],
      ['lesson_passed', 1, 50],
    ]);
    expect(funnel(view, 'paywall')).toEqual([
      ['paywall_viewed', 3, null],
      ['checkout_started', 2, 66.7],
      ['purchase', 1, 50],
    ]);
    expect(view.funnels.find((entry) => entry.id === 'paywall')?.steps.at(-1)?.fromFirst).toBe(33.3);
  });

  it('the answer does not grow with the events: a 2,000-event burst gives the same shape', async () => {
    const before = JSON.stringify(await summary()).length;
    await handle.db.insert(analyticsEvents).values(Array.from({ length: 2000 }, () => event('link_clicked', ana, '2026-11-24T08:00:00Z')));
    const view = await summary();
    expect(on(view, 'link_clicked', '2026-11-24')).toEqual({ events: 2000, people: 1 });
    expect(JSON.stringify(view).length - before).toBeLessThan(40);
  });

  it.each([
    [{ days: '10' }, 'Invalid query.days: days must be 7, 14 or 30'],
    [{ days: 'all' }, 'Invalid query.days: days must be 7, 14 or 30'],
    [{ timeZone: 'Mars/Olympus' }, 'Invalid query.timeZone: timeZone must be an IANA time zone, such as UTC or Europe/Lisbon'],
    [{ timeZone: '+01:00' }, 'Invalid query.timeZone: timeZone must be an IANA time zone, such as UTC or Europe/Lisbon'],
  ])('refuses %j with 400 and the reason', async (query, message) => {
    const response = await call(analyticsSummaryRoutes(services), engineer.idToken, { query });
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  it('is for course engineers only: 403 for a learner, 401 without a token', async () => {
    await handle.db.insert(analyticsEvents).values([event('sign_up', ana, '2026-11-24T08:00:00Z')]);
    const refused = await call(analyticsSummaryRoutes(services), learner.idToken);
    expect(refused).toMatchObject({ status: 403, body: { message: 'This call is for course engineers only.' } });
    const anonymous = await runRoutes(analyticsSummaryRoutes(services), { method: 'GET', headers: {}, query: {}, body: undefined }, { authenticate: () => Promise.reject(Object.assign(new Error('Sign in first.'), { name: 'AuthenticationError' })) });
    expect(anonymous.status).toBe(401);
  });
});
