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
  /** A lesson's `lock`: what opens it in the learner's path and where they continue (null: it opens). */
  target: { kind: 'lesson'; href: string; title: string; lock: { line: string; href: string } | null } | { kind: 'template'; template: ProjectTemplate; label: string } | null;
  calendarHref: string;
}

export interface EventsPageProps {
  upcoming: EventCard[];
  past: EventCard[];
  timeZone: string;
  [key: string]: unknown;
}
