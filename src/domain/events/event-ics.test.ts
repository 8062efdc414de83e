import { escapeIcsText, eventToIcs, foldIcsLine, icsUtc, type IcsEvent } from './event-ics';

const base: IcsEvent = {
  uid: 'weekly-js-challenge@codetrail',
  title: 'Weekly JavaScript challenge',
  description: 'Solve one small puzzle.',
  location: 'Online',
  url: 'https://codetrail.example/web/events#weekly-js-challenge',
  startsAt: '2026-12-01T18:00:00.000Z',
  endsAt: '2026-12-01T19:00:00.000Z',
  repeats: null,
  stamp: new Date('2026-11-25T01:40:05.123Z'),
};

/** Undoes folding (RFC 5545 §3.1) and splits into content lines. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
const octets = (line: string) => new TextEncoder().encode(line).length;

describe('icsUtc', () => {
  it.each([
    ['2026-12-01T18:00:00.000Z', '20261201T180000Z'],
    ['2026-12-01T19:00:00+01:00', '20261201T180000Z'],
  ])('%s → %s', (input, expected) => expect(icsUtc(input)).toBe(expected));
  it('refuses a non-date', () => expect(() => icsUtc('soon')).toThrow());
});

describe('escapeIcsText', () => {
  it.each([
    ['a;b,c\\d', 'a\\;b\\,c\\\\d'],
    ['line one\nline two\r\nthree\rfour', 'line one\\nline two\\nthree\\nfour'],
    ['bell\u0007 and tab\u0009', 'bell and tab\u0009'],
    ['Grüße, 東京 🎉', 'Grüße\\, 東京 🎉'],
  ])('%j', (input, expected) => expect(escapeIcsText(input)).toBe(expected));
});

describe('foldIcsLine', () => {
  it.each([
    ['short', 'SUMMARY:hello'],
    ['ASCII past 75', `SUMMARY:${'x'.repeat(200)}`],
    ['multi-byte letters', `SUMMARY:${'ü'.repeat(100)}`],
    ['emoji (4 octets, surrogate pairs)', `SUMMARY:${'🎉'.repeat(60)}`],
  ])('%s: lines of at most 75 octets that unfold to the original', (_name, line) => {
    const folded = foldIcsLine(line);
    for (const piece of folded.split('\r\n')) expect(octets(piece)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toMatch(/\uFFFD/);
  });
});

describe('eventToIcs', () => {
  it('writes one VEVENT with CRLF lines, UTC times and a URL', () => {
    const ics = eventToIcs(base);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Codetrail//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:weekly-js-challenge@codetrail',
      'DTSTAMP:20261125T014005Z',
      'DTSTART:20261201T180000Z',
      'DTEND:20261201T190000Z',
      'SUMMARY:Weekly JavaScript challenge',
      'DESCRIPTION:Solve one small puzzle.',
      'LOCATION:Online',
      'URL:https://codetrail.example/web/events#weekly-js-challenge',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it.each([
    [{ frequency: 'weekly' as const, until: null }, 'RRULE:FREQ=WEEKLY'],
    [{ frequency: 'weekly' as const, until: '2027-06-29T23:59:59Z' }, 'RRULE:FREQ=WEEKLY;UNTIL=20270629T235959Z'],
  ])('adds an RRULE for a weekly series (%#)', (repeats, rule) => {
    const lines = unfold(eventToIcs({ ...base, repeats }));
    expect(lines.filter((line) => line.startsWith('RRULE'))).toEqual([rule]);
    expect(lines.indexOf(rule)).toBe(lines.indexOf('DTEND:20261201T190000Z') + 1);
  });

  it('keeps hostile text inside its own property', () => {
    const hostile = {
      ...base,
      title: 'Fun\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:injected; yes, really',
      description: 'x\nATTENDEE:mailto:evil@example.com\n\\n',
      location: `Room ${'é'.repeat(120)}; floor 2, left`,
    };
    const ics = eventToIcs(hostile);
    const lines = unfold(ics);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    expect(lines.filter((line) => line.startsWith('SUMMARY:'))).toEqual(['SUMMARY:Fun\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:injected\\; yes\\, really']);
    expect(lines).toContain('DESCRIPTION:x\\nATTENDEE:mailto:evil@example.com\\n\\\\n');
    for (const physical of ics.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(lines).toHaveLength(16);
  });

  it('folds a very long title and keeps it whole', () => {
    const title = `A ${'very '.repeat(60)}long title`;
    const lines = unfold(eventToIcs({ ...base, title }));
    expect(lines).toContain(`SUMMARY:${title}`);
  });

  it.each([
    ['a UID with a line break', { uid: 'x\r\nATTENDEE:y' }],
    ['a javascript: URL', { url: 'javascript:alert(1)' }],
    ['a bad start', { startsAt: 'tomorrow' }],
  ])('refuses %s', (_name, overrides) => {
    expect(() => eventToIcs({ ...base, ...overrides })).toThrow();
  });

  it('percent-encodes a URL with spaces and line breaks', () => {
    const lines = unfold(eventToIcs({ ...base, url: 'https://codetrail.example/web/events#a b\r\nX:y' }));
    expect(lines.filter((line) => line.startsWith('URL:'))).toEqual(['URL:https://codetrail.example/web/events#a%20bX:y']);
  });
});
