import { achievements, type AchievementCompletion, type AchievementFacts } from './achievements';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const done = (lessonId: string, day: number, attempts = 2, usedHints = false): AchievementCompletion => ({ lessonId, attempts, usedHints, completedAt: at(day) });

const base: AchievementFacts = {
  completions: [],
  codeLessonIds: new Set(['code-1', 'code-2', 'p-1']),
  longestStreak: 0,
  goalDaysMet: 0,
  tracks: [
    { id: 'python', lessonIds: ['read-1', 'code-1', 'code-2', 'p-1', 'p-2'], projects: [{ id: 'quiz', lessonIds: ['p-1', 'p-2'] }] },
    { id: 'sql', lessonIds: ['s-1'], projects: [] },
  ],
};

function earned(facts: Partial<AchievementFacts>): Record<string, string | boolean> {
  return Object.fromEntries(achievements({ ...base, ...facts }).filter((a) => a.earned).map((a) => [a.id, a.earnedAt ?? true]));
}

describe('achievements', () => {
  it.each<[string, Partial<AchievementFacts>, Record<string, string | boolean>]>([
    ['a new learner has none', {}, {}],
    ['a reading lesson is not a code lesson', { completions: [done('read-1', 3)] }, {}],
    ['the first code lesson passed, dated by it', { completions: [done('read-1', 3), done('code-2', 5), done('code-1', 4)] }, { 'first-code-passed': at(4) }],
    ['first try without hints is perfect', { completions: [done('read-1', 3, 1, false)] }, { 'first-perfect-lesson': at(3) }],
    ['first try with a hint is not', { completions: [done('read-1', 3, 1, true)] }, {}],
    ['ten lessons, dated by the tenth', { completions: Array.from({ length: 11 }, (_, i) => done(`x-${i}`, i + 1)) }, { 'ten-lessons': at(10) }],
    ['nine lessons are not ten', { completions: Array.from({ length: 9 }, (_, i) => done(`x-${i}`, i + 1)) }, {}],
    ['a met goal day', { goalDaysMet: 1 }, { 'first-goal-met': true }],
    ['a 6-day streak is not a week', { longestStreak: 6 }, {}],
    ['a 7-day streak', { longestStreak: 7 }, { 'streak-7': true }],
    ['a 30-day streak earns both', { longestStreak: 30 }, { 'streak-7': true, 'streak-30': true }],
    ['half a project is not a project', { completions: [done('p-1', 6)] }, { 'first-code-passed': at(6) }],
    ['a finished project, dated by its last lesson', { completions: [done('p-2', 8), done('p-1', 6)] }, { 'first-code-passed': at(6), 'first-project': at(8) }],
    ['a finished track', { completions: [done('s-1', 2, 1)] }, { 'first-perfect-lesson': at(2), 'track-finished': at(2) }],
  ])('%s', (_case, facts, expected) => {
    expect(earned(facts)).toEqual(expected);
  });

  it('lists every achievement, earned or not, with a title and what to do', () => {
    const all = achievements(base);
    expect(all).toHaveLength(8);
    expect(all.every((a) => a.title.length > 0 && a.description.endsWith('.') && !a.earned && a.earnedAt === null)).toBe(true);
  });
});
