import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { eventRsvps, learnerProgress } from '@/server/db/schema';

/**
 * Event RSVPs: the only code that touches event_rsvps. Every query is keyed by the caller's user id,
 * so a learner only ever reads or changes their own rows (nobody can list who else joined).
 */
export function createEventRepository(db: Database) {
  return {
    /** Joins; joining again changes nothing (the first time is kept). */
    async join(userId: string, eventId: string, at: Date): Promise<void> {
      await db.insert(eventRsvps).values({ userId, eventId, createdAt: at }).onConflictDoNothing();
    },

    async leave(userId: string, eventId: string): Promise<void> {
      await db.delete(eventRsvps).where(and(eq(eventRsvps.userId, userId), eq(eventRsvps.eventId, eventId)));
    },

    /** Which of these events the learner joined (a short list: the page's events). */
    async joinedAmong(userId: string, eventIds: readonly string[]): Promise<Set<string>> {
      if (eventIds.length === 0) return new Set();
      const rows = await db
        .select({ eventId: eventRsvps.eventId })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.userId, userId), inArray(eventRsvps.eventId, [...eventIds])));
      return new Set(rows.map((row) => row.eventId));
    },

    /** The learner's stored IANA time zone (null before their first lesson or settings change). */
    async timeZoneOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ timeZone: learnerProgress.timeZone }).from(learnerProgress).where(eq(learnerProgress.userId, userId)).limit(1);
      return row?.timeZone ?? null;
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
