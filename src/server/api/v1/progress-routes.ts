import { z } from 'zod';
import { LESSON_MODES } from '@/domain/lessons/lesson-mode';
import { DAILY_GOAL_IDS } from '@/domain/progress/daily-goal';
import { isValidTimeZone } from '@/domain/progress/local-day';
import { ID_PATTERN } from '@/server/content/content-error';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import { submissionSchema } from './submission-schema';
import type { Services } from '@/server/services/services';

const id = (what: string) => z.string().regex(ID_PATTERN, `${what} must be a lower-case kebab-case id`);
export const timeZoneSchema = z.string().max(64).refine(isValidTimeZone, 'must be an IANA time zone such as "Europe/Lisbon"');
const lessonRef = z.object({ trackId: id('trackId'), tutorialId: id('tutorialId'), chapterId: id('chapterId'), lessonId: id('lessonId') });

export const MAX_SYNC_BATCH = 100;

export const syncBody = z
  .object({
    timeZone: timeZoneSchema.nullable().optional(),
    completions: z
      .array(
        lessonRef
          .extend({
            mode: z.enum(LESSON_MODES),
            attempts: z.number().int().min(1).max(10_000),
            usedHints: z.boolean(),
            completedAt: z.iso.datetime({ offset: true, error: 'completedAt must be an ISO 8601 date-time' }),
            timeZone: timeZoneSchema.nullable().optional(),
            /** What was handed in offline: graded now, like any completion. */
            submission: submissionSchema.optional(),
          })
          .strict(),
      )
      .max(MAX_SYNC_BATCH, `send at most ${MAX_SYNC_BATCH} completions at a time`),
  })
  .strict();

export const settingsBody = z
  .object({ dailyGoal: z.enum(DAILY_GOAL_IDS).optional(), timeZone: timeZoneSchema.optional() })
  .strict()
  .refine((body) => body.dailyGoal !== undefined || body.timeZone !== undefined, 'send dailyGoal or timeZone');

const celebrationBody = z.object({ kind: z.enum(['streak', 'daily-goal']) }).strict();

/** GET /progress — XP today and total, daily goal, streak, freezes, calendar, celebrations due. */
export function progressRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({ access: 'user', handle: async ({ identity }) => ({ body: await services.progress.summary(identity.uid, services.now()) }) }),
  };
}

/** PUT /progress/settings { dailyGoal?, timeZone? } */
export function progressSettingsRoutes(services: Services): Routes {
  return {
    PUT: defineEndpoint<Record<string, never>, z.infer<typeof settingsBody>>({
      access: 'user',
      body: settingsBody,
      handle: async ({ identity, body }) => ({ body: await services.progress.updateSettings(identity.uid, body, services.now()) }),
    }),
  };
}

/** POST /progress/sync { timeZone, completions: [...] } — completions made offline, with their own time stamps. */
export function progressSyncRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof syncBody>>({
      access: 'user',
      body: syncBody,
      handle: async ({ identity, body }) => {
        const items = body.completions.map((item) => ({ ...item, completedAt: new Date(item.completedAt) }));
        return { body: await services.progress.sync(identity.uid, items, body.timeZone ?? null, services.now()) };
      },
    }),
  };
}

/** POST /progress/celebrations { kind } — the streak or daily-goal screen was shown today. */
export function progressCelebrationRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof celebrationBody>>({
      access: 'user',
      body: celebrationBody,
      handle: async ({ identity, body }) => ({ body: await services.progress.markCelebrated(identity.uid, body.kind, services.now()) }),
    }),
  };
}

/** POST /progress/streak/restore { trackId, tutorialId, chapterId, lessonId } — after a make-up review. */
export function streakRestoreRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof lessonRef>>({
      access: 'user',
      body: lessonRef.strict(),
      handle: async ({ identity, body }) => ({ body: await services.progress.restoreStreak(identity.uid, body, services.now()) }),
    }),
  };
}

/** GET /leagues/current — this week's group standings. */
export function leagueRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({ access: 'user', handle: async ({ identity }) => ({ body: await services.progress.league(identity.uid, services.now()) }) }),
  };
}
