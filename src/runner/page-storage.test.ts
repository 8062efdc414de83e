import { isPageStorageItems, PAGE_STORAGE_LIMIT_CHARS } from './page-storage';

describe('isPageStorageItems', () => {
  it.each<[string, unknown, boolean]>([
    ['an empty list', [], true],
    ['pairs of text', [['theme', 'dark'], ['count', '3']], true],
    ['not a list', { theme: 'dark' }, false],
    ['a number as a value', [['count', 3]], false],
    ['a triple', [['a', 'b', 'c']], false],
    ['a single', [['a']], false],
    ['more text than the storage holds', [['big', 'x'.repeat(PAGE_STORAGE_LIMIT_CHARS)]], false],
    ['exactly the storage', [['k', 'x'.repeat(PAGE_STORAGE_LIMIT_CHARS - 1)]], true],
  ])('%s', (_, value, ok) => {
    expect(isPageStorageItems(value)).toBe(ok);
  });
});
