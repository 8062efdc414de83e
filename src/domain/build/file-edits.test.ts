import { addFile, canDeleteFile, canRenameFile, deleteFile, entryFileRemovalRefusal, renameFile } from './file-edits';

const web = [
  { path: 'index.html', content: '<p>hi</p>' },
  { path: 'style.css', content: 'p{}' },
];

describe('addFile', () => {
  it.each([
    ['about.html', true, null],
    ['  js/app.js  ', true, null],
    ['../secret.html', false, "can't contain '..'"],
    ['/etc/passwd.txt', false, "can't start with '/'"],
    ['style.css', false, 'two files called'],
    ['STYLE.css', false, 'differ only in capitals'],
    ['notes.py', false, "can't have .py files"],
    ['', false, 'needs a name'],
  ])('%p → ok %p', (path, ok, message) => {
    const edit = addFile('web', web, path);
    expect(edit.ok).toBe(ok);
    if (edit.ok) expect(edit.files.at(-1)).toEqual({ path: path.trim(), content: '' });
    else expect(edit.message).toContain(message);
  });

  it('refuses a 31st file', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ path: index === 0 ? 'index.html' : `page${index}.html`, content: '' }));
    const edit = addFile('web', many, 'one-more.html');
    expect(edit).toEqual({ ok: false, message: expect.stringContaining('at most 30 files') });
  });
});

describe('renameFile', () => {
  it.each([
    ['style.css', 'css/site.css', true, null],
    ['style.css', 'style.css', true, null],
    ['index.html', 'home.html', false, 'keeps its name'],
    ['missing.css', 'a.css', false, 'no file called'],
    ['style.css', 'index.html', false, 'two files called'],
    ['style.css', 'style.exe', false, "can't have .exe files"],
  ])('%s → %s: ok %p', (from, to, ok, message) => {
    const edit = renameFile('web', web, from, to);
    expect(edit.ok).toBe(ok);
    if (edit.ok) expect(edit.files.map((file) => file.path)).toContain(to);
    else expect(edit.message).toContain(message);
  });

  it('keeps the content of the renamed file', () => {
    const edit = renameFile('web', web, 'style.css', 'main.css');
    expect(edit.ok && edit.files.find((file) => file.path === 'main.css')?.content).toBe('p{}');
  });
});

describe('deleteFile', () => {
  it.each([
    ['style.css', true, null],
    ['index.html', false, "can't be deleted"],
    ['nope.css', false, 'no file called'],
  ])('%s: ok %p', (path, ok, message) => {
    const edit = deleteFile('web', web, path);
    expect(edit.ok).toBe(ok);
    if (edit.ok) expect(edit.files.map((file) => file.path)).toEqual(['index.html']);
    else expect(edit.message).toContain(message);
  });
});

describe('the entry file (one rule for the editor and the server)', () => {
  it.each([
    ['web: index.html', 'web' as const, web, 'index.html', false],
    ['web: style.css', 'web' as const, web, 'style.css', true],
    ['python: main.py, the only file', 'python' as const, [{ path: 'main.py', content: '' }], 'main.py', false],
    ['python: a helper', 'python' as const, [{ path: 'main.py', content: '' }, { path: 'util.py', content: '' }], 'util.py', true],
    // An imported guided project without main.py: its last file still cannot go (a project needs one).
    ['python without main.py: the only file', 'python' as const, [{ path: 'game.py', content: '' }], 'game.py', false],
    ['python without main.py: one of two', 'python' as const, [{ path: 'game.py', content: '' }, { path: 'b.py', content: '' }], 'b.py', true],
    ['a file that is not there', 'web' as const, web, 'gone.css', false],
  ])('%s: deletable %p', (_case, language, files, path, expected) => {
    expect(canDeleteFile(language, files, path)).toBe(expected);
    expect(deleteFile(language, files, path).ok).toBe(expected);
  });

  it.each([
    ['index.html', false],
    ['style.css', true],
  ])('rename %s offered: %p', (path, expected) => {
    expect(canRenameFile('web', path)).toBe(expected);
  });

  it.each([
    ['dropping index.html', web, [{ path: 'style.css', content: '' }], "index.html is where the project starts, so it can't be deleted."],
    ['renaming index.html away', web, [{ path: 'home.html', content: '' }, { path: 'style.css', content: '' }], "index.html is where the project starts, so it can't be deleted."],
    ['keeping it', web, [{ path: 'index.html', content: 'new' }], null],
    ['a project that never had it', [{ path: 'about.html', content: '' }], [{ path: 'other.html', content: '' }], null],
  ])('a save %s: %p', (_case, before, after, expected) => {
    expect(entryFileRemovalRefusal('web', before, after)).toBe(expected);
  });
});
