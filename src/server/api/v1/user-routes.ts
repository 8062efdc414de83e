import { z } from 'zod';
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
