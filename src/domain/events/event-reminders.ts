import { localDayOf, type LocalDay } from '@/domain/progress/local-day';
import { nextOccurrence, type EventOccurrence, type EventSchedule } from './event-occurrences';

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
