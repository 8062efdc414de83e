import { z } from 'zod';
import { onboardingAnswersSchema } from '@/domain/onboarding/onboarding-chat';
import { publicNameSchema } from '@/domain/progress/public-name';
import { timeZoneSchema } from './progress-routes';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';

export const APP_NAMES = ['web'] as const;

const visitBody = z.object({ appName: z.enum(APP_NAMES) }).strict();

/** POST /user/visits — records that the learner opened the app (spec §7). */
export function userVisitsRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof visitBody>>({
      access: 'user',
      body: visitBody,
      handle: async ({ identity, body }) => ({ status: 201, body: await services.users.recordVisit(identity, body.appName) }),
    }),
  };
}

/** GET /user/me — the signed-in user's profile. */
export function userMeRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({
      access: 'user',
      handle: async ({ identity }) => ({ body: await services.users.me(identity) }),
    }),
  };
}

const profileBody = z.object({ displayName: publicNameSchema }).strict();

/** PUT /user/profile { displayName } — the name others see; GET — the learner's profile page data. */
export function userProfileRoutes(services: Services): Routes {
  return {
    PUT: defineEndpoint<Record<string, never>, z.infer<typeof profileBody>>({
      access: 'user',
      body: profileBody,
      handle: async ({ identity, body }) => ({ body: await services.profiles.rename(identity, body.displayName, services.now()) }),
    }),
    GET: defineEndpoint({
      access: 'user',
      handle: async ({ identity }) => ({ body: await services.profiles.profile(identity, services.now()) }),
    }),
  };
}

const onboardingBody = z
  .object({
    answers: onboardingAnswersSchema,
    action: z.enum(['in-progress', 'finish', 'skip']),
    timeZone: timeZoneSchema.optional(),
  })
  .strict();

/**
 * GET /user/onboarding — the chat's stored answers and its status (new, started, done);
 * PUT /user/onboarding { answers, action, timeZone? } — stores them; finish and skip also set
 * the daily goal and answer with the first lesson to start (issue 17).
 */
export function userOnboardingRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({
      access: 'user',
      handle: async ({ identity }) => ({ body: await services.onboarding.state(identity.uid) }),
    }),
    PUT: defineEndpoint<Record<string, never>, z.infer<typeof onboardingBody>>({
      access: 'user',
      body: onboardingBody,
      handle: async ({ identity, body }) => ({ body: await services.onboarding.save(identity.uid, body, services.now()) }),
    }),
  };
}
