import { addDays, daysBetween, daysStrictlyBetween, localDayOf, type LocalDay } from './local-day';

/**
 * Streak rules (docs/progress-rules.md). Every day of a learner's history is stored with a status
 * and a reason; the streak is read from those days, never recomputed from time stamps, so a time
 * zone change or travel can never remove a day that was counted.
 */
export type StreakDayStatus = 'counted' | 'frozen' | 'restored';

export interface StreakDay {
  day: LocalDay;
  status: StreakDayStatus;
  reason: string;
}

/** How late an offline completion may arrive and still count on the day it happened. */
export const OFFLINE_GRACE_HOURS = 72;
/** Client clocks a little ahead of the server are tolerated; further ahead is not believed. */
export const MAX_CLOCK_AHEAD_MINUTES = 10;
export const MAX_FREEZES_HELD = 2;
/** Daily goals met (not necessarily in a row) that earn one streak freeze. */
export const GOAL_DAYS_PER_FREEZE = 7;
/** A broken streak can be restored for this long after it broke, with a make-up review lesson. */
export const RESTORE_WINDOW_HOURS = 48;

/**
 * When a completion counts: the client's time stamp when it is believable (not in the future, not
 * older than the grace window), otherwise the moment the server heard of it.
 */
export function completionInstant(clientAt: Date | null, serverNow: Date): { at: Date; usedClientTime: boolean } {
  if (!clientAt || Number.isNaN(clientAt.getTime())) return { at: serverNow, usedClientTime: false };
  const ahead = clientAt.getTime() - serverNow.getTime();
  if (ahead > MAX_CLOCK_AHEAD_MINUTES * 60_000) return { at: serverNow, usedClientTime: false };
  if (-ahead > OFFLINE_GRACE_HOURS * 3_600_000) return { at: serverNow, usedClientTime: false };
  return { at: ahead > 0 ? serverNow : clientAt, usedClientTime: true };
}

/**
 * "Today" for settling missed days. Right after a time-zone change the learner may be a day
 * ahead of where their streak was kept (flying east); using the earlier of the two days means
 * travel never costs a freeze or a streak.
 */
export function settlementToday(now: Date, timeZone: string, previousTimeZone: string | null): LocalDay {
  const here = localDayOf(now, timeZone);
  if (!previousTimeZone || previousTimeZone === timeZone) return here;
  const there = localDayOf(now, previousTimeZone);
  return there < here ? there : here;
}

export interface StreakStats {
  current: number;
  longest: number;
  todayCounted: boolean;
}

function sortedDays(days: readonly StreakDay[]): LocalDay[] {
  return Array.from(new Set(days.map((entry) => entry.day))).sort();
}

/** Current streak: the run of consecutive days ending today, or yesterday while today is still open. */
export function streakStats(days: readonly StreakDay[], today: LocalDay): StreakStats {
  const sorted = sortedDays(days).filter((day) => day <= today);
  let longest = 0;
  let run = 0;
  let previous: LocalDay | null = null;
  for (const day of sorted) {
    run = previous !== null && daysBetween(previous, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const last = sorted[sorted.length - 1];
  const todayCounted = days.some((entry) => entry.day === today && entry.status === 'counted');
  const current = last !== undefined && daysBetween(last, today) <= 1 ? run : 0;
  return { current, longest, todayCounted };
}

export type Settlement =
  | { kind: 'nothing' }
  | { kind: 'freeze'; days: LocalDay[] }
  | { kind: 'broken'; missedDays: LocalDay[] };

/**
 * What happens to the days missed since the learner's last day: covered by freezes when they hold
 * enough (used automatically), otherwise the streak is broken and the freezes are kept.
 */
export function settleMissedDays(days: readonly StreakDay[], today: LocalDay, freezesHeld: number): Settlement {
  const before = sortedDays(days).filter((day) => day < today);
  const last = before[before.length - 1];
  if (last === undefined) return { kind: 'nothing' };
  const missed = daysStrictlyBetween(last, today);
  if (missed.length === 0) return { kind: 'nothing' };
  if (missed.length <= freezesHeld) return { kind: 'freeze', days: missed };
  return { kind: 'broken', missedDays: missed };
}

/**
 * A streak broken by missed days can be restored while no more than RESTORE_WINDOW_HOURS have
 * passed since it broke (the end of the first missed day): the missed days become "restored".
 */
export function restorableDays(days: readonly StreakDay[], today: LocalDay): LocalDay[] | null {
  const sorted = sortedDays(days).filter((day) => day <= today);
  const last = sorted[sorted.length - 1];
  if (last === undefined) return null;
  // The gap that matters is the one just before the learner's live run (ending today or
  // yesterday), or, with no live run, the one that reaches up to today.
  let runStart = today;
  if (daysBetween(last, today) <= 1) {
    runStart = last;
    while (sorted.includes(addDays(runStart, -1))) runStart = addDays(runStart, -1);
  }
  const prior = sorted.filter((day) => day < runStart);
  const previous = prior[prior.length - 1];
  if (previous === undefined) return null;
  const missed = daysStrictlyBetween(previous, runStart);
  const firstMissed = missed[0];
  if (firstMissed === undefined) return null;
  const brokeOn = addDays(firstMissed, 1);
  return daysBetween(brokeOn, today) < RESTORE_WINDOW_HOURS / 24 ? missed : null;
}

/** One goal day more toward a freeze; a freeze is earned every GOAL_DAYS_PER_FREEZE, up to the cap. */
export function countGoalDay(state: { goalDaysTowardFreeze: number; freezesHeld: number }): { goalDaysTowardFreeze: number; freezesHeld: number; earnedFreeze: boolean } {
  const toward = state.goalDaysTowardFreeze + 1;
  if (toward < GOAL_DAYS_PER_FREEZE) return { goalDaysTowardFreeze: toward, freezesHeld: state.freezesHeld, earnedFreeze: false };
  const earnedFreeze = state.freezesHeld < MAX_FREEZES_HELD;
  return { goalDaysTowardFreeze: 0, freezesHeld: earnedFreeze ? state.freezesHeld + 1 : state.freezesHeld, earnedFreeze };
}
