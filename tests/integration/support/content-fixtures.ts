import type { Lesson } from '@/domain/content/model';

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
