import { z } from 'zod';
import { addDays, isValidTimeZone, localDayOf, type LocalDay } from '@/domain/progress/local-day';

/**
 * The window of the course engineers' analytics view (docs/analytics.md, "The engineers' view"):
 * the last 7, 14 or 30 calendar days, today included, counted in one named time zone. 30 is the
 * store's retention, so a longer window would only show empty days.
 */
export const ANALYTICS_WINDOWS = [7, 14, 30] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];
export const DEFAULT_ANALYTICS_WINDOW: AnalyticsWindow = 14;
export const DEFAULT_ANALYTICS_TIME_ZONE = 'UTC';

/**
 * An IANA name the runtime knows. Offsets such as "+01:00" are refused: PostgreSQL reads a bare
 * offset as POSIX (sign inverted), so the browser's day and the database's day would differ.
 */
export function isAnalyticsTimeZone(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) && isValidTimeZone(value);
}

const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** GET /analytics/summary?days=&timeZone= — both optional (14, UTC). */
export const analyticsSummaryQuerySchema = z.object({
  days: z.preprocess(
    one,
    z
      .enum(['7', '14', '30'], { error: 'days must be 7, 14 or 30' })
      .default('14')
      .transform((value) => Number(value) as AnalyticsWindow),
  ),
  timeZone: z.preprocess(one, z.string({ error: 'timeZone must be a time zone' }).refine(isAnalyticsTimeZone, 'timeZone must be an IANA time zone, such as UTC or Europe/Lisbon').default(DEFAULT_ANALYTICS_TIME_ZONE)),
});
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuerySchema>;

/** The window's days in `timeZone`, oldest first, ending with the day `now` falls on there. */
export function analyticsWindowDays(now: Date, timeZone: string, days: AnalyticsWindow): LocalDay[] {
  const today = localDayOf(now, timeZone);
  return Array.from({ length: days }, (_, index) => addDays(today, index - days + 1));
}
