import { z } from 'zod';
import { createReportBodySchema, REPORT_STATUSES, updateReportBodySchema } from '@/domain/feedback/lesson-report';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';

/** Reports of problems with lessons, API v1 (docs/features/experiments.md "The feedback tool"). */

const listQuery = z.object({ status: z.enum(REPORT_STATUSES, { error: `status must be one of ${REPORT_STATUSES.join(', ')}` }).optional() });
const reportParams = z.object({ reportId: z.string({ error: 'reportId is missing' }).regex(/^[a-z2-7]{20}$/, 'reportId is not a report id') });

/** POST /reports (anyone signed in) → 201 { id }; GET /reports?status= (course engineers) → the list. */
export function reportsRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof createReportBodySchema>>({
      access: 'user',
      body: createReportBodySchema,
      handle: async ({ identity, body }) => {
        await services.rateLimits.hit('project-write', identity.uid);
        return { status: 201, body: await services.feedback.create(identity.uid, body) };
      },
    }),
    GET: defineEndpoint<z.infer<typeof listQuery>>({
      access: 'course_engineer',
      query: listQuery,
      handle: async ({ query }) => ({ body: await services.feedback.list(query.status ?? null) }),
    }),
  };
}

/** PATCH /reports/{reportId} { status } (course engineers). */
export function reportRoutes(services: Services): Routes {
  return {
    PATCH: defineEndpoint<z.infer<typeof reportParams>, z.infer<typeof updateReportBodySchema>>({
      access: 'course_engineer',
      query: reportParams,
      body: updateReportBodySchema,
      handle: async ({ query, body }) => ({ body: await services.feedback.setStatus(query.reportId, body.status) }),
    }),
  };
}
