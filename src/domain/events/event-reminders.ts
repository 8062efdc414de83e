import { localDayOf, type LocalDay } from '@/domain/progress/local-day';
import { nextOccurrence, type EventOccurrence, type EventSchedule } from './event-occurrences';
import { formatEventTime } from './format-event-time';

/**
 * The joined events that start today in the learner's time zone and have not ended yet: the
 * reminders the app shows (one per event and day). An occurrence that started yesterday evening
 * and runs past midnight is not "today".
 */
export function eventsStartingToday<E extends EventSchedule & { id: string }>(events: readonly E[], joinedIds: ReadonlySet<string>, now: Date, timeZone: string): EventOccurrence<E>[] {
  const today = localDayOf(now, timeZone);
  const due: EventOccurrence<E>[] = [];
  for (const event of events) {
    if (!joinedIds.has(event.id)) continue;
    const next = nextOccurrence(event, now);
    if (next && localDayOf(new Date(next.startsAt), timeZone) === today) due.push(next);
  }
  return due.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** The key under which the browser remembers a dismissed reminder, for that event and local day only. */
export function reminderDismissalKey(eventId: string, day: LocalDay): string {
  return `codetrail:event-reminder:${eventId}:${day}`;
}

/** Within this long before the start, a reminder counts the minutes instead of naming the time. */
export const SOON_MS = 60 * 60 * 1000;

/**
 * Where an occurrence stands at `now`, for the reminder: running (until its end), starting within
 * the hour (in whole minutes, rounded up, at least 1), later today, or over (null: no reminder).
 */
export type ReminderMoment = { kind: 'live' } | { kind: 'soon'; minutes: number } | { kind: 'later' };

export function reminderMoment(occurrence: { startsAt: string; endsAt: string }, now: Date): ReminderMoment | null {
  const start = Date.parse(occurrence.startsAt);
  const end = Date.parse(occurrence.endsAt);
  const at = now.getTime();
  if (at >= end) return null;
  if (at >= start) return { kind: 'live' };
  if (start - at <= SOON_MS) return { kind: 'soon', minutes: Math.max(1, Math.ceil((start - at) / 60_000)) };
  return { kind: 'later' };
}

/**
 * The reminder's sentence in the learner's zone and locale: "… is on now, until 7:00 PM" while it
 * runs ("until 12:30 AM tomorrow" past midnight), "… starts in 12 minutes" within the hour,
 * "… starts today at 6:00 PM" before that, and null once it has ended.
 */
export function eventReminderText(
  occurrence: { event: { title: string }; startsAt: string; endsAt: string },
  now: Date,
  { locale, timeZone }: { locale: string; timeZone: string },
): string | null {
  const moment = reminderMoment(occurrence, now);
  if (!moment) return null;
  const { title } = occurrence.event;
  if (moment.kind === 'soon') return `${title} starts in ${moment.minutes} ${moment.minutes === 1 ? 'minute' : 'minutes'}.`;
  if (moment.kind === 'later') return `${title} starts today at ${formatEventTime(occurrence.startsAt, occurrence.endsAt, { locale, timeZone }).startTime}.`;
  const end = formatEventTime(occurrence.endsAt, occurrence.endsAt, { locale, timeZone }).startTime;
  const endsTomorrow = localDayOf(new Date(occurrence.endsAt), timeZone) !== localDayOf(now, timeZone);
  return `${title} is on now, until ${end}${endsTomorrow ? ' tomorrow' : ''}.`;
}
