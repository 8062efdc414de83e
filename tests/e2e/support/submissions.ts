import type { Lesson } from '@/domain/content/model';
import { passingSubmissionOf } from '../../support/passing-submission';
import { courseTracks } from './course-player';

/** The lesson `lessonId` of track `trackId` as the app publishes it (compiled from content/). */
export async function courseLesson(trackId: string, lessonId: string): Promise<Lesson> {
  const track = (await courseTracks()).find((candidate) => candidate.id === trackId);
  const lesson = track?.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)).find((candidate) => candidate.id === lessonId);
  if (!lesson) throw new Error(`track ${trackId} has no lesson ${lessonId}`);
  return lesson;
}

/**
 * The body of a first-try completion the server's grading passes: the lesson's own solution (or
 * right answer) as its submission, as a learner who solved it on another device sends it.
 */
export async function passingCompletion(trackId: string, lessonId: string, extra: Record<string, unknown> = {}) {
  return { mode: 'learn' as const, attempts: 1, usedHints: false, submission: passingSubmissionOf(await courseLesson(trackId, lessonId)), ...extra };
}
