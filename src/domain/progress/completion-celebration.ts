import type { PathSection } from './section-path';

/**
 * What the section page celebrates when a learner comes back from a finished chapter
 * (`?finished=<chapterId>`): the chapter, or the whole tutorial when that chapter was its last
 * unfinished one. Decided from the server's path, never from the URL alone, so a hand-typed
 * flag for an unfinished chapter celebrates nothing.
 */
export type CompletionCelebration =
  | { kind: 'chapter'; chapterTitle: string; tutorialTitle: string; chaptersDone: number; chapters: number; next: { id: string; title: string } | null }
  | { kind: 'tutorial'; chapterTitle: string; tutorialTitle: string; chaptersDone: number; chapters: number; next: null };

export function completionCelebration(sections: readonly PathSection[], finishedChapterId: string | null | undefined): CompletionCelebration | null {
  if (!finishedChapterId) return null;
  for (const section of sections) {
    for (const tutorial of section.tutorials) {
      const index = tutorial.chapters.findIndex((chapter) => chapter.id === finishedChapterId);
      const chapter = tutorial.chapters[index];
      if (!chapter) continue;
      if (chapter.state !== 'done') return null;
      const chaptersDone = tutorial.chapters.filter((each) => each.state === 'done').length;
      const base = { chapterTitle: chapter.title, tutorialTitle: tutorial.title, chaptersDone, chapters: tutorial.chapters.length };
      if (chaptersDone === tutorial.chapters.length) return { kind: 'tutorial', ...base, next: null };
      const next = tutorial.chapters.slice(index + 1).find((each) => each.state !== 'done') ?? tutorial.chapters.find((each) => each.state !== 'done');
      return { kind: 'chapter', ...base, next: next ? { id: next.id, title: next.title } : null };
    }
  }
  return null;
}
