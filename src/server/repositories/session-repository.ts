import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { preparedOnce } from '@/server/db/prepared';
import { rateLimitCounters, sessions, users } from '@/server/db/schema';

/** Server-side sessions, the sign-out cut-off per user, and the rate-limit counters. */
export function createSessionRepository(db: Database) {
  // Read on every signed-in page request.
  const activeUserOf = preparedOnce(() =>
    db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('codetrail_active_session'),
  );

  return {
    async insert(idHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ idHash, userId, expiresAt });
    },

    async extend(idHash: string, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
    },

    /** The user of a session that exists and has not expired. */
    async activeUser(idHash: string, now: Date): Promise<string | null> {
      const [row] = await activeUserOf().execute({ idHash, now: now.toISOString() });
      return row?.userId ?? null;
    },

    /**
     * Ends every session of the user and refuses their older tokens, in one transaction. The
     * users row is made if the learner never called API v1 (rows are synced on a first call),
     * so the sign-out is on record when a token from before it turns up there later.
     */
    async endAllFor(userId: string, validAfter: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ idHash: sessions.idHash });
        await tx.insert(users).values({ id: userId, sessionsValidAfter: validAfter }).onConflictDoUpdate({ target: users.id, set: { sessionsValidAfter: validAfter } });
        return removed.length;
      });
    },

    async sessionsValidAfter(userId: string): Promise<Date | null> {
      const [row] = await db.select({ at: users.sessionsValidAfter }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.at ?? null;
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    /** Counts one request in the window and answers the count so far (one statement, any number of processes). */
    /** Adds `by` requests to the window's counter (atomically) and answers the new total. */
    async countRequest(key: string, windowStart: Date, by = 1): Promise<number> {
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart, count: by })
        .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + ${by}` } })
        .returning({ count: rateLimitCounters.count });
      return row?.count ?? by;
    },

    async deleteCountersBefore(before: Date): Promise<void> {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
