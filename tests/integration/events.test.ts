import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { CompiledContent } from '@/domain/content/model';
import { eventCalendarRoutes, eventRemindersRoutes, eventRsvpRoutes } from '@/server/api/v1/event-routes';
import { runRoutes } from '@/server/http/endpoint';
import { compileContent } from '@/server/content/compile-content';
import type { DatabaseHandle } from '@/server/db/client';
import { eventRsvps, users } from '@/server/db/schema';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller, testAuthenticate } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
// Wednesday 25 November 2026, 01:40 UTC: a fixed clock, so "past" and "upcoming" never drift.
const NOW = new Date('2026-11-25T01:40:00Z');
const ORIGIN = 'https://codetrail.example';

let handle: DatabaseHandle;
let services: Services;
let content: CompiledContent;
const call = apiCaller(() => services);
/** The calendar file as API v1 serves it: a public call, no token. */
const calendarFile = (method: string, query: Record<string, string | string[] | undefined>) =>
  runRoutes(eventCalendarRoutes(services, ORIGIN), { method, query, headers: {}, body: undefined }, { authenticate: testAuthenticate });

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => NOW });
  const compiled = await compileContent(path.resolve('content'));
  expect(compiled.errors).toEqual([]);
  content = compiled.content;
});

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

const rsvp = (token: string, method: string, eventId: string) => call(eventRsvpRoutes(services), token, { method, query: { eventId } });

describe(`events on ${DATABASE}`, () => {
  it('publishes the repository events with the publish set, reads them back, republishes only when they change', async () => {
    expect(await services.content.publishedEvents()).toEqual([]);
    expect(content.events?.length).toBeGreaterThanOrEqual(6);
    const first = await services.content.publishIfChanged(content);
    expect(first).not.toBeNull();
    expect(await services.content.publishedEvents()).toEqual(content.events);
    expect(await services.content.publishIfChanged(content)).toBeNull();

    const changed = { ...content, events: content.events?.map((event) => (event.id === 'sunday-study-session' ? { ...event, title: 'Sunday study session (new room)' } : event)) };
    const second = await services.content.publishIfChanged(changed);
    expect(second?.publishSetVersion).toBe((first?.publishSetVersion ?? 0) + 1);
    expect(second?.tracks.every((track) => !track.changed)).toBe(true);
    expect((await services.content.publishedEvents()).find((event) => event.id === 'sunday-study-session')?.title).toBe('Sunday study session (new room)');
    // Back to the repository's events for the rest of the file.
    expect(await services.content.publishIfChanged(content)).not.toBeNull();
  });

  it('RSVPs: join and leave are idempotent, stored per learner, and only ever touch the caller', async () => {
    const ana = await emulatorUser();
    const ben = await emulatorUser();

    const joined = await rsvp(ana.idToken, 'PUT', 'weekly-javascript-challenge');
    expect(joined).toMatchObject({ status: 200, body: { eventId: 'weekly-javascript-challenge', going: true } });
    expect((await rsvp(ana.idToken, 'POST', 'weekly-javascript-challenge')).status).toBe(200);
    expect((await rsvp(ana.idToken, 'PUT', 'portfolio-page-workshop')).status).toBe(200);
    const rows = await handle.db.select().from(eventRsvps).where(eq(eventRsvps.userId, ana.uid));
    expect(rows.map((row) => row.eventId).sort()).toEqual(['portfolio-page-workshop', 'weekly-javascript-challenge']);

    // Ben's leave of the same event removes nothing of Ana's; Ben's view shows nothing of hers.
    expect(await rsvp(ben.idToken, 'DELETE', 'weekly-javascript-challenge')).toMatchObject({ status: 200, body: { going: false } });
    expect((await services.events.forLearner(ana.uid)).joined).toEqual(new Set(['portfolio-page-workshop', 'weekly-javascript-challenge']));
    expect((await services.events.forLearner(ben.uid)).joined).toEqual(new Set());
    const benReminders = await call(eventRemindersRoutes(services), ben.idToken);
    expect(benReminders).toMatchObject({ status: 200, body: { events: [] } });
    // No answer carries other learners' ids or a list of who joined.
    expect(JSON.stringify([joined.body, benReminders.body])).not.toContain(ben.uid);

    expect(await rsvp(ana.idToken, 'DELETE', 'portfolio-page-workshop')).toMatchObject({ status: 200, body: { eventId: 'portfolio-page-workshop', going: false } });
    expect(await rsvp(ana.idToken, 'DELETE', 'portfolio-page-workshop')).toMatchObject({ status: 200, body: { going: false } });
    expect((await services.events.forLearner(ana.uid)).joined).toEqual(new Set(['weekly-javascript-challenge']));
  });

  it.each([
    ['an unknown event', 'no-such-event', 404, /no event with this id/],
    ['a path-traversal id', '../../etc/passwd', 404, /no event with this id/],
    ['an id with a line break', 'weekly-javascript-challenge\r\nX: y', 404, /no event with this id/],
    ['an overlong id', 'a'.repeat(65), 404, /no event with this id/],
    ['a far too long id', 'a'.repeat(500), 400, /Invalid query\.eventId/],
    ['an event that is over', 'html-forms-workshop', 409, /is over: you can no longer join it/],
  ])('refuses to join %s with a clear message', async (_name, eventId, status, message) => {
    const learner = await emulatorUser();
    const response = await rsvp(learner.idToken, 'PUT', eventId);
    expect(response.status).toBe(status);
    expect((response.body as { message: string }).message).toMatch(message);
    expect(await handle.db.select().from(eventRsvps).where(eq(eventRsvps.userId, learner.uid))).toEqual([]);
  });

  it('needs a signed-in learner to RSVP', async () => {
    expect((await call(eventRsvpRoutes(services), 'not-a-token', { method: 'PUT', query: { eventId: 'weekly-javascript-challenge' } })).status).toBe(401);
  });

  it("reads the learner's stored time zone and lists only joined events still ahead as reminders", async () => {
    const learner = await emulatorUser();
    await rsvp(learner.idToken, 'PUT', 'sunday-study-session');
    expect((await services.events.forLearner(learner.uid)).timeZone).toBe('UTC');
    await services.progress.updateSettings(learner.uid, { timeZone: 'Europe/Berlin' }, NOW);
    expect((await services.events.forLearner(learner.uid)).timeZone).toBe('Europe/Berlin');
    // A row for an event that has since ended (joined before it was over) is no reminder.
    await handle.db.insert(eventRsvps).values({ userId: learner.uid, eventId: 'html-forms-workshop', createdAt: new Date('2026-10-01T00:00:00Z') });
    const response = await call(eventRemindersRoutes(services), learner.idToken);
    expect(response).toMatchObject({ status: 200, body: { timeZone: 'Europe/Berlin', events: [{ id: 'sunday-study-session', repeats: { frequency: 'weekly', until: null } }] } });
  });

  it('deletes a learner’s RSVPs with the learner', async () => {
    const learner = await emulatorUser();
    await rsvp(learner.idToken, 'PUT', 'weekly-python-challenge');
    expect(await handle.db.select().from(eventRsvps).where(eq(eventRsvps.userId, learner.uid))).toHaveLength(1);
    await handle.db.delete(users).where(eq(users.id, learner.uid));
    expect(await handle.db.select().from(eventRsvps).where(eq(eventRsvps.userId, learner.uid))).toEqual([]);
  });
});

