import { eventTimeline, isJoinable, lastEndedOccurrence, nextOccurrence, occurrenceCount } from './event-occurrences';
import type { CodingEvent } from './events';

const event = (overrides: Partial<CodingEvent> = {}): CodingEvent => ({
  id: 'weekly',
  kind: 'challenge',
  title: 'Weekly challenge',
  summary: 'A challenge.',
  descriptionHtml: '<p>x</p>',
  startsAt: '2026-11-03T18:00:00.000Z',
  endsAt: '2026-11-03T19:00:00.000Z',
  host: 'Ana',
  location: 'Online',
  target: null,
  repeats: null,
  ...overrides,
});

const weekly = (until: string | null) => event({ repeats: { frequency: 'weekly', until } });

describe('nextOccurrence', () => {
  it.each([
    ['one-off, before it starts', event(), '2026-11-01T00:00:00Z', '2026-11-03T18:00:00.000Z'],
    ['one-off, while it runs', event(), '2026-11-03T18:30:00Z', '2026-11-03T18:00:00.000Z'],
    ['one-off, the instant it ends', event(), '2026-11-03T19:00:00Z', null],
    ['one-off, after it ended', event(), '2026-11-25T00:00:00Z', null],
    ['weekly, before the first', weekly(null), '2026-10-01T00:00:00Z', '2026-11-03T18:00:00.000Z'],
    ['weekly, after the first ended', weekly(null), '2026-11-03T19:00:00Z', '2026-11-10T18:00:00.000Z'],
    ['weekly, during the fourth', weekly(null), '2026-11-24T18:59:59Z', '2026-11-24T18:00:00.000Z'],
    ['weekly, a year on', weekly(null), '2027-11-03T12:00:00Z', '2027-11-09T18:00:00.000Z'],
    ['weekly until a date, last one still ahead', weekly('2026-11-17T23:59:59Z'), '2026-11-12T00:00:00Z', '2026-11-17T18:00:00.000Z'],
    ['weekly until a date, all over', weekly('2026-11-17T23:59:59Z'), '2026-11-17T19:00:00Z', null],
  ])('%s', (_name, subject, now, expected) => {
    expect(nextOccurrence(subject, new Date(now))?.startsAt ?? null).toBe(expected);
  });

  it('keeps the duration on every occurrence', () => {
    const next = nextOccurrence(weekly(null), new Date('2026-12-20T00:00:00Z'));
    expect(next).toMatchObject({ startsAt: '2026-12-22T18:00:00.000Z', endsAt: '2026-12-22T19:00:00.000Z' });
  });
});

describe('occurrenceCount and lastEndedOccurrence', () => {
  it.each([
    [event(), 1],
    [weekly(null), Number.POSITIVE_INFINITY],
    [weekly('2026-11-03T18:00:00Z'), 1],
    [weekly('2026-11-17T17:59:59Z'), 2],
    [weekly('2026-11-17T18:00:00Z'), 3],
  ])('%#', (subject, count) => {
    expect(occurrenceCount(subject)).toBe(count);
  });

  it.each([
    ['one-off not yet held', event(), '2026-11-01T00:00:00Z', null],
    ['one-off held', event(), '2026-11-10T00:00:00Z', '2026-11-03T18:00:00.000Z'],
    ['weekly, between two', weekly(null), '2026-11-12T00:00:00Z', '2026-11-10T18:00:00.000Z'],
    ['weekly, finished series', weekly('2026-11-17T23:00:00Z'), '2027-01-01T00:00:00Z', '2026-11-17T18:00:00.000Z'],
  ])('%s', (_name, subject, now, expected) => {
    expect(lastEndedOccurrence(subject, new Date(now))?.startsAt ?? null).toBe(expected);
  });
});

describe('eventTimeline', () => {
  const now = new Date('2026-11-25T01:40:00Z');
  const events = [
    event({ id: 'old-workshop', startsAt: '2026-10-01T17:00:00Z', endsAt: '2026-10-01T18:30:00Z' }),
    event({ id: 'older-workshop', startsAt: '2026-09-01T17:00:00Z', endsAt: '2026-09-01T18:30:00Z' }),
    event({ id: 'spring-workshop', startsAt: '2027-03-10T17:00:00Z', endsAt: '2027-03-10T18:30:00Z' }),
    { ...weekly(null), id: 'weekly-challenge' },
    { ...weekly('2026-11-20T00:00:00Z'), id: 'ended-series' },
  ];

  it('lists running and coming events soonest first, each series once, and past events newest first', () => {
    const { upcoming, past } = eventTimeline(events, now);
    expect(upcoming.map((o) => [o.event.id, o.startsAt])).toEqual([
      ['weekly-challenge', '2026-12-01T18:00:00.000Z'],
      ['spring-workshop', '2027-03-10T17:00:00.000Z'],
    ]);
    expect(past.map((o) => [o.event.id, o.startsAt])).toEqual([
      ['ended-series', '2026-11-17T18:00:00.000Z'],
      ['old-workshop', '2026-10-01T17:00:00.000Z'],
      ['older-workshop', '2026-09-01T17:00:00.000Z'],
    ]);
  });

  it('caps the past list', () => {
    expect(eventTimeline(events, now, 1).past).toHaveLength(1);
  });

  it.each([
    ['upcoming one-off', events[2], true],
    ['past one-off', events[0], false],
    ['open series', events[3], true],
    ['ended series', events[4], false],
  ])('isJoinable: %s', (_name, subject, expected) => {
    expect(isJoinable(subject as CodingEvent, now)).toBe(expected);
  });
});
