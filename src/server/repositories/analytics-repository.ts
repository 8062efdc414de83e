import { desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '@/domain/analytics/events';
import type { FirstOccurrence } from '@/domain/analytics/funnels';
import type { SummaryGroup } from '@/domain/analytics/summary';
import type { LocalDay } from '@/domain/progress/local-day';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { analyticsEvents } from '@/server/db/schema';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

/** Days from `fromDay` to `toDay` (both included) as a time zone counts them. */
export interface DayWindow {
  fromDay: LocalDay;
  toDay: LocalDay;
  timeZone: string;
}

/**
 * The analytics store (analytics_events). Days are the server's receipt time (`received_at`) in
 * the window's time zone: the browser's clock (`occurred_at`) is not believed, and retention and
 * the index go by receipt too. A person is a learner id or, without one, a visitor's anonymous id.
 */
export function createAnalyticsRepository(db: Database) {
  const e = analyticsEvents;
  const actor = sql`case when ${e.userId} is not null then 'learner:' || ${e.userId} when ${e.anonymousId} is not null then 'visitor:' || ${e.anonymousId} end`;
  // Local midnights as instants: `timestamp AT TIME ZONE zone` reads a wall-clock time in that zone
  // (DST included), so both bounds are plain comparisons on received_at and its index serves them.
  const inWindow = (window: DayWindow) =>
    sql`${e.receivedAt} >= (${window.fromDay}::date::timestamp at time zone ${window.timeZone})
        and ${e.receivedAt} < ((${window.toDay}::date + 1)::timestamp at time zone ${window.timeZone})`;

  return {
    async insert(rows: readonly NewAnalyticsEvent[]): Promise<void> {
      if (rows.length > 0) await db.insert(analyticsEvents).values([...rows]);
    },

    /** A server-recorded business event, once per `dedupeKey`: true when this call stored it. */
    async insertOnce(row: NewAnalyticsEvent & { dedupeKey: string }): Promise<boolean> {
      const inserted = await db.insert(analyticsEvents).values(row).onConflictDoNothing({ target: analyticsEvents.dedupeKey }).returning({ id: analyticsEvents.id });
      return inserted.length > 0;
    },

    async deleteReceivedBefore(before: Date): Promise<void> {
      await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, before));
    },

    async newest(name: AnalyticsEventName | null, limit: number): Promise<AnalyticsEventRow[]> {
      return db
        .select()
        .from(analyticsEvents)
        .where(name ? eq(analyticsEvents.name, name) : undefined)
        .orderBy(desc(analyticsEvents.receivedAt), desc(analyticsEvents.id))
        .limit(limit);
    },

    /**
     * Counts per event and day, per event, per day and for the whole window in one statement
     * (GROUPING SETS): events, distinct people, learners and visitors. Distinct counts of a wider
     * group are not sums of narrower ones (one learner on two days is one learner), hence the sets.
     */
    async countsByEventAndDay(window: DayWindow): Promise<SummaryGroup[]> {
      const result = await db.execute(
        sql`select name, day, count(*)::int as events, count(distinct actor)::int as people,
                   count(distinct user_id)::int as learners,
                   count(distinct case when user_id is null then anonymous_id end)::int as visitors
            from (select ${e.name} as name, ${e.userId} as user_id, ${e.anonymousId} as anonymous_id, ${actor} as actor,
                         to_char(${e.receivedAt} at time zone ${window.timeZone}, 'YYYY-MM-DD') as day
                  from ${analyticsEvents}
                  where ${inWindow(window)} and ${inArray(e.name, ANALYTICS_EVENT_NAMES)}) as windowed
            group by grouping sets ((name, day), (name), (day), ())`,
      );
      return (rowsOf(result) as { name: string | null; day: string | null; events: number | string; people: number | string; learners: number | string; visitors: number | string }[]).map((row) => ({
        name: row.name,
        day: row.day,
        events: Number(row.events),
        people: Number(row.people),
        learners: Number(row.learners),
        visitors: Number(row.visitors),
      }));
    },

    /** Each person's first event of each of `names` in the window: one row per person and name, however many they sent. */
    async firstOccurrences(window: DayWindow, names: readonly AnalyticsEventName[]): Promise<FirstOccurrence[]> {
      if (names.length === 0) return [];
      const result = await db.execute(
        sql`select ${actor} as actor, ${e.name} as name, (extract(epoch from min(${e.receivedAt})) * 1000)::float8 as first_ms
            from ${analyticsEvents}
            where ${inWindow(window)} and ${inArray(e.name, [...names])} and (${e.userId} is not null or ${e.anonymousId} is not null)
            group by 1, 2`,
      );
      return (rowsOf(result) as { actor: string; name: AnalyticsEventName; first_ms: number | string }[]).map((row) => ({ actor: row.actor, name: row.name, at: Number(row.first_ms) }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

/** PostgreSQL's "time zone … not recognized" (22023), however the driver wraps it. */
export function isUnknownTimeZoneError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === '22023' && typeof message === 'string' && /time zone/i.test(message)) return true;
  }
  return false;
}
