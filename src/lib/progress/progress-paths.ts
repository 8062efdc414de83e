import { lessonRoutePrefix } from '@/lib/env/deployment';
import { lessonPath, type LessonLocation } from '@/lib/lesson/lesson-paths';
import type { LessonMode } from '@/lib/lesson/lesson-page-props';
import { LESSON_MODES } from '@/domain/lessons/lesson-mode';
import { screenAfterLesson, type CelebrationsDue } from '@/domain/progress/celebrations';
import { paths } from '@/domain/routing/paths';

/**
 * The screens after a lesson share the spec §2 query (trackId, tutorialId, chapterId,
 * sectionIndex; prevXPCount on the celebrations). Two optional extras carry where to go after
 * them: `lesson` + `mode` return into a chapter that is not finished yet, `project=done` shows
 * the project-done screen first. `earned` is the XP of the lesson(s) just finished.
 */
export interface AfterLessonQuery {
  trackId: string;
  tutorialId: string;
  chapterId: string;
  sectionIndex: number;
  lesson?: number;
  mode?: LessonMode;
  project?: boolean;
  earned?: number;
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads and validates the query; null when an id is missing or malformed. */
export function parseAfterLessonQuery(query: Record<string, string | string[] | undefined>): AfterLessonQuery | null {
  const trackId = first(query.trackId);
  const tutorialId = first(query.tutorialId);
  const chapterId = first(query.chapterId);
  if (!trackId || !tutorialId || !chapterId || ![trackId, tutorialId, chapterId].every((id) => ID.test(id))) return null;
  const number = (value: string | undefined) => (value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : undefined);
  const mode = first(query.mode);
  return {
    trackId,
    tutorialId,
    chapterId,
    sectionIndex: number(first(query.sectionIndex)) ?? 0,
    lesson: number(first(query.lesson)),
    mode: LESSON_MODES.includes(mode as LessonMode) ? (mode as LessonMode) : undefined,
    project: first(query.project) === 'done',
    earned: number(first(query.earned)),
  };
}

function search(query: AfterLessonQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ trackId: query.trackId, tutorialId: query.tutorialId, chapterId: query.chapterId, sectionIndex: String(query.sectionIndex), ...extra });
  if (query.lesson !== undefined) params.set('lesson', String(query.lesson));
  if (query.mode) params.set('mode', query.mode);
  if (query.project) params.set('project', 'done');
  if (query.earned !== undefined && !('prevXPCount' in extra)) params.set('earned', String(query.earned));
  return params.toString();
}

export function sectionPath(trackId: string, sectionIndex: number): string {
  return paths.section(trackId, sectionIndex);
}

export const syncProgressUrl = (query: AfterLessonQuery) => `/web/syncProgress?${search(query)}`;
export const streakUrl = (query: AfterLessonQuery, prevXPCount: number) => `/web/streak?${search(query, { prevXPCount: String(prevXPCount) })}`;
export const dailyGoalUrl = (query: AfterLessonQuery, prevXPCount: number) => `/web/daily-goal?${search(query, { prevXPCount: String(prevXPCount) })}`;
export const projectDoneUrl = (query: AfterLessonQuery) =>
  `/web/project-done?${new URLSearchParams({ trackId: query.trackId, tutorialId: query.tutorialId, chapterId: query.chapterId, sectionIndex: String(query.sectionIndex) }).toString()}`;

/** The section page's flag for "this chapter was just finished": it celebrates the chapter (or tutorial). */
export const FINISHED_CHAPTER_PARAM = 'finished';

/** Where the path continues once the celebrations are over (a finished chapter's section celebrates it). */
export function afterCelebrations(query: AfterLessonQuery): string {
  if (query.project) return projectDoneUrl(query);
  if (query.lesson !== undefined) {
    const location: LessonLocation = { routePrefix: lessonRoutePrefix(), trackId: query.trackId, tutorialId: query.tutorialId, chapterId: query.chapterId };
    return lessonPath(location, query.mode ?? 'learn', query.lesson);
  }
  return paths.withQuery(sectionPath(query.trackId, query.sectionIndex), { [FINISHED_CHAPTER_PARAM]: query.chapterId });
}

/** syncProgress: the first screen due, then the next one, then back into the path. */
export function nextScreenUrl(query: AfterLessonQuery, due: CelebrationsDue, prevXPCount: number): string {
  const screen = screenAfterLesson(due);
  if (screen === 'streak') return streakUrl(query, prevXPCount);
  if (screen === 'daily-goal') return dailyGoalUrl(query, prevXPCount);
  return afterCelebrations(query);
}
