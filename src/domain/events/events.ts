/**
 * Events (issue 17): live workshops, weekly coding challenges and study sessions, authored as
 * content files (content/events/*.md) and published with publish sets.
 */

export const EVENT_KINDS = ['workshop', 'challenge', 'study-session'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Where a challenge leads: a lesson by its stable ids, or a build template. */
export type EventTarget = { kind: 'lesson'; trackId: string; lessonId: string } | { kind: 'template'; templateId: string };

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
}
