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

/** /web/syncProgress with the query of spec §2. */
export function syncProgressPath(query: { trackId: string; tutorialId: string; chapterId: string; sectionIndex: number }): string {
  const params = new URLSearchParams({ trackId: query.trackId, tutorialId: query.tutorialId, chapterId: query.chapterId, sectionIndex: String(query.sectionIndex) });
  return `/web/syncProgress?${params.toString()}`;
}
