import { DAILY_GOAL_LEVELS, dailyGoalXp, DEFAULT_DAILY_GOAL, goalJustMet, goalProgress, isGoalMet } from './daily-goal';

describe('daily goal', () => {
  it('offers a few increasing levels with a default among them', () => {
    const xps = DAILY_GOAL_LEVELS.map((level) => level.xp);
    expect(xps).toEqual([...xps].sort((a, b) => a - b));
    expect(DAILY_GOAL_LEVELS.map((level) => level.id)).toContain(DEFAULT_DAILY_GOAL);
    expect(dailyGoalXp('casual')).toBe(20);
  });
  it.each([
    [0, 20, false],
    [19, 20, false],
    [20, 20, true],
    [35, 20, true],
  ])('%i XP against %i is met: %s', (xp, goal, met) => {
    expect(isGoalMet(xp, goal)).toBe(met);
  });
  it('is "just met" only on the award that crosses the line', () => {
    expect(goalJustMet(15, 30, 20)).toBe(true);
    expect(goalJustMet(20, 35, 20)).toBe(false);
    expect(goalJustMet(0, 15, 20)).toBe(false);
  });
  it('fills the ring up to 1', () => {
    expect(goalProgress(10, 20)).toBe(0.5);
    expect(goalProgress(40, 20)).toBe(1);
  });
});
