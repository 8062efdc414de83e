import { COURSE_ENGINEER } from '@/domain/identity/roles';

export interface PathTrack {
  sections: { title: string; tutorialIds: string[] }[];
  tutorials: { id: string; title: string; kind: 'course' | 'project'; chapters: { id: string; title: string; lessons: { id: string }[] }[] }[];
}

export type ChapterState = 'done' | 'current' | 'locked';

/**
 * Where guided projects stand in the path (experiment-optional-guided-project-in-path):
 * `required` (the original): steps like any other, each in its turn; `optional`: shown, opened when
 * the path reaches them, never in the way of what comes after; `hidden`: left out of the path
 * (reached from the build area or a link), never in the way either.
 */
export type ProjectPlacement = 'required' | 'optional' | 'hidden';

/**
 * The lock rule of a track's path, one rule for the section page (what shows locked) and the
 * lesson pages (what opens). Chapters in path order (sections, their tutorials, their chapters):
 * finished ones are done, the first unfinished one in the whole track is current, every later
 * unfinished one is locked. No "jump ahead": a locked chapter opens once the current one is done.
 */
export function chapterStates(track: PathTrack, completed: ReadonlySet<string>, projects: ProjectPlacement = 'required'): Map<string, ChapterState> {
  const states = new Map<string, ChapterState>();
  let currentFound = false;
  for (const section of track.sections) {
    for (const tutorialId of section.tutorialIds) {
      const tutorial = track.tutorials.find((candidate) => candidate.id === tutorialId);
      if (tutorial?.kind === 'project' && projects !== 'required') {
        // A chain of its own: open once the path reaches it, its chapters in order, blocking nothing.
        let projectCurrent = currentFound;
        for (const chapter of tutorial.chapters) {
          if (states.has(chapter.id)) continue;
          if (chapter.lessons.every((lesson) => completed.has(lesson.id))) states.set(chapter.id, 'done');
          else {
            states.set(chapter.id, projectCurrent ? 'locked' : 'current');
            projectCurrent = true;
          }
        }
        continue;
      }
      for (const chapter of tutorial?.chapters ?? []) {
        if (states.has(chapter.id)) continue;
        if (chapter.lessons.every((lesson) => completed.has(lesson.id))) {
          states.set(chapter.id, 'done');
        } else {
          states.set(chapter.id, currentFound ? 'locked' : 'current');
          currentFound = true;
        }
      }
    }
  }
  return states;
}

export type ChapterAccess = { open: true } | { open: false; locked: { id: string; title: string }; current: { tutorialId: string; id: string; title: string; sectionIndex: number } };

/**
 * Whether a learner may open a chapter's lessons. Course engineers preview everything; a chapter
 * outside the path (in no section) is open. A locked chapter names the current one to finish first.
 */
export function chapterAccess(track: PathTrack, completed: ReadonlySet<string>, chapterId: string, roles: readonly string[], projects: ProjectPlacement = 'required'): ChapterAccess {
  if (roles.includes(COURSE_ENGINEER)) return { open: true };
  const states = chapterStates(track, completed, projects);
  if (states.get(chapterId) !== 'locked') return { open: true };
  const locked = track.tutorials.flatMap((tutorial) => tutorial.chapters).find((chapter) => chapter.id === chapterId);
  for (const [sectionIndex, section] of track.sections.entries()) {
    for (const tutorialId of section.tutorialIds) {
      const tutorial = track.tutorials.find((candidate) => candidate.id === tutorialId);
      const current = tutorial?.chapters.find((chapter) => states.get(chapter.id) === 'current');
      if (tutorial && current && locked) return { open: false, locked: { id: locked.id, title: locked.title }, current: { tutorialId: tutorial.id, id: current.id, title: current.title, sectionIndex } };
    }
  }
  return { open: true };
}

/** The notice on the section page after a locked chapter's URL was refused. */
export function lockedChapterNotice(access: Extract<ChapterAccess, { open: false }>): string {
  return `Finish “${access.current.title}” first to unlock “${access.locked.title}”.`;
}

/** Where something made of path chapters stands for a learner: open, or locked until the current chapter is done. */
export type PathLock = { locked: false } | { locked: true; current: { id: string; title: string; sectionIndex: number } };

/**
 * The lock rule asked for many things of one track at once (the library's results, the events'
 * lessons): the path's states are worked out once. Something is locked when every one of its
 * chapters is locked (a course whose first chapter is current is open); chapters in no section
 * and unknown ones are open, as chapterAccess has them; course engineers see nothing locked.
 */
export function pathLocks(track: PathTrack, completed: ReadonlySet<string>, roles: readonly string[], projects: ProjectPlacement = 'required'): (chapterIds: readonly string[]) => PathLock {
  if (roles.includes(COURSE_ENGINEER)) return () => ({ locked: false });
  const states = chapterStates(track, completed, projects);
  let current: { id: string; title: string; sectionIndex: number } | null | undefined;
  const currentChapter = () => {
    if (current !== undefined) return current;
    current = null;
    for (const [sectionIndex, section] of track.sections.entries()) {
      for (const tutorialId of section.tutorialIds) {
        const chapter = track.tutorials.find((candidate) => candidate.id === tutorialId)?.chapters.find((candidate) => states.get(candidate.id) === 'current');
        if (chapter) return (current = { id: chapter.id, title: chapter.title, sectionIndex });
      }
    }
    return current;
  };
  return (chapterIds) => {
    if (chapterIds.length === 0 || !chapterIds.every((id) => states.get(id) === 'locked')) return { locked: false };
    const found = currentChapter();
    return found ? { locked: true, current: found } : { locked: false };
  };
}

/** The library's and the events' line for something locked in the path. */
export function pathLockLine(lock: Extract<PathLock, { locked: true }>): string {
  return `Opens after “${lock.current.title}”`;
}
