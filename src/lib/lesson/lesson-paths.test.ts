import { lessonPath, parseLessonPath, syncProgressPath } from './lesson-paths';

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

describe('parseLessonPath', () => {
  it.each([
    ['/web/track/python/tutorial/python-basics/chapter/first-steps/learn?lesson=2', 'learn /web python/python-basics/first-steps 2'],
    ['/ssr/track/python/tutorial/python-basics/chapter/first-steps/tutor?lesson=1&clearProgress=true', 'tutor /ssr python/python-basics/first-steps 1'],
    ['/web/track/python/tutorial/python-basics/chapter/first-steps/challenge?x=1&lesson=0#top', 'challenge /web python/python-basics/first-steps 0'],
    ['/web/track/python/tutorial/python-basics/chapter/first-steps/learn', 'none'],
    ['/web/track/python/tutorial/python-basics/chapter/first-steps/learn?lesson=two', 'none'],
    ['/web/track/python/tutorial/python-basics/chapter/first-steps/learn?lessons=2', 'none'],
    ['/web/track/python/tutorial/a/chapter/b/learn?xlesson=2', 'none'],
    ['https://evil.example/web/track/python/tutorial/a/chapter/b/learn?lesson=0', 'none'],
    ['/web/python/section/0', 'none'],
  ])('%s', (url, expected) => {
    const parsed = parseLessonPath(url);
    expect(parsed ? `${parsed.mode} ${parsed.routePrefix} ${parsed.trackId}/${parsed.tutorialId}/${parsed.chapterId} ${parsed.lessonIndex}` : 'none').toBe(expected);
  });

  it('reads back every path lessonPath makes', () => {
    for (const mode of ['learn', 'challenge', 'tutor'] as const) {
      expect(parseLessonPath(lessonPath(location, mode, 3, true))).toEqual({ ...location, mode, lessonIndex: 3 });
    }
  });
});
