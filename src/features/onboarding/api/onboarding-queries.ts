import { useMutation } from '@tanstack/react-query';
import { userMessageOf } from '@/lib/errors/user-message';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { OnboardingAnswers } from '@/domain/onboarding/onboarding-chat';
import { useApiClient } from '@/features/auth';
import { onboardingEndpoints, type OnboardingAction } from '@/lib/api-client/onboarding-endpoints';

export function useOnboardingEndpoints() {
  const client = useApiClient();
  return useMemo(() => onboardingEndpoints(client), [client]);
}

/** The browser's time zone, so the daily goal and streak count the learner's own days. */
const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * Stores each answer as it is given, one request at a time and always the latest answers last
 * (a quick second answer waits for the first, so an older set never lands after a newer one).
 * A failed save keeps the answers on screen and offers to try again: nothing typed is lost.
 */
export function useAnswerSaver() {
  const endpoints = useOnboardingEndpoints();
  const latest = useRef<OnboardingAnswers | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const [state, setState] = useState<{ saving: boolean; error: string | null }>({ saving: false, error: null });

  const flush = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const run = async () => {
      setState({ saving: true, error: null });
      while (latest.current) {
        const answers = latest.current;
        latest.current = null;
        try {
          await endpoints.save(answers, 'in-progress');
        } catch (error) {
          latest.current ??= answers;
          setState({ saving: false, error: userMessageOf(error, 'Your answers could not be saved. Try again.') });
          return;
        }
      }
      setState({ saving: false, error: null });
    };
    // Cleared in a later microtask, so always after this assignment (even if `run` ends at once).
    running.current = run().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [endpoints]);

  const save = useCallback(
    (answers: OnboardingAnswers) => {
      latest.current = answers;
      void flush();
    },
    [flush],
  );

  /**
   * Resolves once no answer is on its way (saved or failed). Finishing waits for it, so an older
   * "one more answer" save can never land after the finish and undo its answers.
   */
  const settled = useCallback((): Promise<void> => running.current ?? Promise.resolve(), []);

  return { ...state, save, settled, retry: () => void flush() };
}

/** Finish (Start) or skip: stores the answers, sets the daily goal, names the first lesson. */
export function useFinishOnboarding() {
  const endpoints = useOnboardingEndpoints();
  return useMutation({
    mutationFn: ({ answers, action }: { answers: OnboardingAnswers; action: Exclude<OnboardingAction, 'in-progress'> }) => endpoints.save(answers, action, browserTimeZone()),
  });
}
