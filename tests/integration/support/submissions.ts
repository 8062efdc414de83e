import type { Lesson } from '@/domain/content/model';
import type { Submission } from '@/domain/lessons/submission';
import { passingSubmissionOf } from '../../support/passing-submission';
import { locateChapter, locateLesson } from '@/server/services/learning-service';
import { createLocalGrader, type Grader } from '@/server/grading/grader';
import type { Services } from '@/server/services/services';

type LessonRef = { trackId: string; tutorialId: string; chapterId: string; lessonId: string };

export { passingSubmissionOf };

export async function lessonAt(services: Services, ref: LessonRef): Promise<Lesson> {
  const published = await services.content.publishedTrack(ref.trackId);
  if (!published) throw new Error(`no published track ${ref.trackId}`);
  return locateLesson(locateChapter(published.track, ref), ref.lessonId);
}

/** A passing submission for the lesson at `ref` in the published content. */
export async function passingSubmission(services: Services, ref: LessonRef): Promise<Submission> {
  return passingSubmissionOf(await lessonAt(services, ref));
}

/** The body of a first-try completion of `ref` that the server's grading passes. */
export async function passingCompletion(services: Services, ref: LessonRef, extra: Record<string, unknown> = {}) {
  return { mode: 'learn' as const, attempts: 1, usedHints: false, submission: await passingSubmission(services, ref), ...extra };
}

/**
 * A grader for test files that hand in only the course's own solutions (trusted content, graded
 * as content:check grades it): one sandbox process per language serves every run, so a test that
 * passes a whole section does not wait for a Pyodide start per lesson. The same engines and every
 * check, hidden ones included; learners' work is never graded with reused processes.
 */
export function courseSolutionGrader(): Grader {
  return createLocalGrader({ sandbox: { reuse: true } });
}
