import { COURSE_ENGINEER } from '@/domain/identity/roles';
import { openSectionFor, sectionOpens, sectionToOpen, trackOfAppPath, type TrackSections } from './section-to-open';

const FREE = { pro: false, roles: [] };
const PRO = { pro: true, roles: [] };
const ENGINEER = { pro: false, roles: [COURSE_ENGINEER] };

/** Section 0 free (a course), sections 1 and 2 Pro; a section 3 with no tutorials. */
const track: TrackSections = {
  sections: [{ tutorialIds: ['basics', 'basics-project'] }, { tutorialIds: ['forms'] }, { tutorialIds: ['layout'] }, { tutorialIds: [] }],
  tutorials: [
    { id: 'basics', kind: 'course' },
    { id: 'basics-project', kind: 'project' },
    { id: 'forms', kind: 'course' },
    { id: 'layout', kind: 'course' },
  ],
};

describe('sectionToOpen', () => {
  it.each([
    { name: 'the current section when it opens', opens: [true, false, false], current: 0, expected: 0 },
    { name: 'a free learner past the free section: back to the last free one', opens: [true, false, false], current: 1, expected: 0 },
    { name: 'deep in the Pro sections: the last free one before', opens: [true, false, false], current: 2, expected: 0 },
    { name: 'several free sections: the nearest before the current one', opens: [true, true, false, true], current: 2, expected: 1 },
    { name: 'nothing free before it: the first that opens after', opens: [false, false, true], current: 0, expected: 2 },
    { name: 'a current index past the end (a stale cookie): the last that opens', opens: [true, false], current: 7, expected: 0 },
    { name: 'Pro: wherever they are', opens: [true, true, true], current: 2, expected: 2 },
    { name: 'nothing opens', opens: [false, false], current: 1, expected: null },
    { name: 'no sections', opens: [], current: 0, expected: null },
  ])('$name', ({ opens, current, expected }) => {
    expect(sectionToOpen(opens, current)).toBe(expected);
  });
});

describe('sectionOpens and openSectionFor (the entitlement rule per section)', () => {
  it.each([
    { learner: FREE, section: 0, opens: true },
    { learner: FREE, section: 1, opens: false },
    { learner: FREE, section: 3, opens: false },
    { learner: PRO, section: 1, opens: true },
    { learner: ENGINEER, section: 2, opens: true },
  ])('section $section for $learner.pro/$learner.roles: $opens', ({ learner, section, opens }) => {
    expect(sectionOpens(track, section, learner)).toBe(opens);
  });

  it.each([
    { who: 'free, at a Pro section', learner: FREE, current: 2, expected: 0 },
    { who: 'free, at the free section', learner: FREE, current: 0, expected: 0 },
    { who: 'Pro, at a Pro section', learner: PRO, current: 2, expected: 2 },
    { who: 'Pro, at the empty section: the last one with lessons', learner: PRO, current: 3, expected: 2 },
  ])('$who', ({ learner, current, expected }) => {
    expect(openSectionFor(track, current, learner)).toBe(expected);
  });

  it('a track whose first section starts with a guided project opens nowhere for a free learner', () => {
    const projectFirst: TrackSections = { sections: [{ tutorialIds: ['p'] }, { tutorialIds: ['c'] }], tutorials: [{ id: 'p', kind: 'project' }, { id: 'c', kind: 'course' }] };
    expect(openSectionFor(projectFirst, 0, FREE)).toBeNull();
  });
});

describe('trackOfAppPath (where "Not now" goes back to)', () => {
  it.each([
    ['/web/track/html/tutorial/forms/chapter/c1/learn?lesson=0', 'html'],
    ['/ssr/track/python-basics/tutorial/t/chapter/c/challenge?lesson=2', 'python-basics'],
    ['/web/html/section/1', 'html'],
    ['/web/html/section/active', 'html'],
    ['/web/build', null],
    ['/web/settings', null],
    ['/web/track/../tutorial/x', null],
    ['/web/HTML/section/1', null],
    [null, null],
  ])('%s → %s', (path, trackId) => {
    expect(trackOfAppPath(path)).toBe(trackId);
  });
});
