import { FIXTURE_TRACK } from './path-fixture';
import { activeSectionIndex, trackPath, tutorialFinished } from './section-path';

const track = FIXTURE_TRACK;
const states = (completed: string[]) => trackPath(track, new Set(completed)).flatMap((section) => section.tutorials.flatMap((tutorial) => tutorial.chapters.map((chapter) => `${chapter.id}:${chapter.state}`)));

describe('track path', () => {
  it('a new learner: the first chapter is current, the rest locked', () => {
    expect(states([])).toEqual(['c1:current', 'c2:locked', 'c3:locked', 'c4:locked']);
    expect(activeSectionIndex(track, new Set())).toBe(0);
  });
  it('resumes a half-done chapter at its first unfinished lesson', () => {
    const chapter = trackPath(track, new Set(['a']))[0]?.tutorials[0]?.chapters[0];
    expect(chapter).toMatchObject({ state: 'current', completedLessons: 1, resumeIndex: 1 });
  });
  it('moves the active section once a section is done', () => {
    expect(states(['a', 'b', 'c'])).toEqual(['c1:done', 'c2:done', 'c3:current', 'c4:locked']);
    expect(activeSectionIndex(track, new Set(['a', 'b', 'c']))).toBe(1);
  });
  it('everything done: the last section stays active', () => {
    expect(activeSectionIndex(track, new Set(['a', 'b', 'c', 'd', 'e', 'f']))).toBe(1);
  });
  it('knows when a project is finished', () => {
    expect(tutorialFinished(track, 'project', new Set(['e']))).toBe(false);
    expect(tutorialFinished(track, 'project', new Set(['e', 'f']))).toBe(true);
  });
});

describe('guided projects per variant', () => {
  const tutorialsOf = (projects: 'required' | 'optional' | 'hidden') => trackPath(track, new Set(['a', 'b', 'c', 'd']), projects)[1]?.tutorials.map((tutorial) => `${tutorial.id}${tutorial.optional ? '?' : ''}`);

  it.each([
    ['required', ['more', 'project']],
    ['optional', ['more', 'project?']],
    ['hidden', ['more']],
  ] as const)('%s: the second section shows %j', (projects, expected) => {
    expect(tutorialsOf(projects)).toEqual(expected);
  });

  it.each([
    ['required', false],
    ['optional', true],
    ['hidden', true],
  ] as const)('%s: is the section done with its project unfinished? %s', (projects, done) => {
    expect(trackPath(track, new Set(['a', 'b', 'c', 'd']), projects)[1]?.done).toBe(done);
  });
});
