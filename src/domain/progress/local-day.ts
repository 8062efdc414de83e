/** A calendar day in some time zone, written YYYY-MM-DD. Days compare as strings. */
export type LocalDay = string;

const DAY_MS = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA time zone (e.g. "Europe/Lisbon"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Per zone, the last second asked for and its day: within one second the day cannot change. */
const lastDayIn = new Map<string, { second: number; day: LocalDay }>();

/**
 * The day an instant falls on for someone in `timeZone` (DST handled by the runtime's tz data).
 * Every progress read asks for today, in UTC and in the learner's zone; `formatToParts` showed in
 * profiles (issue 18), so each zone remembers its last second (zone offsets are whole seconds).
 */
export function localDayOf(instant: Date, timeZone: string): LocalDay {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDayIn.get(timeZone);
  if (last && last.second === second) return last.day;
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  if (Number.isFinite(second)) lastDayIn.set(timeZone, { second, day });
  return day;
}

/** The UTC midnight of a day, read with slices rather than split().map() (called per calendar day). */
function dayToUtcMs(day: LocalDay): number {
  const first = day.indexOf('-', 1);
  const second = day.indexOf('-', first + 1);
  if (first < 0 || second < 0) {
    const [year, month, date] = day.split('-').map(Number);
    return Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  }
  return Date.UTC(Number(day.slice(0, first)), Number(day.slice(first + 1, second)) - 1, Number(day.slice(second + 1)));
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * The day `count` days after `day` (before, when negative). Plain arithmetic on the proleptic
 * Gregorian calendar (Howard Hinnant's civil-from-days): the progress summary calls this for every
 * day of its calendar on each request, and a Date per day showed in profiles (issue 18).
 */
export function addDays(day: LocalDay, count: number): LocalDay {
  const z = Math.round(dayToUtcMs(day) / DAY_MS) + count + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(date)}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDay, to: LocalDay): number {
  return Math.round((dayToUtcMs(to) - dayToUtcMs(from)) / DAY_MS);
}

/** The days strictly after `from` and strictly before `to`, oldest first. */
export function daysStrictlyBetween(from: LocalDay, to: LocalDay): LocalDay[] {
  const count = daysBetween(from, to) - 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index + 1));
}

/** Weeks run Monday 00:00 UTC to the next Monday (leagues); the result is that Monday's date. */
export function weekStartUtc(instant: Date): LocalDay {
  const day = instant.toISOString().slice(0, 10);
  const weekday = (instant.getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday);
}
