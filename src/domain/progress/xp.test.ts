import { FIRST_TRY_BONUS_XP, LESSON_XP, lessonXpAward, projectXpAward, PROJECT_XP } from './xp';

describe('XP rules', () => {
  it('pays more for challenge than learn', () => {
    expect(LESSON_XP.challenge).toBeGreaterThan(LESSON_XP.learn);
  });
  it.each([
    ['learn', 1, false, LESSON_XP.learn + FIRST_TRY_BONUS_XP],
    ['learn', 2, false, LESSON_XP.learn],
    ['learn', 1, true, LESSON_XP.learn], // a hint spends the first-try bonus
    ['challenge', 1, false, LESSON_XP.challenge + FIRST_TRY_BONUS_XP],
    ['tutor', 3, true, LESSON_XP.tutor],
  ] as const)('%s, %i attempt(s), hints %s → %i XP', (mode, attempts, usedHints, xp) => {
    expect(lessonXpAward({ lessonId: 'py-x', mode, attempts, usedHints }).xp).toBe(xp);
  });
  it('keys awards so a lesson or project is only ever counted once', () => {
    expect(lessonXpAward({ lessonId: 'py-x', mode: 'learn', attempts: 1, usedHints: false }).key).toBe('lesson:py-x');
    expect(lessonXpAward({ lessonId: 'py-x', mode: 'challenge', attempts: 4, usedHints: true }).key).toBe('lesson:py-x');
    expect(projectXpAward('python-quiz-project')).toEqual({ kind: 'project', key: 'project:python-quiz-project', xp: PROJECT_XP, reason: 'Guided project finished' });
  });
});
