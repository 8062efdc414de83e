import { celebrationsDue, screenAfterLesson } from './celebrations';

const base = { today: '2026-11-23', todayCounted: false, goalMetToday: false, streakCelebratedOn: null, goalCelebratedOn: null };

describe('screens after a lesson', () => {
  it.each([
    ['nothing new', base, 'path'],
    ["today's first lesson extended the streak", { ...base, todayCounted: true }, 'streak'],
    ['streak and goal on the same lesson: streak first', { ...base, todayCounted: true, goalMetToday: true }, 'streak'],
    ['streak already shown today, goal just met', { ...base, todayCounted: true, streakCelebratedOn: '2026-11-23', goalMetToday: true }, 'daily-goal'],
    ['both shown today', { ...base, todayCounted: true, streakCelebratedOn: '2026-11-23', goalMetToday: true, goalCelebratedOn: '2026-11-23' }, 'path'],
    ['shown yesterday does not count for today', { ...base, todayCounted: true, streakCelebratedOn: '2026-11-22' }, 'streak'],
  ] as const)('%s → %s', (_, state, screen) => {
    expect(screenAfterLesson(celebrationsDue(state))).toBe(screen);
  });
});
