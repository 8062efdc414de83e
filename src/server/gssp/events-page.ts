import { lessonRoutePrefix } from '@/lib/env/deployment';
import { LANGUAGE_RULES, TEMPLATE_RULES, type ProjectTemplate } from '@/domain/build/project-templates';
import type { Track } from '@/domain/content/model';
import { eventTimeline, isJoinable, type EventOccurrence } from '@/domain/events/event-occurrences';
import type { EventTarget } from '@/domain/events/events';
import { formatEventTime, localeFromAcceptLanguage } from '@/domain/events/format-event-time';
import { pathLockLine, pathLocks, type PathLock } from '@/domain/progress/chapter-lock';
import { paths } from '@/domain/routing/paths';
import type { EventCard, EventsPageProps } from '@/lib/events/events-page-props';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { getServices } from '@/server/services/services';
import { pageExperiments, projectPlacementOf } from './page-experiments';
import { withSession } from './with-session';

type LocksOf = (track: Track) => (chapterIds: readonly string[]) => PathLock;

/**
 * A lesson's learn-mode URL and title in the published tracks (null when it is no longer
 * published), and, when the learner's path has not reached it yet, what opens it and the section
 * where they continue (the lesson page would send them there).
 */
function lessonLink(tracks: readonly Track[], trackId: string, lessonId: string, locksOf: LocksOf): Omit<Extract<EventCard['target'], { kind: 'lesson' }>, 'kind'> | null {
  const track = tracks.find((candidate) => candidate.id === trackId);
  for (const tutorial of track?.tutorials ?? []) {
    for (const chapter of tutorial.chapters) {
      const index = chapter.lessons.findIndex((lesson) => lesson.id === lessonId);
      const lesson = chapter.lessons[index];
      if (track && lesson) {
        const lock = locksOf(track)([chapter.id]);
        return {
          href: lessonPath({ routePrefix: lessonRoutePrefix(), trackId, tutorialId: tutorial.id, chapterId: chapter.id }, 'learn', index),
          title: lesson.title,
          lock: lock.locked ? { line: pathLockLine(lock), href: paths.section(track.id, lock.current.sectionIndex) } : null,
        };
      }
    }
  }
  return null;
}

function targetOf(target: EventTarget | null, tracks: readonly Track[], locksOf: LocksOf): EventCard['target'] {
  if (target?.kind === 'lesson') {
    const link = lessonLink(tracks, target.trackId, target.lessonId, locksOf);
    return link ? { kind: 'lesson', ...link } : null;
  }
  if (target?.kind === 'template') {
    const template = target.templateId as ProjectTemplate;
    const rule = TEMPLATE_RULES[template];
    return rule ? { kind: 'template', template, label: LANGUAGE_RULES[rule.language].label } : null;
  }
  return null;
}

/**
 * /web/events: upcoming and past events with the learner's RSVPs. Times are formatted here, in the
 * learner's stored time zone and their browser's locale (Accept-Language), and sent as text, so
 * the server's HTML and the hydrated page are the same.
 */
export const eventsPage = withSession<EventsPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user, snapshot) => {
  if (!user) return { notFound: true };
  const services = await getServices();
  const content = services.content.asOf(snapshot.publishSet);
  const now = services.now();
  const locale = localeFromAcceptLanguage(context.req.headers['accept-language']);
  const [{ events, joined, timeZone }, published] = await Promise.all([services.events.forLearner(user.id, content), content.publishedTracks()]);
  const tracks = published.map((entry) => entry.track);
  const [completed, assignments] = await Promise.all([services.learning.completedLessonIds(user.id), pageExperiments(context, user, [], services)]);
  const locks = new Map<string, (chapterIds: readonly string[]) => PathLock>();
  const locksOf: LocksOf = (track) => {
    let found = locks.get(track.id);
    if (!found) locks.set(track.id, (found = pathLocks(track, completed, user.roles, projectPlacementOf(assignments))));
    return found;
  };
  const card = ({ event, startsAt, endsAt }: EventOccurrence): EventCard => {
    const { day, time } = formatEventTime(startsAt, endsAt, { locale, timeZone });
    const until = event.repeats?.until ? formatEventTime(event.repeats.until, event.repeats.until, { locale, timeZone }).day : null;
    return {
      id: event.id,
      kind: event.kind,
      title: event.title,
      summary: event.summary,
      descriptionHtml: event.descriptionHtml,
      host: event.host,
      location: event.location,
      startsAt,
      day,
      time,
      repeatsText: event.repeats ? (until ? `Every week until ${until}` : 'Every week') : null,
      going: joined.has(event.id),
      joinable: isJoinable(event, now),
      target: targetOf(event.target, tracks, locksOf),
      calendarHref: paths.eventCalendarFile(event.id),
    };
  };
  const { upcoming, past } = eventTimeline(events, now);
  return { props: { upcoming: upcoming.map(card), past: past.map(card), timeZone } };
});
