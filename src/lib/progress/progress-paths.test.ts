import { afterCelebrations, nextScreenUrl, parseAfterLessonQuery, syncProgressUrl } from './progress-paths';

const base = { trackId: 'python', tutorialId: 'python-basics', chapterId: 'python-basics-first-steps', sectionIndex: 0 };

describe('after-lesson paths', () => {
  it('round-trips the spec query through syncProgress', () => {
    const url = syncProgressUrl({ ...base, earned: 15 });
    expect(url).toBe('/web/syncProgress?trackId=python&tutorialId=python-basics&chapterId=python-basics-first-steps&sectionIndex=0&earned=15');
    const parsed = parseAfterLessonQuery(Object.fromEntries(new URL(url, 'http://x').searchParams));
    expect(parsed).toEqual({ ...base, earned: 15, lesson: undefined, mode: undefined, project: false });
  });
  it('refuses malformed ids', () => {
    expect(parseAfterLessonQuery({ ...base, trackId: '../x', sectionIndex: '0' })).toBeNull();
    expect(parseAfterLessonQuery({ tutorialId: 'a', chapterId: 'b' })).toBeNull();
  });
  it.each([
    ['streak first', { streak: true, dailyGoal: true }, '/web/streak?trackId=python&tutorialId=python-basics&chapterId=python-basics-first-steps&sectionIndex=0&prevXPCount=10'],
    ['then the goal', { streak: false, dailyGoal: true }, '/web/daily-goal?trackId=python&tutorialId=python-basics&chapterId=python-basics-first-steps&sectionIndex=0&prevXPCount=10'],
    ['else the section, celebrating the finished chapter', { streak: false, dailyGoal: false }, '/web/python/section/0?finished=python-basics-first-steps'],
  ])('%s', (_, due, url) => {
    expect(nextScreenUrl(base, due, 10)).toBe(url);
  });
  it('returns into an unfinished chapter, or to project-done after a project', () => {
    expect(afterCelebrations({ ...base, lesson: 3, mode: 'challenge' })).toBe('/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/challenge?lesson=3');
    expect(afterCelebrations({ ...base, project: true })).toBe('/web/project-done?trackId=python&tutorialId=python-basics&chapterId=python-basics-first-steps&sectionIndex=0');
  });
  it('keeps /ssr on a preview deployment, so the first Continue does not leave it', () => {
    process.env.DEPLOYMENT_KIND = 'preview';
    try {
      expect(afterCelebrations({ ...base, lesson: 3, mode: 'learn' })).toBe('/ssr/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=3');
      expect(nextScreenUrl({ ...base, lesson: 1 }, { streak: false, dailyGoal: false }, 10)).toMatch(/^\/ssr\/track\//);
    } finally {
      delete process.env.DEPLOYMENT_KIND;
    }
  });
});
