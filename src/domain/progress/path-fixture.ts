import type { PathTrack } from './chapter-lock';

/**
 * A small track for the path rules' table tests (section-path, chapter-lock): two sections, a
 * course of two chapters, one of one, a guided project, and a tutorial in no section.
 */
const lessons = (...ids: string[]) => ids.map((id) => ({ id }));
export const FIXTURE_TRACK: PathTrack = {
  sections: [
    { title: 'Foundations', tutorialIds: ['basics'] },
    { title: 'In practice', tutorialIds: ['more', 'project'] },
  ],
  tutorials: [
    { id: 'basics', title: 'Basics', kind: 'course', chapters: [{ id: 'c1', title: 'First steps', lessons: lessons('a', 'b') }, { id: 'c2', title: 'Variables', lessons: lessons('c') }] },
    { id: 'more', title: 'More', kind: 'course', chapters: [{ id: 'c3', title: 'Loops', lessons: lessons('d') }] },
    { id: 'project', title: 'Project', kind: 'project', chapters: [{ id: 'c4', title: 'Build it', lessons: lessons('e', 'f') }] },
    { id: 'extra', title: 'Extra (in no section)', kind: 'course', chapters: [{ id: 'c5', title: 'Bonus', lessons: lessons('g') }] },
  ],
};
