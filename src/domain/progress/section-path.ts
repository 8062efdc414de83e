import { chapterStates, type ChapterState, type PathTrack, type ProjectPlacement } from './chapter-lock';

export type { ChapterState, PathTrack, ProjectPlacement };

/**
 * The learning path of a track: sections of tutorials of chapters, each chapter done, current
 * (the first unfinished one in the whole track) or locked (after the current one): chapterStates.
 */
export interface PathChapter {
  id: string;
  title: string;
  state: ChapterState;
  lessons: number;
  completedLessons: number;
  /** The lesson to open: the first unfinished one (0 when done, to review). */
  resumeIndex: number;
}

export interface PathTutorial {
  id: string;
  title: string;
  kind: 'course' | 'project';
  /** An optional guided project (it never holds the path back). */
  optional: boolean;
  chapters: PathChapter[];
}

export interface PathSection {
  index: number;
  title: string;
  tutorials: PathTutorial[];
  done: boolean;
  lessons: number;
  completedLessons: number;
}

export function trackPath(track: PathTrack, completed: ReadonlySet<string>, projects: ProjectPlacement = 'required'): PathSection[] {
  const states = chapterStates(track, completed, projects);
  return track.sections.map((section, index) => {
    const tutorials = section.tutorialIds.flatMap((tutorialId): PathTutorial[] => {
      const tutorial = track.tutorials.find((candidate) => candidate.id === tutorialId);
      if (!tutorial || (tutorial.kind === 'project' && projects === 'hidden')) return [];
      const chapters = tutorial.chapters.map((chapter): PathChapter => {
        const done = chapter.lessons.filter((lesson) => completed.has(lesson.id)).length;
        const state = states.get(chapter.id) ?? 'done';
        const firstOpen = chapter.lessons.findIndex((lesson) => !completed.has(lesson.id));
        return { id: chapter.id, title: chapter.title, state, lessons: chapter.lessons.length, completedLessons: done, resumeIndex: firstOpen < 0 ? 0 : firstOpen };
      });
      return [{ id: tutorial.id, title: tutorial.title, kind: tutorial.kind, optional: tutorial.kind === 'project' && projects === 'optional', chapters }];
    });
    // What a section needs done: its required tutorials (an optional project never holds it open).
    const chapters = tutorials.filter((tutorial) => !tutorial.optional).flatMap((tutorial) => tutorial.chapters);
    return {
      index,
      title: section.title,
      tutorials,
      done: chapters.every((chapter) => chapter.state === 'done'),
      lessons: chapters.reduce((sum, chapter) => sum + chapter.lessons, 0),
      completedLessons: chapters.reduce((sum, chapter) => sum + chapter.completedLessons, 0),
    };
  });
}

/** The active section: the first with unfinished work, or the last one when everything is done. */
export function activeSectionIndex(track: PathTrack, completed: ReadonlySet<string>, projects: ProjectPlacement = 'required'): number {
  const sections = trackPath(track, completed, projects);
  const open = sections.find((section) => !section.done);
  return open ? open.index : Math.max(0, sections.length - 1);
}

/** Whether finishing `chapterId` finished the whole tutorial (for the project-done screen). */
export function tutorialFinished(track: PathTrack, tutorialId: string, completed: ReadonlySet<string>): boolean {
  const tutorial = track.tutorials.find((candidate) => candidate.id === tutorialId);
  return !!tutorial && tutorial.chapters.every((chapter) => chapter.lessons.every((lesson) => completed.has(lesson.id)));
}
