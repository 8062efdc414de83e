import type { IncomingMessage, ServerResponse } from 'node:http';
import { chapterAccess } from '@/domain/progress/chapter-lock';
import type { PaywallDestination } from '@/lib/billing/billing-page-props';
import { parseLessonPath } from '@/lib/lesson/lesson-paths';
import { locateChapter } from '@/server/services/learning-service';
import type { Services } from '@/server/services/services';
import { pageExperiments, projectPlacementOf } from './page-experiments';
import type { SessionUser } from './with-session';

/**
 * What the paywall says of the lesson it leads back to (the lock first, then Pro): its title, and
 * whether the learner's path has reached it. A lesson the path has not reached yet stays locked
 * after paying, and the paywall says so before anyone pays; any other URL names no lesson.
 */
export async function paywallDestination(
  redirectUrl: string | null,
  context: { req: Pick<IncomingMessage, 'headers'>; res: ServerResponse },
  user: SessionUser,
  services: Pick<Services, 'content' | 'learning' | 'experiments'>,
): Promise<PaywallDestination | null> {
  const target = redirectUrl ? parseLessonPath(redirectUrl) : null;
  if (!target) return null;
  const published = await services.content.publishedTrack(target.trackId);
  if (!published) return null;
  let located;
  try {
    located = locateChapter(published.track, target);
  } catch {
    return null;
  }
  const lesson = located.chapter.lessons[target.lessonIndex];
  if (!lesson) return null;
  const [completed, assignments] = await Promise.all([services.learning.completedLessonIds(user.id, published.track.id), pageExperiments(context, user, [], services)]);
  const access = chapterAccess(published.track, completed, located.chapter.id, user.roles, projectPlacementOf(assignments));
  return { lessonTitle: lesson.title, lockedUntil: access.open ? null : access.current.title };
}