describe(`the calendar file on ${DATABASE}`, () => {
  it('answers text/calendar as an attachment: CRLF, UTC times, an RRULE for a weekly series, a URL back', async () => {
    const response = await calendarFile('GET', { eventId: 'weekly-javascript-challenge' });
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({ 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="weekly-javascript-challenge.ics"' });
    const body = String(response.body);
    expect(body.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const lines = body.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'UID:weekly-javascript-challenge@codetrail-events',
        'DTSTAMP:20261125T014000Z',
        'DTSTART:20260901T180000Z',
        'DTEND:20260901T190000Z',
        'RRULE:FREQ=WEEKLY;UNTIL=20271228T235959Z',
        'SUMMARY:Weekly JavaScript challenge',
        'URL:https://codetrail.example/web/events#event-weekly-javascript-challenge',
      ]),
    );
    const oneOff = await calendarFile('GET', { eventId: 'portfolio-page-workshop' });
    expect(String(oneOff.body)).not.toContain('RRULE');
    expect(String(oneOff.body)).toContain('DTSTART:20261209T180000Z');
  });

  it.each([
    ['an unknown event', { eventId: 'nope' }, 'GET', 404],
    ['a path-traversal id', { eventId: '..%2F..%2Fetc' }, 'GET', 404],
    ['an overlong id', { eventId: 'a'.repeat(10_000) }, 'GET', 404],
    // A query of the wrong shape is a 400, as on every API v1 route.
    ['two ids', { eventId: ['a', 'b'] }, 'GET', 400],
    ['no id', {}, 'GET', 400],
    ['a POST', { eventId: 'weekly-javascript-challenge' }, 'POST', 405],
  ])('answers %s with a JSON message, never a 500', async (_name, query, method, status) => {
    const response = await calendarFile(method, query);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message: expect.any(String) });
  });
});
