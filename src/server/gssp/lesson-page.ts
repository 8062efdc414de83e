import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { z } from 'zod';
import { chapterAccess, lockedChapterNotice } from '@/domain/progress/chapter-lock';
import { paths } from '@/domain/routing/paths';
import { tutorialFeature } from '@/domain/billing/entitlement';
import type { LessonMode, LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { lessonDto, lessonStepDto } from '@/server/api/v1/content-dto';
import { ID_PATTERN } from '@/server/content/content-error';
import { serverEnv } from '@/server/config/server-env';
import type { LessonReadsRequest } from '@/server/repositories/content-repository';
import { locateChapter, savedFilesLessonOf } from '@/server/services/learning-service';
import { getServices, type Services } from '@/server/services/services';
import { editorPrefetchFor } from '@/server/http/editor-prefetch';
import { appendSetCookie, notificationCookie } from './notification-cookie';
import { pageExperiments, projectPlacementOf } from './page-experiments';
import { withSession, type SessionSnapshot, type SessionUser } from './with-session';

const params = z.object({
  trackId: z.string().regex(ID_PATTERN),
  tutorialId: z.string().regex(ID_PATTERN),
  chapterId: z.string().regex(ID_PATTERN),
});

function lessonUrl(prefix: string, mode: LessonMode, p: z.infer<typeof params>, index: number): string {
  return `${prefix}/track/${p.trackId}/tutorial/${p.tutorialId}/chapter/${p.chapterId}/${mode}?lesson=${index}`;
}

/** The `lesson` query's index (-1 when missing or not a whole number). */
function requestedIndex(query: GetServerSidePropsContext['query']): number {
  const raw = query.lesson;
  return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : -1;
}

/**
 * The reads the page will most likely make, to go with the session check in one statement (issue
 * 18): the requested lesson in the track as this process last saw it published. Nothing when the
 * track is not in memory yet or the lesson does not exist (the page then reads for itself); a
 * guess made stale by a publish elsewhere names another lesson, and the page reads again.
 */
export function expectedLessonReads(context: Pick<GetServerSidePropsContext, 'params' | 'query'>, user: SessionUser, services: Pick<Services, 'content'>): LessonReadsRequest | undefined {
  const parsed = params.safeParse(context.params ?? {});
  const track = parsed.success ? services.content.lastSeenTrack(parsed.data.trackId) : null;
  if (!parsed.success || !track) return undefined;
  try {
    const lesson = locateChapter(track, parsed.data).chapter.lessons[requestedIndex(context.query)];
    return lesson ? { userId: user.id, trackId: track.id, lessonId: savedFilesLessonOf(lesson) } : undefined;
  } catch {
    return undefined;
  }
}

export type LessonPageContext = Pick<GetServerSidePropsContext, 'params' | 'query' | 'resolvedUrl' | 'req' | 'res'>;

/**
 * The lesson page's props, redirect or 404 for a signed-in learner (exported for integration
 * tests). `snapshot`: what the session check read, the current publish set among it.
 */
export async function loadLessonPage(
  context: LessonPageContext,
  user: SessionUser | null,
  mode: LessonMode,
  services: Services,
  snapshot: SessionSnapshot = {},
): Promise<GetServerSidePropsResult<LessonPageProps>> {
  const parsed = params.safeParse(context.params ?? {});
  if (!parsed.success || !user) return { notFound: true };
  const published = await services.content.asOf(snapshot.publishSet).publishedTrack(parsed.data.trackId);
  if (!published) return { notFound: true };
  let located;
  try {
    located = locateChapter(published.track, parsed.data);
  } catch {
    return { notFound: true };
  }
  const { track, tutorial, chapter } = located;
  const requested = requestedIndex(context.query);
  const lesson = chapter.lessons[requested] ?? null;
  // The completions (the lock rule, the steps) and the requested lesson's saved files in one
  // statement, usually made with the session check already. Every code lesson opens with the
  // learner's saved files (spec §4's rule for the last lesson of the last chapter, applied to
  // all): the browser keeps its local draft only if newer.
  const { completed, opening } = await services.learning.lessonPageReads(user.id, track.id, lesson, snapshot.lessonReads);
  // The path's lock rule decides what opens, as the section page (with its guided projects placed
  // by the learner's variant) decides what shows locked.
  const projects = projectPlacementOf(await pageExperiments(context, user, [], services));
  const access = chapterAccess(track, completed, chapter.id, user.roles, projects);
  if (!access.open) {
    const destination = paths.section(track.id, access.current.sectionIndex);
    appendSetCookie(context.res, notificationCookie({ route: destination, kind: 'info', message: lockedChapterNotice(access) }));
    return { redirect: { destination, permanent: false } };
  }
  // The lock first, then Pro (docs/features/pro-and-the-path.md): the paywall only ever stands in
  // front of a chapter the learner could open, so paying for it opens it, and the paywall leads
  // back here after the purchase.
  const pro = await services.billing.accessTo({ uid: user.id, roles: user.roles }, tutorialFeature(track, tutorial.id));
  if (!pro.allowed) return { redirect: { destination: paths.pro(context.resolvedUrl, 'lesson'), permanent: false } };
  const routePrefix = context.resolvedUrl.startsWith('/ssr/') ? '/ssr' : '/web';

  if (!lesson) {
    const firstUnfinished = chapter.lessons.findIndex((entry) => !completed.has(entry.id));
    return { redirect: { destination: lessonUrl(routePrefix, mode, parsed.data, Math.max(0, firstUnfinished)), permanent: false } };
  }

  const chapterIndex = tutorial.chapters.indexOf(chapter);
  const isLastChapter = chapterIndex === tutorial.chapters.length - 1;
  return {
    props: {
      mode,
      routePrefix,
      ...parsed.data,
      trackTitle: track.title,
      tutorialTitle: tutorial.title,
      tutorialKind: tutorial.kind,
      sectionIndex: Math.max(0, track.sections.findIndex((section) => section.tutorialIds.includes(tutorial.id))),
      trackVersion: published.trackVersion,
      publishSetVersion: published.publishSetVersion,
      chapterTitle: chapter.title,
      lessonIndex: requested,
      lesson: lessonDto(lesson, completed),
      lessons: chapter.lessons.map((entry) => lessonStepDto(entry, completed)),
      isLastChapter,
      nextChapterId: isLastChapter ? null : (tutorial.chapters[chapterIndex + 1]?.id ?? null),
      initialFiles: opening?.files ?? null,
      initialFilesSavedAt: opening?.savedAt ?? null,
      editorPrefetch: editorPrefetchFor(chapter),
      clearProgress: mode === 'tutor' && context.query.clearProgress === 'true',
      // The model-backed tutor is Pro; free learners keep the built-in explanations.
      tutorModel: serverEnv().tutor !== null && (await services.billing.accessTo({ uid: user.id, roles: user.roles }, { kind: 'model-tutor' })).allowed,
    },
  };
}

/** getServerSideProps of the lesson routes (learn, challenge, tutor; under /web and /ssr). */
export function lessonPage(mode: LessonMode) {
  return withSession<LessonPageProps & Record<string, unknown>>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render', lessonReads: expectedLessonReads }, async (context, user, snapshot) =>
    (await loadLessonPage(context, user, mode, await getServices(), snapshot)) as GetServerSidePropsResult<LessonPageProps & Record<string, unknown>>,
  );
}
