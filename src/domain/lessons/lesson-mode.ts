/** The three ways to take a lesson (spec §2 routes learn, challenge, tutor). */
export const LESSON_MODES = ['learn', 'challenge', 'tutor'] as const;
export type LessonMode = (typeof LESSON_MODES)[number];
