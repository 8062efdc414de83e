/**
 * Event times in the learner's time zone and their locale's date format. Formatted on the server
 * (the stored time zone, the Accept-Language locale) and sent as text, so the server's HTML and the
 * browser's hydration always agree.
 */

export const DEFAULT_EVENT_LOCALE = 'en-US';

export interface EventTimeText {
  /** "Tuesday, December 1, 2026" / "Dienstag, 1. Dezember 2026" */
  day: string;
  /** "6:00 – 7:30 PM EST" / "18:00–19:30 MEZ"; spans days when the event does. */
  time: string;
  /** The start's time of day alone ("18:00", "6:00 PM"), for reminders. */
  startTime: string;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let value = cache.get(key);
  if (!value) {
    value = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(key, value);
  }
  return value;
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const START_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** ICU's narrow and thin spaces become plain ones, so text compares and wraps predictably. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

export function formatEventTime(startsAt: string, endsAt: string, { locale, timeZone }: { locale: string; timeZone: string }): EventTimeText {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = formatter(locale, timeZone, DAY).format(start) === formatter(locale, timeZone, DAY).format(end);
  const time = sameDay
    ? formatter(locale, timeZone, TIME).formatRange(start, end)
    : formatter(locale, timeZone, { ...DAY, ...TIME, weekday: undefined, year: undefined }).formatRange(start, end);
  return {
    day: plainSpaces(formatter(locale, timeZone, DAY).format(start)),
    time: plainSpaces(time),
    startTime: plainSpaces(formatter(locale, timeZone, START_TIME).format(start)),
  };
}

/**
 * The first language of an Accept-Language header that the runtime can format dates in (by
 * quality, then order), or the default. Hostile or odd headers fall back, never throw.
 */
export function localeFromAcceptLanguage(header: string | string[] | undefined | null): string {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const candidates = value
    .slice(0, 500)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(entry.tag) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of candidates) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // A tag Intl refuses (structurally valid but unknown): try the next one.
    }
  }
  return DEFAULT_EVENT_LOCALE;
}
