import { z } from 'zod';
import { consentFromCookie } from '@/domain/analytics/consent';
import { analyticsBatchSchema, ANALYTICS_EVENT_NAMES, type AnalyticsBatch } from '@/domain/analytics/events';
import { analyticsSummaryQuerySchema, type AnalyticsSummaryQuery } from '@/domain/analytics/summary-window';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';

/** Analytics events, API v1 (docs/analytics.md). */

const listQuery = z.object({ name: z.enum(ANALYTICS_EVENT_NAMES as [string, ...string[]], { error: 'name is not an event of the catalogue' }).optional() });

/**
 * POST /analytics/events (anyone; the learner when a token is sent): the request's consent cookie
 * decides what is kept → 202 { stored, forwarded }; 403 without consent; 422 for a business event
 * (purchase, subscription_*: only the billing webhook records those) or more than ten events;
 * 429 with Retry-After past the events counted per learner, visitor and address (`address`).
 * GET /analytics/events?name= (course engineers): the local store's newest events.
 */
export function analyticsRoutes(services: Services, consentCookie: string | undefined, address: string | null = null): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, AnalyticsBatch>({
      access: 'optional',
      body: analyticsBatchSchema,
      handle: async ({ identity, body }) => ({ status: 202, body: await services.analytics.collect(body, { userId: identity?.uid ?? null, address }, consentFromCookie(consentCookie)) }),
    }),
    GET: defineEndpoint<z.infer<typeof listQuery>>({
      access: 'course_engineer',
      query: listQuery,
      handle: async ({ query }) => ({ body: await services.analytics.list((query.name as Parameters<Services['analytics']['list']>[0]) ?? null) }),
    }),
  };
}

/**
 * GET /analytics/summary?days=7|14|30&timeZone= (course engineers): counts per event and day and
 * the funnels (docs/analytics.md, "The engineers' view"); 400 with the reason for a bad window or zone.
 */
export function analyticsSummaryRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<AnalyticsSummaryQuery>({
      access: 'course_engineer',
      query: analyticsSummaryQuerySchema as unknown as z.ZodType<AnalyticsSummaryQuery>,
      handle: async ({ query }) => ({ body: await services.analytics.summary(query) }),
    }),
  };
}
