import type { RefObject } from 'react';
import { useRouter } from 'next/router';
import { afterLesson } from '@/domain/lessons/after-lesson';
import { paths } from '@/domain/routing/paths';
import type { LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { afterCelebrations, syncProgressUrl, type AfterLessonQuery } from '@/lib/progress/progress-paths';
import type { CompletionOutcome } from '../model/lesson-controller';

interface ContinueOptions {
  page: Omit<LessonPageProps, 'lesson'>;
  isRestoreReview: boolean;
  /** The latest completion, which Continue waits for. */
  pendingCompletion: RefObject<Promise<CompletionOutcome> | null>;
  /** Its outcome as the controller holds it (when no completion was asked for). */
  settled: CompletionOutcome | null;
}

/**
 * Continue. Where to is afterLesson's rule (src/domain/lessons/after-lesson.ts): the next lesson,
 * through /web/syncProgress when there is something to celebrate or sync; at a chapter's end always
 * through /web/syncProgress. A restore review returns to progress at once.
 */
export function useLessonContinue({ page, isRestoreReview, pendingCompletion, settled }: ContinueOptions) {
  const router = useRouter();
  async function next() {
    if (isRestoreReview) {
      void router.push(paths.progress());
      return;
    }
    const { response, offline, refused } = (await pendingCompletion.current) ?? { response: settled?.response ?? null, offline: settled?.offline ?? false, refused: settled?.refused };
    const step = afterLesson(
      { refused: !!refused, offline, streakExtended: !!response?.streakExtended, goalJustMet: !!response?.goalJustMet },
      { lessonIndex: page.lessonIndex, lessonCount: page.lessons.length, tutorialKind: page.tutorialKind, isLastChapter: page.isLastChapter },
    );
    // The server did not pass it (the bar now says why): the learner stays to fix it.
    if (step.kind === 'stay') return;
    const query: AfterLessonQuery = { trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, sectionIndex: page.sectionIndex, earned: response?.xpAwarded ?? 0 };
    if (step.kind === 'next-lesson') {
      const within = { ...query, lesson: step.lessonIndex, mode: page.mode };
      void router.push(step.celebrate ? syncProgressUrl(within) : afterCelebrations(within));
      return;
    }
    void router.push(syncProgressUrl({ ...query, project: step.project }));
  }
  return next;
}
