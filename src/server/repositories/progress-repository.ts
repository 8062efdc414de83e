import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { StreakDay, StreakDayStatus } from '@/domain/progress/streak';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { goalDays, learnerProgress, leagueGroups, leagueMembers, leagueWeeks, streakDays, users, xpEvents } from '@/server/db/schema';

export type ProgressRow = typeof learnerProgress.$inferSelect;

export interface SummaryReads {
  progress: ProgressRow | null;
  days: StreakDay[];
  xpByDay: Map<string, number>;
  goalDays: Set<string>;
  weekXp: number | null;
}

/** Habit-loop state: the only code that reads or writes XP, streak days, goals and leagues. */
export function createProgressRepository(db: Database) {
  return {
    /** The learner's row, created with defaults on first use and locked for this transaction. */
    async lockProgress(userId: string, defaults: { timeZone: string }): Promise<ProgressRow> {
      await db.insert(learnerProgress).values({ userId, timeZone: defaults.timeZone }).onConflictDoNothing();
      const [row] = await db.select().from(learnerProgress).where(eq(learnerProgress.userId, userId)).for('update');
      if (!row) throw new Error('learner_progress row missing after insert');
      return row;
    },

    /**
     * Everything GET /progress reads, in one statement (it is read on every page with the header):
     * the learner's row, every streak day, XP per local day and the goal days from `fromDay` to
     * `toDay`, and the league XP of the week starting `weekStart` (null: not in a league).
     */
    async summaryReads(userId: string, fromDay: string, toDay: string, weekStart: string): Promise<SummaryReads> {
      const result = await db.execute(
        sql`select
              (select json_build_object(
                  'userId', p.user_id, 'timeZone', p.time_zone, 'previousTimeZone', p.previous_time_zone,
                  'dailyGoal', p.daily_goal, 'totalXp', p.total_xp, 'freezesHeld', p.freezes_held,
                  'goalDaysTowardFreeze', p.goal_days_toward_freeze, 'streakCelebratedOn', p.streak_celebrated_on,
                  'goalCelebratedOn', p.goal_celebrated_on, 'leagueTier', p.league_tier, 'updatedAt', p.updated_at)::text
                from ${learnerProgress} p where p.user_id = ${userId}) as progress,
              (select coalesce(json_agg(json_build_object('day', s.day, 'status', s.status, 'reason', s.reason) order by s.day), '[]')::text
                from ${streakDays} s where s.user_id = ${userId}) as days,
              (select coalesce(json_agg(json_build_array(x.local_day, x.xp)), '[]')::text
                from (select e.local_day, sum(e.xp)::int as xp from ${xpEvents} e
                      where e.user_id = ${userId} and e.local_day >= ${fromDay} and e.local_day <= ${toDay}
                      group by e.local_day) x) as xp,
              (select coalesce(json_agg(g.day), '[]')::text
                from ${goalDays} g where g.user_id = ${userId} and g.day >= ${fromDay} and g.day <= ${toDay}) as goals,
              (select m.xp from ${leagueMembers} m where m.user_id = ${userId} and m.week_start = ${weekStart}) as week_xp`,
      );
      const [row] = rowsOf(result) as { progress: string | null; days: string; xp: string; goals: string; week_xp: number | string | null }[];
      if (!row) throw new Error('the progress summary read returned no row');
      const progress = row.progress === null ? null : (JSON.parse(row.progress) as Omit<ProgressRow, 'updatedAt'> & { updatedAt: string });
      return {
        progress: progress && { ...progress, updatedAt: new Date(progress.updatedAt) },
        days: (JSON.parse(row.days) as { day: string; status: string; reason: string }[]).map((day) => ({ day: day.day, status: day.status as StreakDayStatus, reason: day.reason })),
        xpByDay: new Map((JSON.parse(row.xp) as [string, number][]).map(([day, xp]) => [day, Number(xp)])),
        goalDays: new Set(JSON.parse(row.goals) as string[]),
        weekXp: row.week_xp === null ? null : Number(row.week_xp),
      };
    },

    async readProgress(userId: string): Promise<ProgressRow | null> {
      const [row] = await db.select().from(learnerProgress).where(eq(learnerProgress.userId, userId));
      return row ?? null;
    },

    async updateProgress(userId: string, changes: Partial<Omit<ProgressRow, 'userId' | 'updatedAt'>>): Promise<void> {
      await db
        .update(learnerProgress)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(learnerProgress.userId, userId));
    },

    /** Inserts the award once; false when this key was already awarded. */
    async insertXpEvent(event: { userId: string; eventKey: string; kind: string; xp: number; reason: string; localDay: string; occurredAt: Date }): Promise<boolean> {
      const inserted = await db.insert(xpEvents).values(event).onConflictDoNothing().returning({ key: xpEvents.eventKey });
      return inserted.length > 0;
    },

    async xpOnDay(userId: string, day: string): Promise<number> {
      const [row] = await db
        .select({ xp: sql<number>`coalesce(sum(${xpEvents.xp}), 0)::int` })
        .from(xpEvents)
        .where(and(eq(xpEvents.userId, userId), eq(xpEvents.localDay, day)));
      return Number(row?.xp ?? 0);
    },

    async streakDays(userId: string): Promise<StreakDay[]> {
      const rows = await db.select({ day: streakDays.day, status: streakDays.status, reason: streakDays.reason }).from(streakDays).where(eq(streakDays.userId, userId)).orderBy(asc(streakDays.day));
      return rows.map((row) => ({ day: row.day, status: row.status as StreakDayStatus, reason: row.reason }));
    },

    /** One day of the history (primary-key lookup). */
    async streakDay(userId: string, day: string): Promise<StreakDay | null> {
      const [row] = await db
        .select({ day: streakDays.day, status: streakDays.status, reason: streakDays.reason })
        .from(streakDays)
        .where(and(eq(streakDays.userId, userId), eq(streakDays.day, day)));
      return row ? { day: row.day, status: row.status as StreakDayStatus, reason: row.reason } : null;
    },

    async insertStreakDays(userId: string, days: { day: string; status: StreakDayStatus; reason: string }[]): Promise<void> {
      if (days.length === 0) return;
      await db
        .insert(streakDays)
        .values(days.map((day) => ({ userId, ...day })))
        .onConflictDoNothing();
    },

    /** A frozen or restored day that turns out to have had a lesson becomes counted. */
    async upgradeToCounted(userId: string, day: string, reason: string): Promise<void> {
      await db
        .update(streakDays)
        .set({ status: 'counted', reason })
        .where(and(eq(streakDays.userId, userId), eq(streakDays.day, day)));
    },

    async insertGoalDay(userId: string, day: string, goalXp: number): Promise<boolean> {
      const inserted = await db.insert(goalDays).values({ userId, day, goalXp }).onConflictDoNothing().returning({ day: goalDays.day });
      return inserted.length > 0;
    },

    /** How many days the learner met their goal, and on how many days they earned XP at all. */
    async dayCounts(userId: string): Promise<{ goalDays: number; learnedDays: number }> {
      const [goals] = await db.select({ count: sql<number>`count(*)::int` }).from(goalDays).where(eq(goalDays.userId, userId));
      const [learned] = await db
        .select({ count: sql<number>`count(distinct ${xpEvents.localDay})::int` })
        .from(xpEvents)
        .where(and(eq(xpEvents.userId, userId), gt(xpEvents.xp, 0)));
      return { goalDays: Number(goals?.count ?? 0), learnedDays: Number(learned?.count ?? 0) };
    },

    // ---- leagues ----

    async membership(userId: string, weekStart: string) {
      const [row] = await db.select().from(leagueMembers).where(and(eq(leagueMembers.userId, userId), eq(leagueMembers.weekStart, weekStart)));
      return row ?? null;
    },

    /** Joins the week's first open group of the tier (locked, so two joins cannot overfill it), or a new one. */
    async joinGroup(userId: string, weekStart: string, tier: number, groupSize: number): Promise<number> {
      const [open] = await db
        .select({ id: leagueGroups.id })
        .from(leagueGroups)
        .where(and(eq(leagueGroups.weekStart, weekStart), eq(leagueGroups.tier, tier), lt(leagueGroups.members, groupSize)))
        .orderBy(asc(leagueGroups.id))
        .limit(1)
        .for('update');
      let groupId = open?.id;
      if (groupId === undefined) {
        const [created] = await db.insert(leagueGroups).values({ weekStart, tier, members: 0 }).returning({ id: leagueGroups.id });
        if (!created) throw new Error('creating a league group returned no row');
        groupId = created.id;
      }
      await db
        .update(leagueGroups)
        .set({ members: sql`${leagueGroups.members} + 1` })
        .where(eq(leagueGroups.id, groupId));
      await db.insert(leagueMembers).values({ userId, weekStart, groupId, tier, xp: 0 });
      return groupId;
    },

    async addLeagueXp(userId: string, weekStart: string, xp: number): Promise<void> {
      await db
        .update(leagueMembers)
        .set({ xp: sql`${leagueMembers.xp} + ${xp}`, reachedAt: sql`now()` })
        .where(and(eq(leagueMembers.userId, userId), eq(leagueMembers.weekStart, weekStart)));
    },

    /** A group's standings: most XP first, a tie to whoever reached it first (league_members_standings_idx). */
    async standings(groupId: number) {
      return db
        .select({ userId: leagueMembers.userId, displayName: users.displayName, publicName: users.publicName, xp: leagueMembers.xp, reachedAt: leagueMembers.reachedAt })
        .from(leagueMembers)
        .innerJoin(users, eq(users.id, leagueMembers.userId))
        .where(eq(leagueMembers.groupId, groupId))
        .orderBy(desc(leagueMembers.xp), asc(leagueMembers.reachedAt));
    },

    /**
     * The oldest finished week with members whose rollover has not run yet (two index lookups:
     * the newest rolled-over week, then the next week with members after it).
     */
    async nextWeekToRollOver(beforeWeek: string): Promise<string | null> {
      const result = await db.execute<{ week_start: string | null }>(
        sql`select min(m.week_start) as week_start from ${leagueMembers} m
            where m.week_start < ${beforeWeek}
              and m.week_start > coalesce((select max(w.week_start) from ${leagueWeeks} w), '')`,
      );
      const [row] = rowsOf(result) as { week_start: string | null }[];
      return row?.week_start ?? null;
    },

    /** Claims a week's rollover; false when another process already did it. */
    async claimWeek(weekStart: string): Promise<boolean> {
      const inserted = await db.insert(leagueWeeks).values({ weekStart }).onConflictDoNothing().returning({ weekStart: leagueWeeks.weekStart });
      return inserted.length > 0;
    },

    /** Everyone's rank within their group for a week (one pass with a window function). */
    async weekRanks(weekStart: string): Promise<{ userId: string; tier: number; xp: number; rank: number; groupSize: number }[]> {
      const rows = await db.execute<{ user_id: string; tier: number; xp: number; rank: string | number; group_size: string | number }>(
        sql`select user_id, tier, xp,
              row_number() over (partition by group_id order by xp desc, reached_at asc) as rank,
              count(*) over (partition by group_id) as group_size
            from ${leagueMembers} where week_start = ${weekStart}`,
      );
      return (rowsOf(rows) as { user_id: string; tier: number; xp: number; rank: string | number; group_size: string | number }[]).map((row) => ({
        userId: row.user_id,
        tier: Number(row.tier),
        xp: Number(row.xp),
        rank: Number(row.rank),
        groupSize: Number(row.group_size),
      }));
    },

    async setTiers(userIds: string[], tier: number): Promise<void> {
      for (let start = 0; start < userIds.length; start += 5000) {
        const chunk = userIds.slice(start, start + 5000);
        await db.insert(learnerProgress).values(chunk.map((userId) => ({ userId, leagueTier: tier }))).onConflictDoUpdate({ target: learnerProgress.userId, set: { leagueTier: tier } });
      }
    },

  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
