import { lessonRoutePrefix } from '@/lib/env/deployment';
import { dailyGoalFor, isComplete, recommendationAmong, SKIPPED_ANSWERS, type OnboardingAnswers, type OnboardingState } from '@/domain/onboarding/onboarding-chat';
import type { DailyGoalLevel } from '@/domain/progress/daily-goal';
import { paths } from '@/domain/routing/paths';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import type { Database } from '@/server/db/client';
import { unprocessable } from '@/server/http/http-error';
import { createOnboardingRepository, type OnboardingRow } from '@/server/repositories/onboarding-repository';
import type { ContentService, PublishedContent } from './content-service';
import type { ProgressService } from './progress-service';

/** Where the chat's "Start" leads: the recommended track's first lesson, and why. */
export interface OnboardingStart {
  trackId: string;
  trackTitle: string;
  reason: string;
  href: string;
  dailyGoal: DailyGoalLevel;
}

export interface SaveOnboarding {
  answers: OnboardingAnswers;
  /** in-progress: one more answer; finish: the learner pressed Start; skip: the learner skipped the rest. */
  action: 'in-progress' | 'finish' | 'skip';
  timeZone?: string;
}

export const UNFINISHED_ONBOARDING_MESSAGE = 'Answer every question before you start, or skip the rest.';

const stateOf = (row: OnboardingRow | null): OnboardingState =>
  row ? { answers: row.answers, status: row.completedAt ? 'done' : 'started', skipped: row.skipped } : { answers: {}, status: 'new', skipped: false };

/**
 * The onboarding chat's answers (issue 17). Each answer is stored as it is given, so a reload or
 * another device picks the chat up where it was; finishing (or skipping) sets the daily goal from
 * the minutes a day, in the same transaction, and names the first lesson to start with.
 */
export function createOnboardingService(db: Database, content: ContentService, progress: Pick<ProgressService, 'applySettingsWithin'>) {
  const repository = createOnboardingRepository(db);

  /**
   * The recommended track if it is published (else the first that is), and its first lesson.
   * `published`: the content as of the set the request already read (a page's session check).
   */
  async function startFor(answers: OnboardingAnswers, published: Pick<PublishedContent, 'publishedTracks'> = content): Promise<OnboardingStart | null> {
    const chosen = recommendationAmong(answers, (await published.publishedTracks()).map((entry) => entry.track));
    if (!chosen) return null;
    const { track, reason } = chosen;
    const tutorial = track.tutorials[0];
    const chapter = tutorial?.chapters[0];
    const href = tutorial && chapter && chapter.lessons.length > 0 ? lessonPath({ routePrefix: lessonRoutePrefix(), trackId: track.id, tutorialId: tutorial.id, chapterId: chapter.id }, 'learn', 0) : paths.activeSection(track.id);
    return { trackId: track.id, trackTitle: track.title, reason, href, dailyGoal: dailyGoalFor(answers.minutes) };
  }

  return {
    async state(userId: string): Promise<OnboardingState> {
      return stateOf(await repository.find(userId));
    },

    startFor,

    async save(userId: string, input: SaveOnboarding, now: Date): Promise<{ state: OnboardingState; start: OnboardingStart | null }> {
      const answers: OnboardingAnswers = input.action === 'skip' ? { ...SKIPPED_ANSWERS, ...input.answers } : input.answers;
      const finishing = input.action !== 'in-progress';
      if (finishing && !isComplete(answers)) throw unprocessable(UNFINISHED_ONBOARDING_MESSAGE);
      const row = await db.transaction(async (tx) => {
        const txRepository = createOnboardingRepository(tx as unknown as Database);
        const existing = await txRepository.find(userId);
        const completedAt = existing?.completedAt ?? (finishing ? now : null);
        const saved = await txRepository.save(userId, { answers, completedAt, skipped: input.action === 'skip' || (existing?.skipped ?? false), updatedAt: now });
        if (finishing) await progress.applySettingsWithin(tx as unknown as Database, userId, { dailyGoal: dailyGoalFor(answers.minutes), ...(input.timeZone ? { timeZone: input.timeZone } : {}) });
        return saved;
      });
      return { state: stateOf(row), start: finishing ? await startFor(answers) : null };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
