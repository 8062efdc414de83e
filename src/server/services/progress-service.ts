import { celebrationsDue } from '@/domain/progress/celebrations';
import { dailyGoalXp, DAILY_GOAL_IDS, DEFAULT_DAILY_GOAL, goalJustMet, goalProgress, isGoalMet, type DailyGoalLevel } from '@/domain/progress/daily-goal';
import { LEAGUE_GROUP_SIZE, rolloverOutcome, tierAfter, tierName, DEMOTED_PER_GROUP, MIN_GROUP_SIZE_FOR_DEMOTION, PROMOTED_PER_GROUP, LEAGUE_TIERS } from '@/domain/progress/leagues';
import { addDays, isValidTimeZone, localDayOf, weekStartUtc, type LocalDay } from '@/domain/progress/local-day';
import { shownName } from '@/domain/progress/public-name';
import { activeSectionIndex, trackPath, tutorialFinished, type ProjectPlacement } from '@/domain/progress/section-path';
import {
  completionInstant,
  countGoalDay,
  GOAL_DAYS_PER_FREEZE,
  MAX_FREEZES_HELD,
  restorableDays,
  settleMissedDays,
  settlementToday,
  streakStats,
  type StreakDayStatus,
} from '@/domain/progress/streak';
import { lessonXpAward, projectXpAward, type XpAward } from '@/domain/progress/xp';
import type { LessonMode } from '@/domain/lessons/lesson-mode';
import type { Database } from '@/server/db/client';
import { reportError } from '@/lib/monitoring/report-error';
import { conflict, isHttpError, notFound } from '@/server/http/http-error';
import { createLearningRepository } from '@/server/repositories/learning-repository';
import { createProgressRepository, type ProgressRepository, type ProgressRow } from '@/server/repositories/progress-repository';
import type { ContentService, PublishedContent } from './content-service';
import { locateChapter, locateLesson, type LessonPath } from './learning-service';
import type { Submission } from '@/domain/lessons/submission';
import type { Grader } from '@/server/grading/grader';
import { gradeCompletion, notPassedMessage } from '@/server/grading/grade-completion';

export interface CompletionRequest {
  mode: LessonMode;
  attempts: number;
  usedHints: boolean;
  /** When the learner passed the lesson, by their clock (offline completions sync late). */
  completedAt?: Date | null;
  /** The browser's IANA time zone at that moment. */
  timeZone?: string | null;
  /** What the learner handed in: the server grades it, and only a pass is recorded. */
  submission?: Submission;
}

const CALENDAR_DAYS = 35;

/** A learner's settings and counters before their first lesson (the table's column defaults). */
function defaultProgress(userId: string): ProgressRow {
  return {
    userId,
    timeZone: 'UTC',
    previousTimeZone: null,
    dailyGoal: DEFAULT_DAILY_GOAL,
    totalXp: 0,
    freezesHeld: 0,
    goalDaysTowardFreeze: 0,
    streakCelebratedOn: null,
    goalCelebratedOn: null,
    leagueTier: 0,
    updatedAt: new Date(0),
  };
}
const FREEZE_REASON = 'A streak freeze covered this missed day';
export const SYNC_DEFERRED_MESSAGE = 'This lesson could not be recorded just now. It stays on this device and is sent again next time.';

/** XP, streaks, the daily goal, freezes and leagues for one learner at a time. */
/** What a learner sets: the daily goal and the time zone their days are counted in. */
export interface ProgressSettings {
  dailyGoal?: DailyGoalLevel;
  timeZone?: string;
}

