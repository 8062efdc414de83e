import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONSENT_REVISION } from '@/domain/analytics/consent';
import { analyticsEventListSchema } from '@/domain/analytics/events';
import { analyticsRoutes } from '@/server/api/v1/analytics-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { analyticsEvents } from '@/server/db/schema';
import { runRoutes } from '@/server/http/endpoint';
import { createAnalyticsService } from '@/server/services/analytics-service';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let handle: DatabaseHandle;
let services: Services;
const clock = new Date('2026-11-24T09:00:00Z');
const call = apiCaller(() => services);
let learner: { idToken: string; uid: string };
let engineer: { idToken: string; uid: string };

/** A stand-in for the email-marketing tracker's HTTP API: a real server on 127.0.0.1 that records what it is sent. */
let tracker: Server;
let trackerUrl: string;
const received: { authorization: string | undefined; body: unknown }[] = [];

const consentCookie = (...categories: string[]) => encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary', ...categories] }));
const at = '2026-11-24T08:59:00.000Z';
const lessonPassed = { name: 'lesson_passed', properties: { trackId: 'python', tutorialId: 't1', chapterId: 'c1', lessonId: 'l1', mode: 'learn', attempts: 2 }, path: '/web/track/python', at };
const lessonStarted = { name: 'lesson_started', properties: { trackId: 'python', tutorialId: 't1', chapterId: 'c1', lessonId: 'l1', mode: 'learn' }, at };
const stored = async () => handle.db.select().from(analyticsEvents);

/** POST /analytics/events as the API adapter would: with a learner's token, or as a visitor (no Authorization header). */
function post(cookie: string | undefined, body: unknown, token?: string) {
  const routes = analyticsRoutes(services, cookie);
  if (token) return call(routes, token, { method: 'POST', body });
  return runRoutes(routes, { method: 'POST', headers: {}, query: {}, body }, { authenticate: () => Promise.reject(new Error('no token was sent')) });
}

beforeAll(async () => {
  tracker = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(text) as unknown });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}/v1/track`;
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock });
  // The same services with the email tracker configured (EMAIL_TRACKER_URL / EMAIL_TRACKER_API_KEY).
  services = { ...services, analytics: createAnalyticsService(handle.db, { emailTracker: { url: trackerUrl, apiKey: 'tracker-key-1' }, now: () => clock, rateLimits: services.rateLimits }) };
  [learner, engineer] = await Promise.all([emulatorUser({ displayName: 'Ana' }), emulatorUser({ displayName: 'Eng', roles: ['course_engineer'] })]);
}, 60_000);

afterAll(async () => {
  await services.checks.close();
  await handle.close();
  await new Promise((resolve) => tracker.close(resolve));
});

beforeEach(async () => {
  await handle.db.delete(analyticsEvents);
  received.length = 0;
});

describe(`analytics events on ${DATABASE}`, () => {
  it('without consent (or with necessary only) nothing is kept or forwarded: 403 with the reason', async () => {
    for (const cookie of [undefined, 'not-json', consentCookie()]) {
      const response = await post(cookie, { events: [lessonPassed] }, learner.idToken);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: expect.stringMatching(/cookie settings/) });
    }
    expect(await stored()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('with analytics consent a visitor\'s events are stored under the anonymous id of the day', async () => {
    const response = await post(consentCookie('analytics'), { events: [lessonStarted, lessonPassed], anonymousId: 'visitor-abcdefghijkl' });
    expect(response).toMatchObject({ status: 202, body: { stored: 2, forwarded: 0 } });
    const rows = await stored();
    expect(rows.map((row) => [row.name, row.userId, row.anonymousId, row.path])).toEqual(
      expect.arrayContaining([
        ['lesson_started', null, 'visitor-abcdefghijkl', null],
        ['lesson_passed', null, 'visitor-abcdefghijkl', '/web/track/python'],
      ]),
    );
    expect(received).toEqual([]);
  });

  it('a signed-in learner\'s events carry their id (not the anonymous one); marketing consent forwards campaign events to the email tracker', async () => {
    const response = await post(consentCookie('analytics', 'marketing'), { events: [lessonStarted, lessonPassed], anonymousId: 'visitor-abcdefghijkl' }, learner.idToken);
    expect(response).toMatchObject({ status: 202, body: { stored: 2, forwarded: 1 } });
    expect((await stored()).every((row) => row.userId === learner.uid && row.anonymousId === null)).toBe(true);
    // lesson_started is not a campaign event; lesson_passed is.
    expect(received).toEqual([{ authorization: 'Bearer tracker-key-1', body: { userId: learner.uid, event: 'lesson_passed', properties: lessonPassed.properties, timestamp: at } }]);
  });

  it('marketing without analytics: forwarded, not stored; a visitor\'s events are never forwarded (the tracker keys people by id)', async () => {
    expect(await post(consentCookie('marketing'), { events: [lessonPassed] }, learner.idToken)).toMatchObject({ status: 202, body: { stored: 0, forwarded: 1 } });
    expect(await post(consentCookie('marketing'), { events: [lessonPassed] })).toMatchObject({ status: 202, body: { stored: 0, forwarded: 0 } });
    expect(await stored()).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it.each([
    ['an event outside the catalogue', { events: [{ name: 'keystroke', properties: { key: 'a' }, at }] }],
    ['learner code in the properties', { events: [{ ...lessonStarted, properties: { ...lessonStarted.properties, code: 'print(secret)' } }] }],
    ['a path with a token in its query', { events: [{ ...lessonStarted, path: '/web/login?token=abc' }] }],
    ['too many events at once', { events: Array.from({ length: 11 }, () => lessonStarted) }],
    ['a purchase (only the billing webhook records those)', { events: [{ name: 'purchase', properties: { plan: 'yearly' }, at }] }],
    ['no events', { events: [] }],
  ])('refuses %s with 422 and keeps nothing of the batch', async (_, body) => {
    const response = await post(consentCookie('analytics', 'marketing'), body, learner.idToken);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: expect.stringMatching(/^Invalid body/) });
    expect(await stored()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('a bad token is a 401, never silently anonymous', async () => {
    expect((await post(consentCookie('analytics'), { events: [lessonStarted] }, 'not-a-token')).status).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it('course engineers list the newest events (50 at most); learners may not', async () => {
    await post(consentCookie('analytics'), { events: [lessonStarted, lessonStarted, lessonPassed] }, learner.idToken);
    expect((await call(analyticsRoutes(services, undefined), learner.idToken)).status).toBe(403);
    const list = analyticsEventListSchema.parse((await call(analyticsRoutes(services, undefined), engineer.idToken)).body);
    expect(list.events).toHaveLength(3);
    for (let batch = 0; batch < 6; batch += 1) expect((await post(consentCookie('analytics'), { events: Array.from({ length: 10 }, () => lessonStarted) }, learner.idToken)).status).toBe(202);
    expect(analyticsEventListSchema.parse((await call(analyticsRoutes(services, undefined), engineer.idToken)).body).events).toHaveLength(50);
    const only = analyticsEventListSchema.parse((await call(analyticsRoutes(services, undefined), engineer.idToken, { query: { name: 'lesson_passed' } })).body);
    expect(only.events.map((event) => event.name)).toEqual(['lesson_passed']);
    expect((await call(analyticsRoutes(services, undefined), engineer.idToken, { query: { name: 'nope' } })).status).toBe(400);
  });
});
