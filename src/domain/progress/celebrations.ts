import type { LocalDay } from './local-day';

export type ScreenAfterLesson = 'streak' | 'daily-goal' | 'path';

export interface CelebrationState {
  today: LocalDay;
  /** Today's first lesson counted the day (started or extended the streak). */
  todayCounted: boolean;
  goalMetToday: boolean;
  /** The last day each screen was shown, so each shows once per day. */
  streakCelebratedOn: LocalDay | null;
  goalCelebratedOn: LocalDay | null;
}

export interface CelebrationsDue {
  streak: boolean;
  dailyGoal: boolean;
}

export function celebrationsDue(state: CelebrationState): CelebrationsDue {
  return {
    streak: state.todayCounted && state.streakCelebratedOn !== state.today,
    dailyGoal: state.goalMetToday && state.goalCelebratedOn !== state.today,
  };
}

/** syncProgress: the streak screen first, then the daily goal, else back into the path. */
export function screenAfterLesson(due: CelebrationsDue): ScreenAfterLesson {
  if (due.streak) return 'streak';
  if (due.dailyGoal) return 'daily-goal';
  return 'path';
}
