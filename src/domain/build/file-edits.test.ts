import { addFile, deleteFile, renameFile } from './file-edits';

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
