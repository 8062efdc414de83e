import { CODE_LANGUAGES, extensionForLanguage, isCodeLanguage, languageFromFileName, UnknownCodeLanguageError } from './code-language';
import { filesForLesson, isJsonObject } from './lesson-files';
import { lessonTypeFromFiles } from './lesson-type';

const files = (...names: string[]) => names.map((name) => ({ name }));

describe('lessonTypeFromFiles', () => {
  it.each([
    [files('query.sql'), 'SQL'],
    [files('index.html', 'query.sql'), 'SQL'],
    [files('main.py', 'schema.sql'), 'SQL'],
    [files('index.html', 'style.css'), 'HTML'],
    [files('index.html', 'app.js'), 'HTML'],
    [files('app.js'), 'JS'],
    [files('app.js', 'view.jsx'), 'JS'],
    [files('view.jsx'), 'JS'],
    [files('main.py'), 'Python'],
    [files('main.py', 'helpers.py'), 'Python'],
    [files('main.py', 'app.js'), 'HTML'],
    [files('style.css'), 'HTML'],
    [files('notes.txt'), 'HTML'],
    [files('data.json', 'app.js'), 'HTML'],
    [files(), 'HTML'],
  ] as const)('%j → %s', (input, expected) => {
    expect(lessonTypeFromFiles(input)).toBe(expected);
  });
});

describe('languageFromFileName', () => {
  it.each([
    ['index.html', 'html'],
    ['style.css', 'css'],
    ['app.js', 'javascript'],
    ['App.jsx', 'jsx'],
    ['main.py', 'python'],
    ['q.sql', 'sql'],
    ['data.json', 'json'],
    ['x.ts', 'typescript'],
    ['MAIN.PY', 'python'],
    ['archive.tar.gz', 'none'],
    ['Makefile', 'none'],
    ['x.rb', 'none'],
    ['x.tsx', 'none'],
  ])('%s → %s', (name, language) => {
    expect(languageFromFileName(name)).toBe(language);
  });
});

describe('extensionForLanguage', () => {
  it.each([
    ['html', 'html'],
    ['css', 'css'],
    ['javascript', 'js'],
    ['python', 'py'],
    ['sql', 'sql'],
    ['jsx', 'jsx'],
  ])('%s → .%s', (language, extension) => {
    expect(extensionForLanguage(language)).toBe(extension);
  });

  it.each(['ruby', 'typescript', 'json', 'klingon'])('raises "unknown coding language" for %s', (language) => {
    expect(() => extensionForLanguage(language)).toThrow(UnknownCodeLanguageError);
    expect(() => extensionForLanguage(language)).toThrow(`unknown coding language: ${language}`);
  });
});

describe('code languages', () => {
  it('accepts all 18 languages of the spec', () => {
    expect(CODE_LANGUAGES).toHaveLength(18);
    expect(CODE_LANGUAGES.every(isCodeLanguage)).toBe(true);
    expect(isCodeLanguage('cobol')).toBe(false);
  });
});

describe('filesForLesson', () => {
  const defaultFiles = [
    { name: 'index.html', content: '<h1>Hi</h1>' },
    { name: 'style.css', content: 'h1 {}' },
  ];
  it.each([
    ['no saved files: the defaults', undefined, defaultFiles],
    ['an empty save: the defaults', { lessonId: 'l', files: [] }, defaultFiles],
    [
      'saved files replace their defaults by name',
      { lessonId: 'l', files: [{ name: 'index.html', content: '<h1>Mine</h1>' }] },
      [{ name: 'index.html', content: '<h1>Mine</h1>' }, defaultFiles[1]],
    ],
    [
      'a saved file the lesson no longer has is dropped',
      { lessonId: 'l', files: [{ name: 'old.js', content: 'x' }, { name: 'style.css', content: 'h1 { color: red }' }] },
      [defaultFiles[0], { name: 'style.css', content: 'h1 { color: red }' }],
    ],
    ['an empty saved file stays empty (the learner cleared it)', { lessonId: 'l', files: [{ name: 'style.css', content: '' }] }, [defaultFiles[0], { name: 'style.css', content: '' }]],
  ])('%s', (_case, saved, expected) => {
    expect(filesForLesson({ defaultFiles, saved })).toEqual(expected);
  });
});

describe('isJsonObject', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [Object.create(null), true],
    [[], false],
    [null, false],
    [undefined, false],
    ['{}', false],
    [42, false],
    [new Date(), false],
    [new Map(), false],
  ])('%p → %s', (value, expected) => {
    expect(isJsonObject(value)).toBe(expected);
  });
});
