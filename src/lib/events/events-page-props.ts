import type { EventKind } from '@/domain/events/events';
import type { ProjectTemplate } from '@/domain/build/project-templates';

/** One event as /web/events shows it: every time already written in the learner's zone and locale. */
export interface EventCard {
  id: string;
  kind: EventKind;
  title: string;
  summary: string;
  /** Rendered and sanitised at compile time (trusted course content). */
  descriptionHtml: string;
  host: string;
  location: string;
  /** The shown occurrence (the next one of a weekly series). */
  startsAt: string;
  day: string;
  time: string;
  /** "Every week until Tuesday, December 28, 2027", or null for a one-off event. */
  repeatsText: string | null;
  going: boolean;
  /** False once the event (or its series) is over. */
  joinable: boolean;
  target: { kind: 'lesson'; href: string; title: string } | { kind: 'template'; template: ProjectTemplate; label: string } | null;
  calendarHref: string;
}

export interface EventsPageProps {
  upcoming: EventCard[];
  past: EventCard[];
  timeZone: string;
  [key: string]: unknown;
}
