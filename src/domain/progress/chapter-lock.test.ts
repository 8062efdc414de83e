import { chapterAccess, chapterStates, lockedChapterNotice, pathLockLine, pathLocks, type PathTrack, type ProjectPlacement } from './chapter-lock';
import { FIXTURE_TRACK } from './path-fixture';

const track = FIXTURE_TRACK;

describe('chapterStates', () => {
  it.each([
    ['a new learner', [], 'c1:current c2:locked c3:locked c4:locked'],
    ['half of the first chapter', ['a'], 'c1:current c2:locked c3:locked c4:locked'],
    ['the first section done', ['a', 'b', 'c'], 'c1:done c2:done c3:current c4:locked'],
    ['a later chapter done out of order stays done', ['a', 'b', 'd'], 'c1:done c2:current c3:done c4:locked'],
    ['everything done', ['a', 'b', 'c', 'd', 'e', 'f'], 'c1:done c2:done c3:done c4:done'],
  ])('%s', (_case, completed, expected) => {
    const states = chapterStates(track, new Set(completed));
    expect([...states].map(([id, state]) => `${id}:${state}`).join(' ')).toBe(expected);
  });
});

describe('chapterAccess', () => {
  it.each([
    ['the current chapter opens', [], 'c1', [], 'open'],
    ['a done chapter opens (to review)', ['a', 'b'], 'c1', [], 'open'],
    ['a locked chapter is refused, naming the current one', [], 'c2', [], 'locked c2 until c1 (section 0)'],
    ['a locked chapter in a later section names the current one in its section', ['a', 'b', 'c'], 'c4', [], 'locked c4 until c3 (section 1)'],
    ['course engineers preview locked chapters', [], 'c4', ['course_engineer'], 'open'],
    ['another role does not unlock', [], 'c4', ['editor'], 'locked c4 until c1 (section 0)'],
    ['a chapter in no section is open', [], 'c5', [], 'open'],
    ['an unknown chapter is not this rule’s business (the page 404s)', [], 'nope', [], 'open'],
  ])('%s', (_case, completed, chapterId, roles, expected) => {
    const access = chapterAccess(track, new Set(completed), chapterId, roles);
    expect(access.open ? 'open' : `locked ${access.locked.id} until ${access.current.id} (section ${access.current.sectionIndex})`).toBe(expected);
  });

  it('words the notice with both chapter titles', () => {
    const access = chapterAccess(track, new Set(), 'c3', []);
    if (access.open) throw new Error('expected locked');
    expect(lockedChapterNotice(access)).toBe('Finish “First steps” first to unlock “Loops”.');
  });
});

describe('guided projects in the path (experiment-optional-guided-project-in-path)', () => {
  const withProject: PathTrack = {
    sections: [
      { title: 'Basics', tutorialIds: ['t1'] },
      { title: 'Next', tutorialIds: ['p', 't2'] },
    ],
    tutorials: [
      { id: 't1', title: 'Basics', kind: 'course', chapters: [{ id: 'c1', title: 'One', lessons: [{ id: 'a' }] }, { id: 'c2', title: 'Two', lessons: [{ id: 'b' }] }] },
      { id: 'p', title: 'Project', kind: 'project', chapters: [{ id: 'p1', title: 'Build 1', lessons: [{ id: 'x' }] }, { id: 'p2', title: 'Build 2', lessons: [{ id: 'y' }] }] },
      { id: 't2', title: 'More', kind: 'course', chapters: [{ id: 'c3', title: 'Three', lessons: [{ id: 'c' }] }] },
    ],
  };
  const shown = (completed: string[], projects: ProjectPlacement) =>
    [...chapterStates(withProject, new Set(completed), projects)].map(([id, state]) => `${id}:${state}`).join(' ');

  it.each<[string, ProjectPlacement, string[], string]>([
    ['required: the project is a step in its turn', 'required', ['a', 'b'], 'c1:done c2:done p1:current p2:locked c3:locked'],
    ['required: what follows waits for it', 'required', ['a', 'b', 'x'], 'c1:done c2:done p1:done p2:current c3:locked'],
    ['optional: not reached yet, locked', 'optional', ['a'], 'c1:done c2:current p1:locked p2:locked c3:locked'],
    ['optional: reached, open beside what follows', 'optional', ['a', 'b'], 'c1:done c2:done p1:current p2:locked c3:current'],
    ['optional: its own chapters in order', 'optional', ['a', 'b', 'x'], 'c1:done c2:done p1:done p2:current c3:current'],
    ['optional: the path goes on past it', 'optional', ['a', 'b', 'c'], 'c1:done c2:done p1:current p2:locked c3:done'],
    ['hidden: the same rule for a direct link', 'hidden', ['a', 'b'], 'c1:done c2:done p1:current p2:locked c3:current'],
  ])('%s', (_case, projects, completed, expected) => {
    expect(shown(completed, projects)).toBe(expected);
  });

  it.each<[ProjectPlacement, string]>([
    ['required', 'locked c3 until p1 (section 1)'],
    ['optional', 'open'],
    ['hidden', 'open'],
  ])('%s: the chapter after an unfinished project is %s', (projects, expected) => {
    const access = chapterAccess(withProject, new Set(['a', 'b']), 'c3', [], projects);
    expect(access.open ? 'open' : `locked ${access.locked.id} until ${access.current.id} (section ${access.current.sectionIndex})`).toBe(expected);
  });

  it('optional and hidden projects are still refused before the path reaches them', () => {
    for (const projects of ['optional', 'hidden'] as const) expect(chapterAccess(withProject, new Set(), 'p1', [], projects).open).toBe(false);
  });
});

describe('pathLocks', () => {
  const lockOf = (completed: string[], chapterIds: string[], roles: string[] = []) => {
    const lock = pathLocks(track, new Set(completed), roles)(chapterIds);
    return lock.locked ? `locked until ${lock.current.id} (section ${lock.current.sectionIndex}): ${pathLockLine(lock)}` : 'open';
  };
  it.each([
    ['the current chapter is open', [], ['c1'], 'open'],
    ['a later chapter is locked until the current one', [], ['c3'], 'locked until c1 (section 0): Opens after “First steps”'],
    ['a course is open when one of its chapters is', [], ['c1', 'c2'], 'open'],
    ['a course is locked when all of its chapters are', [], ['c2', 'c3'], 'locked until c1 (section 0): Opens after “First steps”'],
    ['the current chapter moves on as lessons are done', ['a', 'b', 'c'], ['c4'], 'locked until c3 (section 1): Opens after “Loops”'],
    ['a done chapter is open', ['a', 'b'], ['c1'], 'open'],
    ['a chapter in no section is open', [], ['c5'], 'open'],
    ['nothing to lock is open', [], [], 'open'],
    ['course engineers see nothing locked', [], ['c4'], 'open', ['course_engineer']],
  ])('%s', (_case, completed, chapterIds, expected, roles = []) => {
    expect(lockOf(completed, chapterIds, roles)).toBe(expected);
  });

  it('agrees with chapterAccess on every chapter, for every learner of the table', () => {
    for (const completed of [[], ['a'], ['a', 'b', 'c'], ['a', 'b', 'd'], ['a', 'b', 'c', 'd', 'e', 'f']]) {
      const locks = pathLocks(track, new Set(completed), []);
      for (const chapterId of ['c1', 'c2', 'c3', 'c4', 'c5']) {
        const access = chapterAccess(track, new Set(completed), chapterId, []);
        const lock = locks([chapterId]);
        expect(lock.locked ? `${lock.current.id}` : 'open').toBe(access.open ? 'open' : access.current.id);
      }
    }
  });
});
