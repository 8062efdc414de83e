import { afterLesson, type CompletionFacts, type LessonPlace } from './after-lesson';

const recorded: CompletionFacts = { refused: false, offline: false, streakExtended: false, goalJustMet: false };
const middle: LessonPlace = { lessonIndex: 1, lessonCount: 4, tutorialKind: 'course', isLastChapter: false };
const last: LessonPlace = { ...middle, lessonIndex: 3 };

describe('afterLesson', () => {
  it.each([
    ['a refused completion stays', { ...recorded, refused: true }, middle, { kind: 'stay' }],
    ['a refused completion stays, even at the chapter end', { ...recorded, refused: true, streakExtended: true }, last, { kind: 'stay' }],
    ['a plain pass goes straight to the next lesson', recorded, middle, { kind: 'next-lesson', lessonIndex: 2, celebrate: false }],
    ['an extended streak celebrates first', { ...recorded, streakExtended: true }, middle, { kind: 'next-lesson', lessonIndex: 2, celebrate: true }],
    ['a met daily goal celebrates first', { ...recorded, goalJustMet: true }, middle, { kind: 'next-lesson', lessonIndex: 2, celebrate: true }],
    ['an offline pass goes through the screens to sync', { ...recorded, offline: true }, middle, { kind: 'next-lesson', lessonIndex: 2, celebrate: true }],
    ['the first lesson leads to the second', recorded, { ...middle, lessonIndex: 0 }, { kind: 'next-lesson', lessonIndex: 1, celebrate: false }],
    ['the last lesson of a course chapter ends the chapter', recorded, last, { kind: 'chapter-end', project: false }],
    ['a one-lesson chapter ends at once', recorded, { ...middle, lessonIndex: 0, lessonCount: 1 }, { kind: 'chapter-end', project: false }],
    ['a project chapter that is not the last is no project end', recorded, { ...last, tutorialKind: 'project' }, { kind: 'chapter-end', project: false }],
    ['the last chapter of a course is no project end', recorded, { ...last, isLastChapter: true }, { kind: 'chapter-end', project: false }],
    ['the last chapter of a project ends the project', { ...recorded, offline: true }, { ...last, tutorialKind: 'project', isLastChapter: true }, { kind: 'chapter-end', project: true }],
  ] as const)('%s', (_name, completion, place, expected) => {
    expect(afterLesson(completion, place)).toEqual(expected);
  });
});
