import type { LessonMode } from './lesson-page-props';

export interface LessonLocation {
  routePrefix: '/web' | '/ssr';
  trackId: string;
  tutorialId: string;
  chapterId: string;
}

const seg = encodeURIComponent;

/** /web/track/{t}/tutorial/{u}/chapter/{c}/{mode}?lesson={index} (spec §2). */
export function lessonPath(location: LessonLocation, mode: LessonMode, lessonIndex: number, clearProgress = false): string {
  const base = `${location.routePrefix}/track/${seg(location.trackId)}/tutorial/${seg(location.tutorialId)}/chapter/${seg(location.chapterId)}/${mode}?lesson=${lessonIndex}`;
  return mode === 'tutor' && clearProgress ? `${base}&clearProgress=true` : base;
}

const LESSON_PATH = /^(\/web|\/ssr)\/track\/([\w-]+)\/tutorial\/([\w-]+)\/chapter\/([\w-]+)\/(learn|challenge|tutor)\?(?:[^#]*&)?lesson=(\d{1,4})(?:[&#]|$)/;

/** The lesson a same-origin lesson URL names (lessonPath's inverse); null for any other URL. */
export function parseLessonPath(url: string): (LessonLocation & { mode: LessonMode; lessonIndex: number }) | null {
  const match = LESSON_PATH.exec(url);
  if (!match) return null;
  const [, routePrefix, trackId, tutorialId, chapterId, mode, index] = match;
  if (!routePrefix || !trackId || !tutorialId || !chapterId || !mode || !index) return null;
  return { routePrefix: routePrefix as LessonLocation['routePrefix'], trackId, tutorialId, chapterId, mode: mode as LessonMode, lessonIndex: Number(index) };
}

/** /web/syncProgress with the query of spec §2. */
export function syncProgressPath(query: { trackId: string; tutorialId: string; chapterId: string; sectionIndex: number }): string {
  const params = new URLSearchParams({ trackId: query.trackId, tutorialId: query.tutorialId, chapterId: query.chapterId, sectionIndex: String(query.sectionIndex) });
  return `/web/syncProgress?${params.toString()}`;
}
