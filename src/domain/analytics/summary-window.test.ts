import { analyticsSummaryQuerySchema, analyticsWindowDays, isAnalyticsTimeZone } from './summary-window';

describe('analyticsSummaryQuerySchema', () => {
  it.each([
    [{}, { days: 14, timeZone: 'UTC' }],
    [{ days: '7' }, { days: 7, timeZone: 'UTC' }],
    [{ days: '30', timeZone: 'Europe/Berlin' }, { days: 30, timeZone: 'Europe/Berlin' }],
    [{ days: ['7', '30'], timeZone: 'America/Los_Angeles' }, { days: 7, timeZone: 'America/Los_Angeles' }],
    [{ timeZone: 'America/Argentina/Buenos_Aires' }, { days: 14, timeZone: 'America/Argentina/Buenos_Aires' }],
  ])('reads %j as %j', (query, expected) => {
    expect(analyticsSummaryQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([
    [{ days: '10' }, 'days must be 7, 14 or 30'],
    [{ days: '14.0' }, 'days must be 7, 14 or 30'],
    [{ days: '' }, 'days must be 7, 14 or 30'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone, such as UTC or Europe/Lisbon'],
    [{ timeZone: '+01:00' }, 'timeZone must be an IANA time zone, such as UTC or Europe/Lisbon'],
    [{ timeZone: "UTC'; drop table users; --" }, 'timeZone must be an IANA time zone, such as UTC or Europe/Lisbon'],
  ])('refuses %j: %s', (query, message) => {
    const parsed = analyticsSummaryQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe('isAnalyticsTimeZone', () => {
  it.each([
    ['UTC', true],
    ['Europe/Lisbon', true],
    ['Etc/GMT+5', true],
    ['Asia/Kolkata', true],
    ['', false],
    ['Europe/Nowhere', false],
    ['-05:00', false],
  ])('%s → %p', (zone, expected) => {
    expect(isAnalyticsTimeZone(zone)).toBe(expected);
  });
});

describe('analyticsWindowDays', () => {
  it.each<[string, string, 7 | 14 | 30, string, string, number]>([
    ['in UTC', '2026-11-24T09:00:00Z', 7, 'UTC', '2026-11-18', 7],
    ['the zone decides today: already the 25th in Berlin', '2026-11-24T23:30:00Z', 7, 'Europe/Berlin', '2026-11-19', 7],
    ['still the 24th in Los Angeles', '2026-11-25T06:00:00Z', 14, 'America/Los_Angeles', '2026-11-11', 14],
    ['across a month and a DST change', '2026-11-03T12:00:00Z', 30, 'Europe/Lisbon', '2026-10-05', 30],
  ])('%s', (_, now, days, zone, first, length) => {
    const list = analyticsWindowDays(new Date(now), zone, days);
    expect(list).toHaveLength(length);
    expect(list[0]).toBe(first);
    expect(new Set(list).size).toBe(length);
  });

  it('ends with today in the zone, oldest first', () => {
    expect(analyticsWindowDays(new Date('2026-11-24T23:30:00Z'), 'Europe/Berlin', 7)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
  });
});
