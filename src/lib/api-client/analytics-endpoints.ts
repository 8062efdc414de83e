import { analyticsEventListSchema, type AnalyticsEventName } from '@/domain/analytics/events';
import { analyticsSummarySchema } from '@/domain/analytics/summary';
import type { AnalyticsWindow } from '@/domain/analytics/summary-window';
import type { ApiClient } from './api-client';

/** The course engineers' view of the analytics store, API v1 (docs/analytics.md); the browser's events go through track(). */
export function analyticsEndpoints(client: ApiClient) {
  return {
    list: (name: AnalyticsEventName | null) => client.request({ path: '/analytics/events', query: name ? { name } : {}, errorKey: 'fetchAnalytics', schema: analyticsEventListSchema }),
    summary: (days: AnalyticsWindow, timeZone: string) =>
      client.request({ path: '/analytics/summary', query: { days: String(days), timeZone }, errorKey: 'fetchAnalyticsSummary', schema: analyticsSummarySchema }),
  };
}