export function createProgressService(db: Database, content: ContentService, grader: Grader) {
  let lastRolledOverWeek: string | null = null;

  function todayFor(progress: ProgressRow, now: Date): LocalDay {
    return localDayOf(now, progress.timeZone);
  }

  /** Stores a newly reported zone, remembering the previous one (travel). */
  async function applyTimeZone(repo: ProgressRepository, progress: ProgressRow, timeZone: string | null | undefined): Promise<ProgressRow> {
    if (!timeZone || !isValidTimeZone(timeZone) || timeZone === progress.timeZone) return progress;
    const changed = { ...progress, previousTimeZone: progress.timeZone, timeZone };
    await repo.updateProgress(progress.userId, { timeZone, previousTimeZone: progress.timeZone });
    return changed;
  }

  async function applySettings(tx: Database, userId: string, settings: ProgressSettings): Promise<void> {
    const repo = createProgressRepository(tx);
    const progress = await repo.lockProgress(userId, { timeZone: settings.timeZone ?? 'UTC' });
    await applyTimeZone(repo, progress, settings.timeZone);
    if (settings.dailyGoal && DAILY_GOAL_IDS.includes(settings.dailyGoal)) await repo.updateProgress(userId, { dailyGoal: settings.dailyGoal });
  }

  /** Uses freezes for missed days (automatically) before anything else reads the streak. */
  async function settle(repo: ProgressRepository, progress: ProgressRow, now: Date): Promise<ProgressRow> {
    const today = settlementToday(now, progress.timeZone, progress.previousTimeZone);
    const settlement = settleMissedDays(await repo.streakDays(progress.userId), today, progress.freezesHeld);
    if (settlement.kind !== 'freeze') return progress;
    await repo.insertStreakDays(progress.userId, settlement.days.map((day) => ({ day, status: 'frozen' as const, reason: FREEZE_REASON })));
    const freezesHeld = progress.freezesHeld - settlement.days.length;
    await repo.updateProgress(progress.userId, { freezesHeld });
    return { ...progress, freezesHeld };
  }

  /**
   * A lesson on `day` counts it; a day a freeze covered gets its freeze back. `newlyCounted` says
   * whether the day was not counted before (today's first lesson extends the streak).
   */
  async function countDay(repo: ProgressRepository, progress: ProgressRow, day: LocalDay, reason: string): Promise<{ progress: ProgressRow; newlyCounted: boolean }> {
    const existing = await repo.streakDay(progress.userId, day);
    if (!existing) {
      await repo.insertStreakDays(progress.userId, [{ day, status: 'counted', reason }]);
      return { progress, newlyCounted: true };
    }
    if (existing.status === 'counted') return { progress, newlyCounted: false };
    await repo.upgradeToCounted(progress.userId, day, `${reason} (arrived late; the ${existing.status === 'frozen' ? 'freeze was given back' : 'day counts itself'})`);
    if (existing.status !== 'frozen') return { progress, newlyCounted: true };
    const freezesHeld = Math.min(MAX_FREEZES_HELD, progress.freezesHeld + 1);
    await repo.updateProgress(progress.userId, { freezesHeld });
    return { progress: { ...progress, freezesHeld }, newlyCounted: true };
  }

  async function ensureRollover(now: Date): Promise<void> {
    const week = weekStartUtc(now);
    if (lastRolledOverWeek === week) return;
    for (;;) {
      const repo = createProgressRepository(db);
      const next = await repo.nextWeekToRollOver(week);
      if (!next) break;
      await db.transaction(async (tx) => {
        const txRepo = createProgressRepository(tx as unknown as Database);
        if (!(await txRepo.claimWeek(next))) return;
        const byTier = new Map<number, string[]>();
        for (const member of await txRepo.weekRanks(next)) {
          const tier = tierAfter(member.tier, rolloverOutcome(member));
          if (tier === member.tier) continue;
          byTier.set(tier, [...(byTier.get(tier) ?? []), member.userId]);
        }
        for (const [tier, userIds] of byTier) await txRepo.setTiers(userIds, tier);
      });
    }
    lastRolledOverWeek = week;
  }

  /** Grants an award once (its key); updates the day's goal, freezes and the week's league. */
  async function grant(repo: ProgressRepository, progress: ProgressRow, award: XpAward, at: Date, day: LocalDay, now: Date): Promise<{ progress: ProgressRow; xp: number; goalJustMet: boolean }> {
    const inserted = await repo.insertXpEvent({ userId: progress.userId, eventKey: award.key, kind: award.kind, xp: award.xp, reason: award.reason, localDay: day, occurredAt: at });
    if (!inserted) return { progress, xp: 0, goalJustMet: false };
    const after = await repo.xpOnDay(progress.userId, day);
    const goalXp = dailyGoalXp(progress.dailyGoal as DailyGoalLevel);
    let next: ProgressRow = { ...progress, totalXp: progress.totalXp + award.xp };
    const justMet = goalJustMet(after - award.xp, after, goalXp);
    if (justMet && (await repo.insertGoalDay(progress.userId, day, goalXp))) {
      const counted = countGoalDay(next);
      next = { ...next, goalDaysTowardFreeze: counted.goalDaysTowardFreeze, freezesHeld: counted.freezesHeld };
    }
    await repo.updateProgress(progress.userId, { totalXp: next.totalXp, goalDaysTowardFreeze: next.goalDaysTowardFreeze, freezesHeld: next.freezesHeld });
    // League XP belongs to the week the server hears of it: a closed week is never reopened.
    const week = weekStartUtc(now);
    if (!(await repo.membership(progress.userId, week))) await repo.joinGroup(progress.userId, week, progress.leagueTier, LEAGUE_GROUP_SIZE);
    await repo.addLeagueXp(progress.userId, week, award.xp);
    return { progress: next, xp: award.xp, goalJustMet: justMet };
  }

  async function locate(path: LessonPath & { lessonId: string }) {
    const published = await content.publishedTrack(path.trackId);
    if (!published) throw notFound(`There is no published track "${path.trackId}".`);
    const located = locateChapter(published.track, path);
    return { published, located, lesson: locateLesson(located, path.lessonId) };
  }

  /**
   * A completion as the server decides it: the submission is graded first (outside the
   * transaction: grading takes a moment and holds no lock), and a submission that does not pass
   * records nothing at all — no completion, no streak day, no XP, goal or league points.
   */
  async function recordCompletion(userId: string, path: LessonPath & { lessonId: string }, request: CompletionRequest, now: Date) {
    const { published, located, lesson } = await locate(path);
    const verdict = await gradeCompletion(grader, lesson, request.submission);
    if (!verdict.passed) return { recorded: false as const, lessonId: lesson.id, verdict };
    await ensureRollover(now);
    const recorded = await db.transaction(async (tx) => {
      const repo = createProgressRepository(tx as unknown as Database);
      const learning = createLearningRepository(tx as unknown as Database);
      let progress = await repo.lockProgress(userId, { timeZone: request.timeZone && isValidTimeZone(request.timeZone) ? request.timeZone : 'UTC' });
      progress = await applyTimeZone(repo, progress, request.timeZone);
      progress = await settle(repo, progress, now);
      const { at, usedClientTime } = completionInstant(request.completedAt ?? null, now);
      const completion = await learning.recordCompletion({
        userId,
        lessonId: lesson.id,
        trackId: path.trackId,
        tutorialId: path.tutorialId,
        chapterId: path.chapterId,
        mode: request.mode,
        attempts: request.attempts,
        usedHints: request.usedHints,
        publishSetVersion: published.publishSetVersion,
      });
      const day = localDayOf(at, progress.timeZone);
      const counted = await countDay(repo, progress, day, `Lesson "${lesson.title}"`);
      progress = counted.progress;
      // Today's first lesson extends (or starts) the streak: the streak screen is due.
      const streakExtended = counted.newlyCounted && day === todayFor(progress, now);
      const awards: XpAward[] = [];
      let projectCompleted = false;
      if (completion.firstCompletion) {
        awards.push(lessonXpAward({ lessonId: lesson.id, mode: request.mode, attempts: request.attempts, usedHints: request.usedHints }));
        if (located.tutorial.kind === 'project' && tutorialFinished(published.track, located.tutorial.id, await learning.completedLessonIds(userId, path.trackId))) {
          awards.push(projectXpAward(located.tutorial.id));
          projectCompleted = true;
        }
      }
      let xpAwarded = 0;
      let goalReached = false;
      for (const award of awards) {
        const granted = await grant(repo, progress, award, at, day, now);
        progress = granted.progress;
        xpAwarded += granted.xp;
        goalReached ||= granted.goalJustMet;
      }
      return {
        lessonId: lesson.id,
        completedAt: completion.completedAt.toISOString(),
        firstCompletion: completion.firstCompletion,
        countedOn: day,
        streakExtended,
        usedClientTime,
        xpAwarded,
        goalJustMet: goalReached,
        projectCompleted,
      };
    });
    return { recorded: true as const, ...recorded, verdict };
  }

  /** A lesson the learner already passed (their latest), for a make-up review. */
  async function reviewLesson(userId: string) {
    const last = await createLearningRepository(db).lastCompletion(userId);
    if (!last) return null;
    const published = await content.publishedTrack(last.trackId);
    const chapter = published?.track.tutorials.find((tutorial) => tutorial.id === last.tutorialId)?.chapters.find((candidate) => candidate.id === last.chapterId);
    const lessonIndex = chapter?.lessons.findIndex((lesson) => lesson.id === last.lessonId) ?? -1;
    if (!chapter || lessonIndex < 0) return null;
    return { ...last, lessonIndex, title: chapter.lessons[lessonIndex]?.title ?? '' };
  }

  /**
   * Read on every page with the header, so it only reads: the learner's row (or the defaults
   * before their first lesson) and their days. It writes only when a freeze is due, under the lock.
   */
  async function summary(userId: string, now: Date) {
    const repo = createProgressRepository(db);
    // One statement. The calendar ends on the learner's today, which their row's zone decides, so
    // the XP and goal days are read for a span that holds it in any zone (UTC's today ±1 day).
    const utcToday = localDayOf(now, 'UTC');
    const reads = await repo.summaryReads(userId, addDays(utcToday, -CALENDAR_DAYS), addDays(utcToday, 1), weekStartUtc(now));
    let progress = reads.progress ?? defaultProgress(userId);
    let days = reads.days;
    if (settleMissedDays(days, settlementToday(now, progress.timeZone, progress.previousTimeZone), progress.freezesHeld).kind === 'freeze') {
      progress = await db.transaction(async (tx) => {
        const txRepo = createProgressRepository(tx as unknown as Database);
        return settle(txRepo, await txRepo.lockProgress(userId, { timeZone: progress.timeZone }), now);
      });
      days = await repo.streakDays(userId);
    }
    const today = todayFor(progress, now);
    const from = addDays(today, -(CALENDAR_DAYS - 1));
    const { xpByDay, goalDays: goalDaysSet } = reads;
    const goalXp = dailyGoalXp(progress.dailyGoal as DailyGoalLevel);
    const xpToday = xpByDay.get(today) ?? 0;
    const stats = streakStats(days, today);
    const restore = restorableDays(days, today);
    const byDay = new Map(days.map((entry) => [entry.day, entry]));
    return {
      today,
      timeZone: progress.timeZone,
      totalXp: progress.totalXp,
      xpToday,
      dailyGoal: { level: progress.dailyGoal as DailyGoalLevel, xp: goalXp, met: isGoalMet(xpToday, goalXp), progress: goalProgress(xpToday, goalXp) },
      streak: { current: stats.current, longest: stats.longest, todayCounted: stats.todayCounted },
      freezes: { held: progress.freezesHeld, max: MAX_FREEZES_HELD, goalDaysTowardNext: progress.goalDaysTowardFreeze, goalDaysPerFreeze: GOAL_DAYS_PER_FREEZE },
      restore: restore ? { missedDays: restore, until: addDays(restore[0] ?? today, 2), review: await reviewLesson(userId) } : null,
      calendar: Array.from({ length: CALENDAR_DAYS }, (_, index) => {
        const day = addDays(from, index);
        const entry = byDay.get(day);
        return { day, status: (entry?.status ?? null) as StreakDayStatus | null, reason: entry?.reason ?? null, xp: xpByDay.get(day) ?? 0, goalMet: goalDaysSet.has(day) };
      }),
      celebrationsDue: celebrationsDue({
        today,
        todayCounted: stats.todayCounted,
        goalMetToday: isGoalMet(xpToday, goalXp),
        streakCelebratedOn: progress.streakCelebratedOn,
        goalCelebratedOn: progress.goalCelebratedOn,
      }),
      league: { tier: tierName(progress.leagueTier), xpThisWeek: reads.weekXp ?? 0 },
    };
  }

  /**
   * A completion queued on a device before completions carried their files has none: its lesson's
   * files saved on the server (the draft syncs as the learner types) are graded instead, so that
   * work is neither lost nor believed unseen.
   */
  async function savedSubmission(userId: string, lessonId: string): Promise<Submission | null> {
    const [saved] = await createLearningRepository(db).savedFilesForLessons(userId, [lessonId]);
    return saved && saved.files.length > 0 ? { files: saved.files.map((file) => ({ name: file.name, userContent: file.content })) } : null;
  }

  return {
    recordCompletion,
    summary,

    /** A batch of completions made offline, each with its own time stamp; then the summary. */
    async sync(userId: string, items: (LessonPath & { lessonId: string } & CompletionRequest)[], timeZone: string | null, now: Date) {
      const results = [];
      for (const item of items) {
        try {
          const submission = item.submission ?? (await savedSubmission(userId, item.lessonId));
          const outcome = await recordCompletion(userId, item, { ...item, ...(submission ? { submission } : {}), timeZone: item.timeZone ?? timeZone }, now);
          // Graded on arrival like any completion: work that does not pass is answered, not recorded.
          if (outcome.recorded) results.push({ status: 'recorded' as const, ...outcome });
          else results.push({ lessonId: outcome.lessonId, status: 'not-passed' as const, message: notPassedMessage(outcome.verdict), verdict: outcome.verdict });
        } catch (error) {
          // A lesson removed from the course since it was passed offline is rejected for good,
          // with the API's own sentence. Anything else is our fault: the learner keeps the
          // completion on their device and sends it again; the details stay in the server log.
          if (isHttpError(error)) results.push({ lessonId: item.lessonId, status: 'rejected' as const, message: error.message });
          else {
            reportError(error, { area: 'progress', message: `progress: sync could not record lesson ${item.lessonId}` });
            results.push({ lessonId: item.lessonId, status: 'deferred' as const, message: SYNC_DEFERRED_MESSAGE });
          }
        }
      }
      if (timeZone && isValidTimeZone(timeZone))
        await db.transaction(async (tx) => {
          const repo = createProgressRepository(tx as unknown as Database);
          await applyTimeZone(repo, await repo.lockProgress(userId, { timeZone }), timeZone);
        });
      return { results, summary: await summary(userId, now) };
    },

    async updateSettings(userId: string, settings: ProgressSettings, now: Date) {
      await db.transaction(async (tx) => applySettings(tx as unknown as Database, userId, settings));
      return summary(userId, now);
    },

    /** The same change inside a caller's transaction (the onboarding chat stores its answers with it). */
    applySettingsWithin: applySettings,

    /** Marks a celebration screen as shown today, so it shows once. */
    async markCelebrated(userId: string, kind: 'streak' | 'daily-goal', now: Date) {
      await db.transaction(async (tx) => {
        const repo = createProgressRepository(tx as unknown as Database);
        const progress = await repo.lockProgress(userId, { timeZone: 'UTC' });
        const today = todayFor(progress, now);
        await repo.updateProgress(userId, kind === 'streak' ? { streakCelebratedOn: today } : { goalCelebratedOn: today });
      });
      return summary(userId, now);
    },

    /** Restores a broken streak (within 48 hours) after a make-up review of an already passed lesson. */
    async restoreStreak(userId: string, path: LessonPath & { lessonId: string }, now: Date) {
      const { lesson } = await locate(path);
      await db.transaction(async (tx) => {
        const repo = createProgressRepository(tx as unknown as Database);
        const learning = createLearningRepository(tx as unknown as Database);
        const progress = await settle(repo, await repo.lockProgress(userId, { timeZone: 'UTC' }), now);
        if (!(await learning.completedLessonIds(userId, path.trackId)).has(lesson.id))
          throw conflict(`A make-up review is a lesson you already passed; "${lesson.title}" is new to you.`);
        const today = todayFor(progress, now);
        const missed = restorableDays(await repo.streakDays(userId), today);
        if (!missed) throw conflict('There is no broken streak to restore: a streak can be restored within 48 hours of missing a day.');
        await repo.insertStreakDays(userId, missed.map((day) => ({ day, status: 'restored' as const, reason: `Restored with a make-up review of "${lesson.title}"` })));
        await countDay(repo, progress, today, `Make-up review "${lesson.title}"`);
      });
      return summary(userId, now);
    },

    /** The learner's league group this week, best first, with the promotion and demotion lines. */
    async league(userId: string, now: Date) {
      await ensureRollover(now);
      const repo = createProgressRepository(db);
      const week = weekStartUtc(now);
      const [progress, membership] = await Promise.all([repo.readProgress(userId), repo.membership(userId, week)]);
      const tier = membership?.tier ?? progress?.leagueTier ?? 0;
      const standings = membership ? await repo.standings(membership.groupId) : [];
      const size = standings.length;
      return {
        weekStart: week,
        endsAt: new Date(`${addDays(week, 7)}T00:00:00Z`).toISOString(),
        tier: tierName(tier),
        tiers: [...LEAGUE_TIERS],
        joined: membership !== null,
        promotedCount: tier < LEAGUE_TIERS.length - 1 ? PROMOTED_PER_GROUP : 0,
        demotedCount: tier > 0 && size >= MIN_GROUP_SIZE_FOR_DEMOTION ? DEMOTED_PER_GROUP : 0,
        standings: standings.map((row, index) => ({
          rank: index + 1,
          // Only the name a learner chose is shown to others, never (part of) their email.
          name: shownName({ id: row.userId, publicName: row.publicName, displayName: row.displayName }),
          xp: row.xp,
          me: row.userId === userId,
          outcome: rolloverOutcome({ rank: index + 1, groupSize: size, tier, xp: row.xp }),
        })),
      };
    },

    /** The learner's path through a track's sections, with the active section (`at`: the request's publish set, issue 18). */
    async trackPathFor(userId: string, trackId: string, projects: ProjectPlacement = 'required', at: PublishedContent = content) {
      const published = await at.publishedTrack(trackId);
      if (!published) return null;
      const completed = await createLearningRepository(db).completedLessonIds(userId, trackId);
      return { track: published.track, sections: trackPath(published.track, completed, projects), activeSection: activeSectionIndex(published.track, completed, projects) };
    },

    ensureRollover,
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
