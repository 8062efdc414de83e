import { z } from 'zod';
import { consentFromCookie } from '@/domain/analytics/consent';
import { analyticsBatchSchema, ANALYTICS_EVENT_NAMES, type AnalyticsBatch } from '@/domain/analytics/events';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';

/** Analytics events, API v1 (docs/analytics.md). */

const listQuery = z.object({ name: z.enum(ANALYTICS_EVENT_NAMES as [string, ...string[]], { error: 'name is not an event of the catalogue' }).optional() });

/**
 * POST /analytics/events (anyone; the learner when a token is sent): the request's consent cookie
 * decides what is kept → 202 { stored, forwarded }, or 403 without consent.
 * GET /analytics/events?name= (course engineers): the local store's newest events.
 */
export function analyticsRoutes(services: Services, consentCookie: string | undefined): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, AnalyticsBatch>({
      access: 'optional',
      body: analyticsBatchSchema,
      handle: async ({ identity, body }) => ({ status: 202, body: await services.analytics.collect(body, { userId: identity?.uid ?? null }, consentFromCookie(consentCookie)) }),
    }),
    GET: defineEndpoint<z.infer<typeof listQuery>>({
      access: 'course_engineer',
      query: listQuery,
      handle: async ({ query }) => ({ body: await services.analytics.list((query.name as Parameters<Services['analytics']['list']>[0]) ?? null) }),
    }),
  };
}
