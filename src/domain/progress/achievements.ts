/**
 * Achievements earned by learning: computed from what the learner did (completions, streak, goal
 * days), never stored, so a rule change applies to everyone's history at once.
 */

export const ACHIEVEMENT_IDS = ['first-code-passed', 'first-perfect-lesson', 'ten-lessons', 'first-goal-met', 'streak-7', 'streak-30', 'first-project', 'track-finished'] as const;
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number];

export interface AchievementCompletion {
  lessonId: string;
  attempts: number;
  usedHints: boolean;
  completedAt: string;
}

export interface AchievementFacts {
  /** One per lesson: the learner's first completion of it. */
  completions: AchievementCompletion[];
  codeLessonIds: ReadonlySet<string>;
  longestStreak: number;
  goalDaysMet: number;
  /** Every published track with its lessons, and its guided projects with theirs. */
  tracks: { id: string; lessonIds: string[]; projects: { id: string; lessonIds: string[] }[] }[];
}

export interface Achievement {
  id: AchievementId;
  title: string;
  description: string;
  earned: boolean;
  /** When it was earned, where the data says (completions); null for streak and goal ones. */
  earnedAt: string | null;
}

type Earned = { earned: boolean; earnedAt: string | null };

const earliest = (times: string[]): string | null => (times.length === 0 ? null : times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)));
const latest = (times: string[]): string | null => (times.length === 0 ? null : times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)));

/** When every one of the lessons was done (the last one's time), or null while one is missing. */
function finishedAt(lessonIds: string[], done: ReadonlyMap<string, string>): string | null {
  if (lessonIds.length === 0 || !lessonIds.every((id) => done.has(id))) return null;
  return latest(lessonIds.map((id) => done.get(id) ?? ''));
}

const byTime = (time: string | null): Earned => ({ earned: time !== null, earnedAt: time });
const byCount = (earned: boolean): Earned => ({ earned, earnedAt: null });

/** The rules table: one row per achievement. */
const RULES: Record<AchievementId, { title: string; description: string; rule: (facts: AchievementFacts, done: ReadonlyMap<string, string>) => Earned }> = {
  'first-code-passed': {
    title: 'First program',
    description: 'Pass your first code lesson.',
    rule: (facts) => byTime(earliest(facts.completions.filter((c) => facts.codeLessonIds.has(c.lessonId)).map((c) => c.completedAt))),
  },
  'first-perfect-lesson': {
    title: 'Flawless',
    description: 'Pass a lesson on the first try without a hint.',
    rule: (facts) => byTime(earliest(facts.completions.filter((c) => c.attempts === 1 && !c.usedHints).map((c) => c.completedAt))),
  },
  'ten-lessons': {
    title: 'Ten lessons',
    description: 'Finish ten lessons.',
    rule: (facts) => {
      const times = facts.completions.map((c) => c.completedAt).sort((a, b) => Date.parse(a) - Date.parse(b));
      return byTime(times[9] ?? null);
    },
  },
  'first-goal-met': { title: 'Goal getter', description: 'Meet your daily goal.', rule: (facts) => byCount(facts.goalDaysMet >= 1) },
  'streak-7': { title: 'Week streak', description: 'Learn 7 days in a row.', rule: (facts) => byCount(facts.longestStreak >= 7) },
  'streak-30': { title: 'Month streak', description: 'Learn 30 days in a row.', rule: (facts) => byCount(facts.longestStreak >= 30) },
  'first-project': {
    title: 'Builder',
    description: 'Finish a guided project.',
    rule: (facts, done) => byTime(earliest(facts.tracks.flatMap((track) => track.projects.map((project) => finishedAt(project.lessonIds, done))).filter((time): time is string => time !== null))),
  },
  'track-finished': {
    title: 'Trailblazer',
    description: 'Finish a whole track.',
    rule: (facts, done) => byTime(earliest(facts.tracks.map((track) => finishedAt(track.lessonIds, done)).filter((time): time is string => time !== null))),
  },
};

/** Every achievement, earned or not, in a fixed order. */
export function achievements(facts: AchievementFacts): Achievement[] {
  const done = new Map(facts.completions.map((c) => [c.lessonId, c.completedAt]));
  return ACHIEVEMENT_IDS.map((id) => {
    const { title, description, rule } = RULES[id];
    return { id, title, description, ...rule(facts, done) };
  });
}
