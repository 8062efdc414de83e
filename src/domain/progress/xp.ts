import type { LessonMode } from '@/domain/lessons/lesson-mode';

/** XP per completed lesson by mode: challenge (no explanation, no hints) is worth more. */
export const LESSON_XP: Record<LessonMode, number> = { learn: 10, tutor: 10, challenge: 20 };
/** Passing at the first check without opening a hint. */
export const FIRST_TRY_BONUS_XP = 5;
/** Finishing every lesson of a guided project. */
export const PROJECT_XP = 50;

export type XpEventKind = 'lesson' | 'project';

export interface XpAward {
  kind: XpEventKind;
  /** Idempotency key: the same award is never counted twice for a learner. */
  key: string;
  xp: number;
  /** Why, for the learner's history ("Lesson (challenge, first try)"). */
  reason: string;
}

export function lessonXpAward(input: { lessonId: string; mode: LessonMode; attempts: number; usedHints: boolean }): XpAward {
  const firstTry = input.attempts === 1 && !input.usedHints;
  return {
    kind: 'lesson',
    key: `lesson:${input.lessonId}`,
    xp: LESSON_XP[input.mode] + (firstTry ? FIRST_TRY_BONUS_XP : 0),
    reason: `Lesson (${input.mode}${firstTry ? ', first try' : ''})`,
  };
}

export function projectXpAward(tutorialId: string): XpAward {
  return { kind: 'project', key: `project:${tutorialId}`, xp: PROJECT_XP, reason: 'Guided project finished' };
}
