import { reportListSchema, reportSchema, type CreateReportBody, type ReportStatus } from '@/domain/feedback/lesson-report';
import { z } from 'zod';
import type { ApiClient } from './api-client';

/** Lesson reports, API v1 (docs/features/experiments.md "The feedback tool"). */
export function feedbackEndpoints(client: ApiClient) {
  return {
    send: (body: CreateReportBody) => client.request({ method: 'POST', path: '/reports', body, errorKey: 'sendReport', schema: z.object({ id: z.string() }) }),
    list: (status: ReportStatus | null) => client.request({ path: '/reports', query: status ? { status } : {}, errorKey: 'fetchReports', schema: reportListSchema }),
    setStatus: (reportId: string, status: ReportStatus) => client.request({ method: 'PATCH', path: `/reports/${encodeURIComponent(reportId)}`, body: { status }, errorKey: 'updateReport', schema: reportSchema }),
  };
}
