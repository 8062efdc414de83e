/**
 * Events (issue 17): live workshops, weekly coding challenges and study sessions, authored as
 * content files (content/events/*.md) and published with publish sets.
 */

export const EVENT_KINDS = ['workshop', 'challenge', 'study-session'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** How each kind is named on the page and in calendars (one rules table per kind). */
export const EVENT_KIND_RULES: Record<EventKind, { label: string }> = {
  workshop: { label: 'Live workshop' },
  challenge: { label: 'Coding challenge' },
  'study-session': { label: 'Study session' },
};

/** Where a challenge leads: a lesson by its stable ids, or a build template. */
export type EventTarget = { kind: 'lesson'; trackId: string; lessonId: string } | { kind: 'template'; templateId: string };

/**
 * A weekly series: the first occurrence is startsAt–endsAt, then every 7 × 24 hours (the same UTC
 * time, as the calendar file's RRULE says), up to and including an occurrence that starts on or
 * before `until` (an instant; null: no end).
 */
export interface EventRecurrence {
  frequency: 'weekly';
  until: string | null;
}

/** One compiled event, as a publish set stores it. Times are ISO 8601 instants (UTC). */
export interface CodingEvent {
  id: string;
  kind: EventKind;
  title: string;
  summary: string;
  /** The description, rendered from Markdown at compile time. */
  descriptionHtml: string;
  startsAt: string;
  endsAt: string;
  host: string;
  /** Where it happens, in words ("Online, in the Codetrail study room"). */
  location: string;
  target: EventTarget | null;
  /** Null (or absent in publish sets written before recurrence existed): a one-off event. */
  repeats?: EventRecurrence | null;
}

/** Event ids travel in URLs: the content id pattern, bounded. */
export const EVENT_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_EVENT_ID_LENGTH = 64;

export function isEventId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_EVENT_ID_LENGTH && EVENT_ID_PATTERN.test(value);
}
