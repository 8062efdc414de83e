import * as z from 'zod/mini';
import { ACHIEVEMENT_IDS } from '@/domain/progress/achievements';
import type { ApiClient } from './api-client';
import { progressSummarySchema } from './progress-endpoints';

/** GET/PUT /user/profile: the profile page's data (zod DTO, checked as it arrives). */
export const learnerProfileSchema = z.object({
  name: z.string(),
  nameChosen: z.boolean(),
  tracks: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.number(), completedLessons: z.number(), percent: z.number() })),
  totals: z.object({ xp: z.number(), lessons: z.number(), daysLearned: z.number() }),
  streak: z.object({ current: z.number(), longest: z.number() }),
  achievements: z.array(z.object({ id: z.enum(ACHIEVEMENT_IDS), title: z.string(), description: z.string(), earned: z.boolean(), earnedAt: z.nullable(z.string()) })),
  today: z.string(),
  calendar: progressSummarySchema.shape.calendar,
});
export type LearnerProfile = z.infer<typeof learnerProfileSchema>;

export function profileEndpoints(client: ApiClient) {
  return {
    profile: () => client.request({ path: '/user/profile', errorKey: 'fetchProfile', schema: learnerProfileSchema }),
    rename: (displayName: string) => client.request({ method: 'PUT', path: '/user/profile', body: { displayName }, errorKey: 'saveProfileName', schema: learnerProfileSchema }),
  };
}
