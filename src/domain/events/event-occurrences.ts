import type { CodingEvent } from './events';

/** What the occurrence rules read of an event (the browser's reminder check has only this much). */
export type EventSchedule = Pick<CodingEvent, 'startsAt' | 'endsAt' | 'repeats'>;

/** One sitting of an event: a one-off event has one, a weekly series one per week. */
export interface EventOccurrence<E extends EventSchedule = CodingEvent> {
  event: E;
  startsAt: string;
  endsAt: string;
}

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const ms = (iso: string) => Date.parse(iso);

function occurrenceAt<E extends EventSchedule>(event: E, index: number): EventOccurrence<E> {
  const shift = index * WEEK_MS;
  return { event, startsAt: new Date(ms(event.startsAt) + shift).toISOString(), endsAt: new Date(ms(event.endsAt) + shift).toISOString() };
}

/** How many occurrences the event has (Infinity for an open weekly series). */
export function occurrenceCount(event: EventSchedule): number {
  if (!event.repeats) return 1;
  if (event.repeats.until === null) return Number.POSITIVE_INFINITY;
  const span = ms(event.repeats.until) - ms(event.startsAt);
  return span < 0 ? 1 : Math.floor(span / WEEK_MS) + 1;
}

/** The occurrence running now or starting next (its end is after `now`); null once the event is over. */
export function nextOccurrence<E extends EventSchedule>(event: E, now: Date): EventOccurrence<E> | null {
  const duration = ms(event.endsAt) - ms(event.startsAt);
  // The first occurrence whose end is after now.
  // The smallest index i with start + i weeks + duration > now.
  const index = Math.max(0, Math.floor((now.getTime() - ms(event.startsAt) - duration) / WEEK_MS) + 1);
  return index < occurrenceCount(event) ? occurrenceAt(event, index) : null;
}

/** The last occurrence that has ended by `now`; null when none has. */
export function lastEndedOccurrence<E extends EventSchedule>(event: E, now: Date): EventOccurrence<E> | null {
  const next = nextOccurrence(event, now);
  const count = occurrenceCount(event);
  const index = next ? Math.round((ms(next.startsAt) - ms(event.startsAt)) / WEEK_MS) - 1 : count - 1;
  if (index < 0 || !Number.isFinite(index)) return null;
  const occurrence = occurrenceAt(event, index);
  return ms(occurrence.endsAt) <= now.getTime() ? occurrence : null;
}

/** Whether a learner can still join: the event (or its series) has an occurrence that has not ended. */
export function isJoinable(event: EventSchedule, now: Date): boolean {
  return nextOccurrence(event, now) !== null;
}

export interface EventTimeline {
  /** Running or upcoming, soonest first (a weekly series appears once, at its next occurrence). */
  upcoming: EventOccurrence[];
  /** Over for good, most recent first. */
  past: EventOccurrence[];
}

/** Splits the published events into upcoming and past for the events page. */
export function eventTimeline(events: readonly CodingEvent[], now: Date, maxPast = 10): EventTimeline {
  const upcoming: EventOccurrence[] = [];
  const past: EventOccurrence[] = [];
  for (const event of events) {
    const next = nextOccurrence(event, now);
    if (next) upcoming.push(next);
    else {
      const last = lastEndedOccurrence(event, now);
      if (last) past.push(last);
    }
  }
  upcoming.sort((a, b) => ms(a.startsAt) - ms(b.startsAt) || a.event.id.localeCompare(b.event.id));
  past.sort((a, b) => ms(b.startsAt) - ms(a.startsAt) || a.event.id.localeCompare(b.event.id));
  return { upcoming, past: past.slice(0, maxPast) };
}
