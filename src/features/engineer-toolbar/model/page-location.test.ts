import { lessonUrl, otherPrefixUrl, pageLocation } from './page-location';

describe('pageLocation', () => {
  it.each([
    ['/web/track/python/tutorial/python-basics/chapter/first-steps/learn?lesson=2', { kind: 'lesson', prefix: 'web', trackId: 'python', tutorialId: 'python-basics', chapterId: 'first-steps', mode: 'learn', lessonIndex: 2 }],
    ['/ssr/track/sql/tutorial/t/chapter/c/challenge', { kind: 'lesson', prefix: 'ssr', trackId: 'sql', tutorialId: 't', chapterId: 'c', mode: 'challenge', lessonIndex: 0 }],
    ['/web/track/js/tutorial/t/chapter/c/tutor?lesson=abc#x', { kind: 'lesson', prefix: 'web', trackId: 'js', tutorialId: 't', chapterId: 'c', mode: 'tutor', lessonIndex: 0 }],
    ['/web/track/js/tutorial/t/chapter/c/tutor?lesson=-3', { kind: 'lesson', prefix: 'web', trackId: 'js', tutorialId: 't', chapterId: 'c', mode: 'tutor', lessonIndex: 0 }],
    ['/web/python/section/1', { kind: 'section', trackId: 'python', sectionIndex: '1' }],
    ['/web/python/section/active', { kind: 'section', trackId: 'python', sectionIndex: 'active' }],
    ['/web/build', { kind: 'other' }],
    ['/web/track/python/tutorial/t/chapter/c/edit', { kind: 'other' }],
    ['/', { kind: 'other' }],
  ])('%s', (asPath, expected) => {
    expect(pageLocation(asPath)).toEqual(expected);
  });
});

describe('links', () => {
  it('builds a lesson URL, encoding ids', () => {
    expect(lessonUrl({ trackId: 'py', tutorialId: 'a b', chapterId: 'c/d', lessonIndex: 3 })).toBe('/web/track/py/tutorial/a%20b/chapter/c%2Fd/learn?lesson=3');
  });

  it.each([
    ['/web/track/p/tutorial/t/chapter/c/learn?lesson=4', '/ssr/track/p/tutorial/t/chapter/c/learn?lesson=4'],
    ['/ssr/track/p/tutorial/t/chapter/c/tutor?lesson=1', '/web/track/p/tutorial/t/chapter/c/tutor?lesson=1'],
    ['/web/settings', null],
  ])('switches %s to %s', (asPath, expected) => {
    expect(otherPrefixUrl(pageLocation(asPath))).toBe(expected);
  });
});
