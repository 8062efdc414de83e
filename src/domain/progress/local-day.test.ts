import { addDays, daysBetween, daysStrictlyBetween, isValidTimeZone, localDayOf, weekStartUtc } from './local-day';

describe('localDayOf', () => {
  it.each([
    // [instant (UTC), time zone, local day]
    ['2026-11-23T23:30:00Z', 'UTC', '2026-11-23'],
    ['2026-11-23T23:30:00Z', 'Europe/Berlin', '2026-11-24'], // already tomorrow east of UTC
    ['2026-11-24T03:00:00Z', 'America/Los_Angeles', '2026-11-23'], // still yesterday west of UTC
    ['2026-11-23T09:59:59Z', 'Pacific/Kiritimati', '2026-11-23'], // UTC+14 just before midnight
    ['2026-11-23T10:00:00Z', 'Pacific/Kiritimati', '2026-11-24'],
    ['2026-11-23T18:30:00Z', 'Asia/Kolkata', '2026-11-24'], // half-hour offset, midnight exactly
    ['2026-03-08T04:59:59Z', 'America/New_York', '2026-03-07'], // DST starts 2026-03-08 02:00 local
    ['2026-03-08T05:00:00Z', 'America/New_York', '2026-03-08'],
    ['2026-03-09T03:59:59Z', 'America/New_York', '2026-03-08'], // the short day ends at 04:00Z
    ['2026-11-01T04:30:00Z', 'America/New_York', '2026-11-01'], // the long day (DST ends)
    ['2026-10-25T22:59:59Z', 'Europe/Berlin', '2026-10-25'],
    ['2026-10-25T23:00:00Z', 'Europe/Berlin', '2026-10-26'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(localDayOf(new Date(instant), zone)).toBe(day);
  });
});

describe('localDayOf remembers each zone’s last second', () => {
  const reference = (instant: Date, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

  it('turns the day at the first millisecond of midnight, right after asking in the second before', () => {
    expect(localDayOf(new Date('2026-11-23T22:59:59.000Z'), 'Europe/Berlin')).toBe('2026-11-23');
    expect(localDayOf(new Date('2026-11-23T22:59:59.999Z'), 'Europe/Berlin')).toBe('2026-11-23');
    expect(localDayOf(new Date('2026-11-23T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-11-24');
  });

  it('keeps zones apart within one second', () => {
    const instant = new Date('2026-11-23T23:30:00.500Z');
    expect(localDayOf(instant, 'UTC')).toBe('2026-11-23');
    expect(localDayOf(instant, 'Europe/Berlin')).toBe('2026-11-24');
    expect(localDayOf(instant, 'America/Los_Angeles')).toBe('2026-11-23');
    expect(localDayOf(instant, 'UTC')).toBe('2026-11-23');
  });

  it('agrees with a fresh formatter, going back and forth in time, around midnights and DST', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Australia/Lord_Howe'];
    const starts = ['2026-03-08T04:59:58Z', '2026-10-25T22:59:58Z', '2026-11-23T18:29:58Z', '2026-04-04T14:59:58Z'];
    for (const start of starts)
      for (const step of [0, 400, 999, 1000, 1001, 2500, -999, 86_399_000, -86_401_000])
        for (const zone of zones) {
          const instant = new Date(Date.parse(start) + step);
          expect([zone, instant.toISOString(), localDayOf(instant, zone)]).toEqual([zone, instant.toISOString(), reference(instant, zone)]);
        }
  });
});

describe('day arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it.each([
    ['the century rule (1900 is not a leap year)', '1900-02-28', 1, '1900-03-01'],
    ['the 400-year rule (2000 is)', '2000-02-28', 1, '2000-02-29'],
    ['2100 is not', '2100-02-28', 1, '2100-03-01'],
    ['back over a year', '2027-01-01', -1, '2026-12-31'],
    ['zero days', '2026-11-25', 0, '2026-11-25'],
    ['a long way back', '2026-11-25', -20_000, '1972-02-22'],
    ['before 1970', '1969-12-31', 1, '1970-01-01'],
  ])('%s', (_case, day, count, expected) => {
    expect(addDays(day, count)).toBe(expected);
  });
  it('agrees with the Date calendar on every day from 1890 to 2210', () => {
    const start = Date.UTC(1890, 0, 1);
    for (let index = 0; index < 117_000; index += 1) {
      const day = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
      const expected = new Date(start + (index + 37) * 86_400_000).toISOString().slice(0, 10);
      if (addDays(day, 37) !== expected) throw new Error(`${day} + 37 gave ${addDays(day, 37)}, not ${expected}`);
      if (addDays(expected, -37) !== day) throw new Error(`${expected} - 37 gave ${addDays(expected, -37)}, not ${day}`);
    }
  });
  it('counts days and lists the days between', () => {
    expect(daysBetween('2026-11-20', '2026-11-23')).toBe(3);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
    expect(daysStrictlyBetween('2026-11-20', '2026-11-23')).toEqual(['2026-11-21', '2026-11-22']);
    expect(daysStrictlyBetween('2026-11-22', '2026-11-23')).toEqual([]);
  });
  it('validates time zones', () => {
    expect(isValidTimeZone('Europe/Lisbon')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
  it('starts league weeks on Monday 00:00 UTC', () => {
    expect(weekStartUtc(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // a Monday
    expect(weekStartUtc(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16'); // Sunday night
    expect(weekStartUtc(new Date('2026-11-29T12:00:00Z'))).toBe('2026-11-23');
  });
});
