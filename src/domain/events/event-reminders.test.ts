import { eventReminderText, eventsStartingToday, reminderDismissalKey } from './event-reminders';
import type { CodingEvent } from './events';

const event = (id: string, startsAt: string, endsAt: string, weekly = false): CodingEvent => ({
  id,
  kind: 'study-session',
  title: id,
  summary: 's',
  descriptionHtml: '',
  startsAt,
  endsAt,
  host: 'h',
  location: 'l',
  target: null,
  repeats: weekly ? { frequency: 'weekly', until: null } : null,
});

// 23:30 UTC on Tuesday 1 December: still Tuesday in London, already Wednesday in Berlin and Tokyo
// (08:30), and Tuesday afternoon in Los Angeles.
const late = event('late', '2026-12-01T23:30:00Z', '2026-12-02T00:30:00Z');
// Weekly on Wednesdays 17:00 UTC.
const weekly = event('weekly', '2026-11-04T17:00:00Z', '2026-11-04T18:00:00Z', true);
const all = [late, weekly];
const joined = new Set(['late', 'weekly']);

describe('eventsStartingToday', () => {
  it.each([
    ['London, Tuesday morning', '2026-12-01T08:00:00Z', 'Europe/London', ['late']],
    ['Los Angeles, Tuesday morning', '2026-12-01T16:00:00Z', 'America/Los_Angeles', ['late']],
    ['Berlin, Tuesday evening: late starts after midnight there', '2026-12-01T20:00:00Z', 'Europe/Berlin', []],
    ['Berlin, Wednesday just after midnight: both today', '2026-12-01T23:10:00Z', 'Europe/Berlin', ['late', 'weekly']],
    ['Tokyo, Wednesday 08:40: late runs (08:30 there), weekly is 02:00 on Thursday there', '2026-12-01T23:40:00Z', 'Asia/Tokyo', ['late']],
    ['Tokyo, Thursday 01:00: the weekly one starts at 02:00', '2026-12-02T16:00:00Z', 'Asia/Tokyo', ['weekly']],
    ['London, Wednesday after the weekly one ended', '2026-12-02T18:00:00Z', 'Europe/London', []],
    ['London, Wednesday while the weekly one runs', '2026-12-02T17:30:00Z', 'Europe/London', ['weekly']],
    ['UTC, a Wednesday a year later', '2027-12-01T09:00:00Z', 'UTC', ['weekly']],
  ])('%s', (_name, now, timeZone, expected) => {
    expect(eventsStartingToday(all, joined, new Date(now), timeZone).map((o) => o.event.id)).toEqual(expected);
  });

  it('leaves out events the learner has not joined', () => {
    expect(eventsStartingToday(all, new Set(['weekly']), new Date('2026-12-01T23:10:00Z'), 'Europe/Berlin').map((o) => o.event.id)).toEqual(['weekly']);
  });

  it('follows the clocks across a DST change (New York, 8 March 2026)', () => {
    // 00:30 local on Sunday 8 March (EST, UTC-5) and 23:30 local on Sunday (EDT, UTC-4).
    const sunday = [event('early', '2026-03-08T05:30:00Z', '2026-03-08T06:00:00Z'), event('night', '2026-03-09T03:30:00Z', '2026-03-09T04:00:00Z')];
    expect(eventsStartingToday(sunday, new Set(['early', 'night']), new Date('2026-03-08T05:00:00Z'), 'America/New_York').map((o) => o.event.id)).toEqual(['early', 'night']);
  });

  it('keys dismissals per event and local day', () => {
    expect(reminderDismissalKey('weekly', '2026-12-02')).toBe('codetrail:event-reminder:weekly:2026-12-02');
  });
});

describe('eventReminderText (a fixed clock and zone)', () => {
  // 6:00 to 7:00 PM in New York (EST, UTC-5) on Tuesday 1 December 2026.
  const evening = { event: { title: 'Weekly JavaScript challenge' }, startsAt: '2026-12-01T23:00:00Z', endsAt: '2026-12-02T00:00:00Z' };
  const newYork = { locale: 'en-US', timeZone: 'America/New_York' };
  const at = (localTime: string) => new Date(`2026-12-01T${localTime}-05:00`);

  it.each([
    ['the morning of the day', '09:00:00', 'Weekly JavaScript challenge starts today at 6:00 PM.'],
    ['61 minutes before', '16:59:00', 'Weekly JavaScript challenge starts today at 6:00 PM.'],
    ['exactly an hour before', '17:00:00', 'Weekly JavaScript challenge starts in 60 minutes.'],
    ['12 minutes before', '17:48:00', 'Weekly JavaScript challenge starts in 12 minutes.'],
    ['30 seconds before (rounded up to a minute)', '17:59:30', 'Weekly JavaScript challenge starts in 1 minute.'],
    ['at the start', '18:00:00', 'Weekly JavaScript challenge is on now, until 7:00 PM.'],
    ['6:48 PM, mid-event (the issue)', '18:48:00', 'Weekly JavaScript challenge is on now, until 7:00 PM.'],
    ['a second before the end', '18:59:59', 'Weekly JavaScript challenge is on now, until 7:00 PM.'],
    ['at the end', '19:00:00', null],
    ['later that evening', '21:15:00', null],
  ])('%s (%s)', (_name, time, expected) => {
    expect(eventReminderText(evening, at(time), newYork)).toBe(expected);
  });

  it('uses the learner’s locale and says "tomorrow" when a running event ends after midnight', () => {
    const late = { event: { title: 'Nachtcafé' }, startsAt: '2026-12-01T22:30:00Z', endsAt: '2026-12-02T00:30:00Z' };
    expect(eventReminderText(late, new Date('2026-12-01T20:00:00Z'), { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('Nachtcafé starts today at 23:30.');
    expect(eventReminderText(late, new Date('2026-12-01T22:45:00Z'), { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('Nachtcafé is on now, until 1:30 tomorrow.');
    expect(eventReminderText(late, new Date('2026-12-01T23:10:00Z'), { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('Nachtcafé is on now, until 1:30.');
  });
});
