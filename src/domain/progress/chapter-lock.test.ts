import { chapterAccess, chapterStates, lockedChapterNotice } from './chapter-lock';
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
