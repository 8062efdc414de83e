import { z } from 'zod';
import type { LocalDay } from '@/domain/progress/local-day';
import { ANALYTICS_EVENT_NAMES, isAnalyticsEventName, type AnalyticsEventName } from './events';
import { FUNNEL_IDS, FUNNELS, funnelCounts, type FirstOccurrence, type FunnelId } from './funnels';

/**
 * The engineers' view of the analytics store (GET /analytics/summary): aggregates, never rows, so
 * a burst of one event is one larger number. People are distinct actors: learners by id, visitors
 * by their anonymous id of the day (so a visitor on two days counts twice over the window).
 */

const eventName = z.enum(ANALYTICS_EVENT_NAMES as [AnalyticsEventName, ...AnalyticsEventName[]]);
const count = z.number().int().min(0);
const cell = z.object({ events: count, people: count });
const total = z.object({ events: count, learners: count, visitors: count });
const rate = z.number().min(0).max(100).nullable();

export const analyticsSummarySchema = z.object({
  window: z.object({
    days: z.union([z.literal(7), z.literal(14), z.literal(30)]),
    timeZone: z.string(),
    dayList: z.array(z.string()),
  }),
  /** One row per catalogue event (zeros included), `perDay` aligned with `window.dayList`. */
  rows: z.array(z.object({ name: eventName, perDay: z.array(cell), total })),
  /** All events per day, and distinct people active that day. */
  dayTotals: z.array(cell),
  total,
  funnels: z.array(
    z.object({
      id: z.enum(FUNNEL_IDS as [FunnelId, ...FunnelId[]]),
      title: z.string(),
      steps: z.array(z.object({ name: eventName, people: count, fromPrevious: rate, fromFirst: rate })),
    }),
  ),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/**
 * One aggregate row as the store groups them (GROUPING SETS): per event and day, per event,
 * per day, and the whole window (null for the dimension a row is not grouped by).
 */
export interface SummaryGroup {
  name: string | null;
  day: LocalDay | null;
  events: number;
  /** Distinct actors (learners and visitors). */
  people: number;
  learners: number;
  visitors: number;
}

const NO_TOTAL = { events: 0, learners: 0, visitors: 0 };

/** The table of the view: every catalogue event a row, every day of the window a column, zeros where nothing came. */
export function summaryTable(dayList: readonly LocalDay[], groups: readonly SummaryGroup[]): Pick<AnalyticsSummary, 'rows' | 'dayTotals' | 'total'> {
  const cells = new Map<string, { events: number; people: number }>();
  const totals = new Map<string, { events: number; learners: number; visitors: number }>();
  const days = new Map<string, { events: number; people: number }>();
  let total = NO_TOTAL;
  for (const group of groups) {
    const { events, people, learners, visitors } = group;
    if (group.name !== null && group.day !== null) cells.set(`${group.name} ${group.day}`, { events, people });
    else if (group.name !== null) totals.set(group.name, { events, learners, visitors });
    else if (group.day !== null) days.set(group.day, { events, people });
    else total = { events, learners, visitors };
  }
  const empty = { events: 0, people: 0 };
  return {
    rows: ANALYTICS_EVENT_NAMES.map((name) => ({
      name,
      perDay: dayList.map((day) => cells.get(`${name} ${day}`) ?? empty),
      total: totals.get(name) ?? NO_TOTAL,
    })),
    dayTotals: dayList.map((day) => days.get(day) ?? empty),
    total,
  };
}

/** Every funnel of the catalogue over the same first occurrences. */
export function summaryFunnels(firsts: readonly FirstOccurrence[]): AnalyticsSummary['funnels'] {
  const known = firsts.filter((first) => isAnalyticsEventName(first.name));
  return FUNNEL_IDS.map((id) => ({ id, title: FUNNELS[id].title, steps: funnelCounts(FUNNELS[id].steps, known) }));
}
