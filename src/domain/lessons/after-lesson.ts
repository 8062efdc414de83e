/**
 * Where Continue leads once a lesson's completion has answered. Within a chapter it goes to the next
 * lesson, through the celebration screens first when this lesson extended the streak or reached the
 * daily goal (or was saved offline, so the screens can sync it). At a chapter's end it always goes
 * through the celebration screens, which return to the section path (or to project-done).
 * A completion the server refused keeps the learner on the lesson to fix it.
 */

/** What the completion answered, as far as Continue cares. */
export interface CompletionFacts {
  /** The server graded the work and it did not pass: nothing was recorded. */
  refused: boolean;
  /** Queued on this device because the API was unreachable. */
  offline: boolean;
  streakExtended: boolean;
  goalJustMet: boolean;
}

export interface LessonPlace {
  lessonIndex: number;
  lessonCount: number;
  tutorialKind: 'course' | 'project';
  isLastChapter: boolean;
}

export type AfterLesson =
  | { kind: 'stay' }
  | { kind: 'next-lesson'; lessonIndex: number; celebrate: boolean }
  | { kind: 'chapter-end'; project: boolean };

export function afterLesson(completion: CompletionFacts, place: LessonPlace): AfterLesson {
  if (completion.refused) return { kind: 'stay' };
  const next = place.lessonIndex + 1;
  if (next < place.lessonCount) return { kind: 'next-lesson', lessonIndex: next, celebrate: completion.offline || completion.streakExtended || completion.goalJustMet };
  return { kind: 'chapter-end', project: place.tutorialKind === 'project' && place.isLastChapter };
}
