import * as z from 'zod/mini';
import { DAILY_GOAL_IDS } from '@/domain/progress/daily-goal';
import type { ApiClient } from './api-client';
import type { CompletionInput, LessonPath } from './learning-endpoints';

/**
 * Typed calls for the habit loop: progress summary, settings, offline sync, celebrations, restores,
 * leagues. The header's summary loads on every page, so these use zod/mini (docs/decisions.md D66).
 */

export const progressSummarySchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  totalXp: z.number(),
  xpToday: z.number(),
  dailyGoal: z.object({ level: z.enum(DAILY_GOAL_IDS), xp: z.number(), met: z.boolean(), progress: z.number() }),
  streak: z.object({ current: z.number(), longest: z.number(), todayCounted: z.boolean() }),
  freezes: z.object({ held: z.number(), max: z.number(), goalDaysTowardNext: z.number(), goalDaysPerFreeze: z.number() }),
  restore: z.nullable(
    z.object({
      missedDays: z.array(z.string()),
      until: z.string(),
      review: z.nullable(z.object({ trackId: z.string(), tutorialId: z.string(), chapterId: z.string(), lessonId: z.string(), lessonIndex: z.number(), title: z.string() })),
    }),
  ),
  calendar: z.array(z.object({ day: z.string(), status: z.nullable(z.enum(['counted', 'frozen', 'restored'])), reason: z.nullable(z.string()), xp: z.number(), goalMet: z.boolean() })),
  celebrationsDue: z.object({ streak: z.boolean(), dailyGoal: z.boolean() }),
  league: z.object({ tier: z.string(), xpThisWeek: z.number() }),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

const syncResponseSchema = z.object({
  results: z.array(
    z.union([
      z.looseObject({ status: z.literal('recorded'), lessonId: z.string(), xpAwarded: z.number() }),
      // rejected: never recordable (the lesson is gone); deferred: try again later; not-passed: the
      // server graded the work and it did not pass (nothing recorded; the files stay in the draft).
      z.looseObject({ status: z.enum(['rejected', 'deferred', 'not-passed']), lessonId: z.string(), message: z.string() }),
    ]),
  ),
  summary: progressSummarySchema,
});

export const leagueSchema = z.object({
  weekStart: z.string(),
  endsAt: z.string(),
  tier: z.string(),
  tiers: z.array(z.string()),
  joined: z.boolean(),
  promotedCount: z.number(),
  demotedCount: z.number(),
  standings: z.array(z.object({ rank: z.number(), name: z.string(), xp: z.number(), me: z.boolean(), outcome: z.enum(['promote', 'stay', 'demote']) })),
});
export type League = z.infer<typeof leagueSchema>;

/** A completion kept on the device, with what was handed in (graded by the server when it syncs). */
export type PendingCompletion = LessonPath & Required<Pick<CompletionInput, 'mode' | 'attempts' | 'usedHints' | 'completedAt'>> & { timeZone?: string; submission?: CompletionInput['submission'] };

export function progressEndpoints(client: ApiClient) {
  return {
    summary: () => client.request({ path: '/progress', errorKey: 'fetchProgress', schema: progressSummarySchema }),
    updateSettings: (settings: { dailyGoal?: (typeof DAILY_GOAL_IDS)[number]; timeZone?: string }) =>
      client.request({ method: 'PUT', path: '/progress/settings', body: settings, errorKey: 'saveSettings', schema: progressSummarySchema }),
    sync: (completions: PendingCompletion[], timeZone: string | null) =>
      client.request({ method: 'POST', path: '/progress/sync', body: { timeZone, completions }, errorKey: 'syncProgress', schema: syncResponseSchema }),
    markCelebrated: (kind: 'streak' | 'daily-goal') =>
      client.request({ method: 'POST', path: '/progress/celebrations', body: { kind }, errorKey: 'syncProgress', schema: progressSummarySchema }),
    restoreStreak: (lesson: LessonPath) => client.request({ method: 'POST', path: '/progress/streak/restore', body: lesson, errorKey: 'restoreStreak', schema: progressSummarySchema }),
    league: () => client.request({ path: '/leagues/current', errorKey: 'fetchLeague', schema: leagueSchema }),
  };
}

export type ProgressEndpoints = ReturnType<typeof progressEndpoints>;
