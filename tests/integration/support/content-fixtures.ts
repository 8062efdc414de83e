import type { Lesson, LessonFileDefinition } from '@/domain/content/model';

/** A one-question quiz lesson for fixture tracks (no code to run). */
export const quizLesson = (id: string): Lesson => ({
  id,
  title: id,
  explanation: 'Pick one.',
  hints: [],
  codeLanguage: null,
  interaction: { kind: 'multiple-choice', question: 'Which?', choices: [{ text: 'this', correct: true }, { text: 'that', correct: false }] },
  executableContent: null,
  source: `fixture/${id}.md`,
});

/** A code lesson for fixture tracks: its files, no checks. */
export const codeLesson = (id: string, files: LessonFileDefinition[], seed: string | null = null): Lesson => ({
  ...quizLesson(id),
  interaction: { kind: 'code' },
  executableContent: { files, solution: [], checks: [], seed },
});
