/**
 * @jest-environment jsdom
 */
import { PAGE_STORAGE_LIMIT_CHARS } from '@/runner/page-storage';
import { pageStorageKey, readSavedPageStorage, writeSavedPageStorage } from './saved-page-storage';

describe('saved page storage', () => {
  const key = pageStorageKey('u1', 'js-todo-save');
  beforeEach(() => window.localStorage.clear());

  it('keeps a page’s items per learner and lesson, and removes the entry when they are cleared', () => {
    expect(writeSavedPageStorage(key, [['todos', '["Buy milk"]']])).toBe(true);
    expect(readSavedPageStorage(key)).toEqual([['todos', '["Buy milk"]']]);
    expect(readSavedPageStorage(pageStorageKey('u2', 'js-todo-save'))).toEqual([]);
    writeSavedPageStorage(key, []);
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['not a list of pairs', '{"todos":"[]"}'],
    ['values that are not text', '[["n",1]]'],
    ['more than the page’s quota', JSON.stringify([['k', 'x'.repeat(PAGE_STORAGE_LIMIT_CHARS)]])],
  ])('reads nothing from an entry that is %s', (_label, raw) => {
    window.localStorage.setItem(key, raw);
    expect(readSavedPageStorage(key)).toEqual([]);
  });
});
