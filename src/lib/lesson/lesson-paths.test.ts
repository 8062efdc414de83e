import { lessonPath, syncProgressPath } from './lesson-paths';

const location = { routePrefix: '/web' as const, trackId: 'python', tutorialId: 'python-basics', chapterId: 'first-steps' };

describe('lessonPath', () => {
  it.each([
    ['learn', 2, false, '/web/track/python/tutorial/python-basics/chapter/first-steps/learn?lesson=2'],
    ['challenge', 0, false, '/web/track/python/tutorial/python-basics/chapter/first-steps/challenge?lesson=0'],
    ['tutor', 1, true, '/web/track/python/tutorial/python-basics/chapter/first-steps/tutor?lesson=1&clearProgress=true'],
    ['learn', 1, true, '/web/track/python/tutorial/python-basics/chapter/first-steps/learn?lesson=1'],
  ] as const)('%s %d (clear %s)', (mode, index, clear, expected) => {
    expect(lessonPath(location, mode, index, clear)).toBe(expected);
  });

  it('uses the /ssr prefix on preview deployments', () => {
    expect(lessonPath({ ...location, routePrefix: '/ssr' }, 'learn', 0)).toBe('/ssr/track/python/tutorial/python-basics/chapter/first-steps/learn?lesson=0');
  });
});

it('builds the syncProgress query', () => {
  expect(syncProgressPath({ trackId: 'python', tutorialId: 'python-basics', chapterId: 'c', sectionIndex: 0 })).toBe(
    '/web/syncProgress?trackId=python&tutorialId=python-basics&chapterId=c&sectionIndex=0',
  );
});
