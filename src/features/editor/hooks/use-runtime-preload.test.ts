import { needsPython } from './use-runtime-preload';

describe('needsPython', () => {
  it.each([
    [{ trackId: 'python' }, true],
    [{ trackId: 'sql' }, false],
    [{ trackId: 'html' }, false],
    [{ lessonTypes: [null, null, 'Python'] as const }, true],
    [{ lessonTypes: [null, 'JS'] as const }, false],
    [{ lessonTypes: [] }, false],
  ])('%j → %s', (need, expected) => expect(needsPython(need)).toBe(expected));
});
