import { useRef, type Dispatch } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LessonMode } from '@/domain/lessons/lesson-mode';
import { addPendingCompletion, browserTimeZone, leagueKey, progressKey } from '@/features/progress';
import { track } from '@/lib/analytics/track';
import { ApiError } from '@/lib/api-client/api-error';
import type { CompletionResponse, Submission } from '@/lib/api-client/learning-endpoints';
import { userMessageOf } from '@/lib/errors/user-message';
import type { CompletionOutcome, LessonControllerAction } from '../model/lesson-controller';
import { serverRefusalText } from '../model/server-verdict';
import type { LessonApi } from './use-lesson-api';

interface CompletionOptions {
  api: LessonApi;
  dispatch: Dispatch<LessonControllerAction>;
  userId: string | null;
  path: { trackId: string; tutorialId: string; chapterId: string; lessonId: string };
  mode: LessonMode;
  usedHints: boolean;
  isRestoreReview: boolean;
}

/**
 * Completing the lesson. Continue waits for the completion's answer: it decides whether the streak
 * or goal screens come first. The server grades what was handed in; only its pass is recorded
 * (docs/features/grading.md).
 */
export function useLessonCompletion({ api, dispatch, userId, path, mode, usedHints, isRestoreReview }: CompletionOptions) {
  const queryClient = useQueryClient();
  const completion = useMutation({
    mutationFn: async ({ tries, submission }: { tries: number; submission: Submission }): Promise<CompletionOutcome> => {
      const input = { mode, attempts: tries, usedHints, completedAt: new Date().toISOString(), timeZone: browserTimeZone(), submission };
      let response: CompletionResponse;
      try {
        const answer = await api.completeLesson(path, input);
        if (!answer.recorded) {
          dispatch({ type: 'server-refused', text: serverRefusalText(answer.verdict) });
          void track('lesson_failed', { ...path, mode });
          return { response: null, refused: true, offline: false, restoreNote: null };
        }
        response = answer;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500) && userId) {
          // Offline or a server hiccup: the completion keeps its own time stamp and syncs later; the
          // day still counts. (A 4xx means the request itself is wrong: retrying will not help.)
          addPendingCompletion(userId, { ...path, ...input });
          void track('lesson_passed', { ...path, mode, attempts: tries });
          return { response: null, offline: true, restoreNote: null };
        }
        throw error;
      }
      void track('lesson_passed', { ...path, mode, attempts: tries });
      if (response.streakExtended) void track('streak_extended', { countedOn: response.countedOn });
      if (response.goalJustMet) void track('daily_goal_met', { countedOn: response.countedOn });
      void queryClient.invalidateQueries({ queryKey: progressKey(userId) });
      void queryClient.invalidateQueries({ queryKey: leagueKey(userId) });
      if (!isRestoreReview) return { response, offline: false, restoreNote: null };
      try {
        await api.restoreStreak(path);
        return { response, offline: false, restoreNote: { kind: 'success', text: 'Streak restored! The missed days now count as restored.' } };
      } catch (error) {
        return { response, offline: false, restoreNote: { kind: 'error', text: userMessageOf(error, 'Your streak could not be restored.') } };
      }
    },
  });

  /** What Continue waits for: the latest completion's outcome (a failed one counts as nothing recorded). */
  const pendingCompletion = useRef<Promise<CompletionOutcome> | null>(null);
  const requests = useRef(0);
  const completeWith = (tries: number, submission: Submission) => {
    requests.current += 1;
    const id = requests.current;
    dispatch({ type: 'completion-started', id, submission });
    pendingCompletion.current = completion.mutateAsync({ tries, submission }).then(
      (outcome) => {
        dispatch({ type: 'completion-settled', id, outcome });
        return outcome;
      },
      (error: unknown): CompletionOutcome => {
        dispatch({ type: 'completion-failed', id, message: userMessageOf(error, 'Your progress was not recorded.') });
        return { response: null, offline: false, restoreNote: null };
      },
    );
  };

  return { completeWith, pendingCompletion };
}
