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
  const defaultFiles = [{ name: 'main.py', content: 'print(1)' }];
  const saved = { lessonId: 'l', files: [{ name: 'main.py', content: 'print(2)' }] };
  it.each([
    [true, saved, saved.files],
    [true, undefined, defaultFiles],
    [true, { lessonId: 'l', files: [] }, defaultFiles],
    [false, saved, defaultFiles],
    [false, undefined, defaultFiles],
  ])('last lesson of last chapter %s with saved %j', (isLast, savedFiles, expected) => {
    expect(filesForLesson({ isLastLessonOfLastChapter: isLast, defaultFiles, saved: savedFiles })).toEqual(expected);
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
