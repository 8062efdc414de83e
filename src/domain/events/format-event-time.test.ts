import { formatEventTime, localeFromAcceptLanguage } from './format-event-time';

describe('formatEventTime', () => {
  it.each([
    ['en-US, New York (EST)', 'en-US', 'America/New_York', '2026-12-01T23:00:00Z', '2026-12-02T00:30:00Z', 'Tuesday, December 1, 2026', '6:00 – 7:30 PM EST', '6:00 PM'],
    ['de-DE, Berlin (winter)', 'de-DE', 'Europe/Berlin', '2026-12-01T17:00:00Z', '2026-12-01T18:30:00Z', 'Dienstag, 1. Dezember 2026', '18:00–19:30 Uhr MEZ', '18:00'],
    ['de-DE, Berlin (summer time)', 'de-DE', 'Europe/Berlin', '2027-06-01T16:00:00Z', '2027-06-01T17:30:00Z', 'Dienstag, 1. Juni 2027', '18:00–19:30 Uhr MESZ', '18:00'],
    ['en-GB, London (BST)', 'en-GB', 'Europe/London', '2027-06-01T16:00:00Z', '2027-06-01T17:00:00Z', 'Tuesday, 1 June 2027', '17:00–18:00 BST', '17:00'],
    ['en-GB, the same instant in Tokyo is the next day', 'en-GB', 'Asia/Tokyo', '2026-12-01T23:00:00Z', '2026-12-02T00:00:00Z', 'Wednesday, 2 December 2026', '08:00–09:00 GMT+9', '8:00'],
  ])('%s', (_name, locale, timeZone, start, end, day, time, startTime) => {
    expect(formatEventTime(start, end, { locale, timeZone })).toEqual({ day, time, startTime });
  });

  it('follows the DST change inside one weekly series (same UTC time, local hour moves)', () => {
    const before = formatEventTime('2027-03-23T17:00:00Z', '2027-03-23T18:00:00Z', { locale: 'en-GB', timeZone: 'Europe/Berlin' });
    const after = formatEventTime('2027-03-30T17:00:00Z', '2027-03-30T18:00:00Z', { locale: 'en-GB', timeZone: 'Europe/Berlin' });
    expect([before.startTime, after.startTime]).toEqual(['18:00', '19:00']);
  });

  it('shows both days when an event runs past midnight', () => {
    const { time } = formatEventTime('2026-12-01T22:30:00Z', '2026-12-02T00:30:00Z', { locale: 'en-GB', timeZone: 'Europe/London' });
    expect(time).toMatch(/1 Dec.*22:30.*2 Dec.*00:30/);
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['en-GB', 'en-GB'],
    ['fr;q=0.5, de-AT;q=0.9', 'de-AT'],
    ['*', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
    ['x"><script>, en-US', 'en-US'],
    ['en;q=0, pt-BR', 'pt-BR'],
    ['a'.repeat(10_000), 'en-US'],
  ])('%j → %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
