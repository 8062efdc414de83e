import { completionCelebration } from './completion-celebration';
import type { ChapterState, PathSection } from './section-path';

function section(states: ChapterState[]): PathSection[] {
  return [
    {
      index: 0,
      title: 'Basics',
      done: false,
      lessons: states.length * 3,
      completedLessons: 0,
      tutorials: [
        {
          id: 'variables',
          title: 'Variables',
          kind: 'course',
          optional: false,
          chapters: states.map((state, i) => ({ id: `ch-${i + 1}`, title: `Chapter ${i + 1}`, state, lessons: 3, completedLessons: state === 'done' ? 3 : 0, resumeIndex: 0 })),
        },
      ],
    },
  ];
}

describe('completionCelebration', () => {
  it.each([
    { name: 'no flag', states: ['done', 'current'] as ChapterState[], finished: null, expected: null },
    { name: 'an unknown chapter', states: ['done', 'current'] as ChapterState[], finished: 'ch-9', expected: null },
    { name: 'a chapter that is not done (a hand-typed flag)', states: ['done', 'current'] as ChapterState[], finished: 'ch-2', expected: null },
    { name: 'a chapter with more to come', states: ['done', 'current', 'locked'] as ChapterState[], finished: 'ch-1', expected: { kind: 'chapter', chaptersDone: 1, chapters: 3, next: { id: 'ch-2', title: 'Chapter 2' } } },
    { name: 'the last chapter of the tutorial', states: ['done', 'done', 'done'] as ChapterState[], finished: 'ch-3', expected: { kind: 'tutorial', chaptersDone: 3, chapters: 3, next: null } },
    { name: 'a late chapter while an earlier one is open', states: ['current', 'done'] as ChapterState[], finished: 'ch-2', expected: { kind: 'chapter', chaptersDone: 1, chapters: 2, next: { id: 'ch-1', title: 'Chapter 1' } } },
  ])('$name', ({ states, finished, expected }) => {
    const result = completionCelebration(section(states), finished);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatchObject({ ...expected, tutorialTitle: 'Variables' });
  });
});
