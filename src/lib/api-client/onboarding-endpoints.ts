import * as z from 'zod/mini';
import type { OnboardingAnswers } from '@/domain/onboarding/onboarding-chat';
import type { ApiClient } from './api-client';

const stateSchema = z.object({
  answers: z.record(z.string(), z.string()),
  status: z.enum(['new', 'started', 'done']),
  skipped: z.boolean(),
});

/** PUT /user/onboarding's answer (zod DTO, checked as it arrives). */
export const onboardingSaveSchema = z.object({
  state: stateSchema,
  start: z.nullable(z.object({ trackId: z.string(), trackTitle: z.string(), reason: z.string(), href: z.string(), dailyGoal: z.string() })),
});
export type OnboardingSaveResult = z.infer<typeof onboardingSaveSchema>;

export type OnboardingAction = 'in-progress' | 'finish' | 'skip';

export function onboardingEndpoints(client: ApiClient) {
  return {
    save: (answers: OnboardingAnswers, action: OnboardingAction, timeZone?: string) =>
      client.request({ method: 'PUT', path: '/user/onboarding', body: { answers, action, ...(timeZone ? { timeZone } : {}) }, errorKey: 'saveOnboarding', schema: onboardingSaveSchema }),
  };
}
