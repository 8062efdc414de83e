import { MAX_FILE_BYTES, MAX_FILES_PER_PROJECT, MAX_PROJECT_BYTES, filePathRefusal, utf8Bytes, validateProjectFiles } from './project-files';
import type { ProjectLanguage } from './project-templates';

describe('utf8Bytes', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['🐍', 4],
    ['a🐍b', 6],
    ['\uD800', 3],
    ['\uD800x', 4],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8Bytes(text)).toBe(bytes);
    expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('filePathRefusal', () => {
  it.each<[ProjectLanguage, string]>([
    ['python', 'main.py'],
    ['python', 'data/scores.csv'],
    ['python', 'lib/tools/helpers.py'],
    ['python', 'README.md'],
    ['python', 'MAIN.PY'],
    ['web', 'index.html'],
    ['web', 'images/logo.svg'],
    ['web', 'my-page_2.v1.css'],
    ['sql', 'schema.sql'],
    ['sql', 'data.csv'],
    ['javascript', 'main.js'],
    ['javascript', 'config.json'],
    ['python', `${'a'.repeat(97)}.py`],
  ])('accepts %s %s', (language, path) => {
    expect(filePathRefusal(language, path)).toBeNull();
  });

  it.each<[string, ProjectLanguage, string, RegExp]>([
    ['empty', 'python', '', /needs a name/],
    ['too long', 'python', `${'a'.repeat(98)}.py`, /at most 100 characters/],
    ['parent folder', 'python', '../x.py', /can't contain '\.\.'/],
    ['parent folder inside', 'python', 'a/../../x.py', /can't contain '\.\.'/],
    ['dots in a name', 'python', 'a..py', /can't contain '\.\.'/],
    ['absolute', 'python', '/etc/passwd', /can't start with '\/'/],
    ['backslash', 'python', 'a\\b.py', /can't contain '\\'. Use '\/' between folders \("a\\b\.py"\)/],
    ['windows absolute', 'python', '\\windows\\x.py', /can't contain '\\'/],
    ['empty segment', 'python', 'a//b.py', /empty part/],
    ['trailing slash', 'python', 'folder/', /empty part/],
    ['hidden file', 'python', '.env', /can't start with '\.'/],
    ['hidden folder', 'python', 'a/.git/config.txt', /can't start with '\.'/],
    ['a space', 'python', 'my file.py', /letters, digits/],
    ['a colon', 'python', 'c:x.py', /letters, digits/],
    ['percent-encoding', 'python', '%2e%2e/x.py', /letters, digits/],
    ['unicode', 'python', 'café.py', /letters, digits/],
    ['a NUL', 'python', 'a\u0000.py', /letters, digits.*"a\uFFFD\.py"/],
    ['a long bad name, shortened', 'python', `${'x'.repeat(50)} y.py`, new RegExp(`"${'x'.repeat(40)}…"`)],
    ['too deep', 'python', 'a/b/c/d.py', /at most 3 levels/],
    ['no extension', 'python', 'Makefile', /needs an extension/],
    ['a name ending in a dot', 'python', 'main.', /needs an extension/],
    ['wrong extension for python', 'python', 'index.html', /Python project can't have \.html files.*Allowed: \.py, \.txt, \.csv, \.json, \.md/],
    ['wrong extension for web', 'web', 'main.py', /Web page project can't have \.py files/],
    ['wrong extension for sql', 'sql', 'query.js', /SQL project can't have \.js files/],
    ['wrong extension for javascript', 'javascript', 'index.html', /JavaScript project can't have \.html files/],
    ['an executable', 'web', 'virus.exe', /can't have \.exe files/],
  ])('refuses %s', (_case, language, path, message) => {
    expect(filePathRefusal(language, path)).toMatch(message);
  });
});

describe('validateProjectFiles', () => {
  const file = (path: string, content = '') => ({ path, content });
  const many = (count: number) => Array.from({ length: count }, (_, index) => file(`f${index}.py`));

  it.each<[string, ProjectLanguage, { path: string; content: string }[]]>([
    ['one file', 'python', [file('main.py', 'print(1)')]],
    ['the most files', 'python', many(MAX_FILES_PER_PROJECT)],
    ['a file of exactly the limit', 'python', [file('main.py', 'a'.repeat(MAX_FILE_BYTES))]],
    ['a project of exactly the limit', 'python', [...Array.from({ length: 5 }, (_, index) => file(`f${index}.py`, 'a'.repeat(MAX_PROJECT_BYTES / 5)))]],
    ['files in folders', 'web', [file('index.html'), file('css/style.css'), file('css/themes/dark.css')]],
    ['names that only look alike', 'python', [file('a.py'), file('a.py.txt')]],
  ])('accepts %s', (_case, language, files) => {
    expect(validateProjectFiles(language, files)).toEqual({ ok: true });
  });

  it.each<[string, ProjectLanguage, { path: string; content: string }[], 'invalid' | 'too-large', RegExp]>([
    ['no files', 'python', [], 'invalid', /at least one file/],
    ['too many files', 'python', many(MAX_FILES_PER_PROJECT + 1), 'invalid', /at most 30 files \(this one has 31\)/],
    ['a bad name among good ones', 'python', [file('main.py'), file('../x.py')], 'invalid', /'\.\.'/],
    ['the same name twice', 'python', [file('main.py'), file('main.py')], 'invalid', /two files called "main\.py"/],
    ['names differing in capitals', 'python', [file('Main.py'), file('main.py')], 'invalid', /differ only in capitals/],
    ['a file that is also a folder', 'python', [file('a.py'), file('a.py/b.py')], 'invalid', /both a file and a folder/],
    ['a file that is also a folder, other capitals', 'python', [file('data/x.py'), file('DATA.py'), file('Data.py/y.py')], 'invalid', /both a file and a folder/],
    ['a file too large', 'python', [file('main.py', 'a'.repeat(MAX_FILE_BYTES + 1))], 'too-large', /"main\.py" is larger than 100,000 bytes \(it has 100,001\)/],
    ['a file too large in UTF-8 only', 'python', [file('main.py', 'é'.repeat(MAX_FILE_BYTES / 2 + 1))], 'too-large', /larger than 100,000 bytes/],
    ['a project too large', 'python', Array.from({ length: 6 }, (_, index) => file(`f${index}.py`, 'a'.repeat(MAX_FILE_BYTES))), 'too-large', /larger than 500,000 bytes together \(they have 600,000\)/],
    ['names checked before sizes', 'python', [file('main.py', 'a'.repeat(MAX_FILE_BYTES + 1)), file('x.exe')], 'invalid', /\.exe/],
  ])('refuses %s', (_case, language, files, kind, message) => {
    const verdict = validateProjectFiles(language, files);
    expect(verdict).toEqual({ ok: false, kind, message: expect.stringMatching(message) });
  });
});
