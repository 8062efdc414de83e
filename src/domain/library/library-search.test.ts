import { editDistance, lengthOf, scoreItem, searchLibrary, wordMatch, words, type LibraryFilters, type LibraryItem } from './library-search';

const item = (overrides: Partial<LibraryItem>): LibraryItem => ({
  key: `lesson:${overrides.title ?? 'x'}`,
  kind: 'lesson',
  title: 'Untitled',
  description: '',
  keywords: '',
  language: 'python',
  level: 'beginner',
  minutes: 3,
  access: 'free',
  href: '/',
  lessonIds: [],
  path: null,
  ...overrides,
});
const none: LibraryFilters = { q: '', kind: null, language: null, level: null, length: null, access: null };

const items = [
  item({ key: 'track:python', kind: 'track', title: 'Python', description: 'Variables, loops and functions.', minutes: 600 }),
  item({ key: 'lesson:py-variables', title: 'Variables hold values', description: 'Store a value and use it later.' }),
  item({ key: 'lesson:html-links', title: 'Links', language: 'html', description: 'Connect pages with the a element.', keywords: 'a href' }),
  item({ key: 'glossary:a', kind: 'glossary', title: '<a>: the link element', language: 'html', keywords: 'a', minutes: null }),
  item({ key: 'lesson:sql-join', title: 'Joining tables', language: 'sql', level: 'intermediate', access: 'pro', minutes: 4 }),
];
const keys = (filters: Partial<LibraryFilters>) => searchLibrary(items, { ...none, ...filters }).map((found) => found.key);

describe('words and distances', () => {
  it.each([
    ['<h1>: the Heading', ['h1', 'the', 'heading']],
    ['Café & crème', ['cafe', 'creme']],
    ['', []],
  ])('words(%j)', (text, expected) => {
    expect(words(text)).toEqual(expected);
  });

  it.each([
    ['variables', 'variables', 0],
    ['varaibles', 'variables', 1],
    ['varables', 'variables', 1],
    ['kitten', 'sitting', 3],
    ['abc', 'xyz', 3],
  ])('editDistance(%s, %s) = %i', (a, b, distance) => {
    expect(Math.min(editDistance(a, b, 3), 3)).toBe(distance);
  });

  it.each([
    ['links', 'links', 3],
    ['var', 'variables', 2],
    ['lnks', 'links', 1],
    ['fucntions', 'functions', 1],
    ['tabel', 'table', 1],
    ['ab', 'an', 0],
    ['python', 'pythons', 2],
    ['zzzzz', 'links', 0],
  ])('wordMatch(%s, %s) = %i', (query, word, score) => {
    expect(wordMatch(query, word)).toBe(score);
  });

  it('needs every query word; title words weigh more', () => {
    expect(scoreItem({ title: 'Links', description: 'Connect pages', keywords: '' }, ['links', 'pages'])).toBeGreaterThan(0);
    expect(scoreItem({ title: 'Links', description: 'Connect pages', keywords: '' }, ['links', 'tables'])).toBe(0);
    expect(scoreItem({ title: 'Links', description: '', keywords: '' }, ['links'])).toBeGreaterThan(scoreItem({ title: 'Other', description: 'links', keywords: '' }, ['links']));
  });

  it.each([
    [null, null],
    [5, 'short'],
    [19, 'short'],
    [20, 'medium'],
    [119, 'medium'],
    [120, 'long'],
  ])('lengthOf(%j) = %j', (minutes, length) => {
    expect(lengthOf(minutes)).toBe(length);
  });
});

describe('searchLibrary', () => {
  it.each<[string, Partial<LibraryFilters>, string[]]>([
    ['everything, tracks first, then A–Z', {}, ['track:python', 'lesson:sql-join', 'lesson:html-links', 'lesson:py-variables', 'glossary:a']],
    ['a misspelled word', { q: 'varaibles' }, ['lesson:py-variables', 'track:python']],
    ['two misspelled words (the entry with both in its title first)', { q: 'linkz elemnt' }, ['glossary:a', 'lesson:html-links']],
    ['no match', { q: 'kubernetes' }, []],
    ['by language', { language: 'html' }, ['lesson:html-links', 'glossary:a']],
    ['by access', { access: 'pro' }, ['lesson:sql-join']],
    ['by level', { level: 'intermediate' }, ['lesson:sql-join']],
    ['by length', { length: 'long' }, ['track:python']],
    ['by kind', { kind: 'glossary' }, ['glossary:a']],
    ['query and filter', { q: 'link', kind: 'lesson' }, ['lesson:html-links']],
  ])('%s', (_, filters, expected) => {
    expect(keys(filters)).toEqual(expected);
  });
});
