/** The daily XP targets a learner picks from (changeable in settings). */
export const DAILY_GOAL_LEVELS = [
  { id: 'casual', xp: 20, label: 'Casual', description: 'About two lessons a day' },
  { id: 'regular', xp: 50, label: 'Regular', description: 'About four lessons a day' },
  { id: 'serious', xp: 100, label: 'Serious', description: 'About eight lessons a day' },
  { id: 'intense', xp: 150, label: 'Intense', description: 'A full chapter or two a day' },
] as const;

export type DailyGoalLevel = (typeof DAILY_GOAL_LEVELS)[number]['id'];
export const DAILY_GOAL_IDS = DAILY_GOAL_LEVELS.map((level) => level.id) as [DailyGoalLevel, ...DailyGoalLevel[]];
export const DEFAULT_DAILY_GOAL: DailyGoalLevel = 'regular';

export function dailyGoalXp(level: DailyGoalLevel): number {
  return DAILY_GOAL_LEVELS.find((entry) => entry.id === level)?.xp ?? 50;
}

export function isGoalMet(xpToday: number, goalXp: number): boolean {
  return xpToday >= goalXp;
}

/** True when an award moved the day's XP across the goal (it is met now and was not before). */
export function goalJustMet(xpBefore: number, xpAfter: number, goalXp: number): boolean {
  return !isGoalMet(xpBefore, goalXp) && isGoalMet(xpAfter, goalXp);
}

/** 0..1 for the goal ring. */
export function goalProgress(xpToday: number, goalXp: number): number {
  return goalXp <= 0 ? 1 : Math.min(1, Math.max(0, xpToday / goalXp));
}
