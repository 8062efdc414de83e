import type { Lesson } from '@/domain/content/model';
import { editorPrefetchFor, prefetchFiles } from './editor-prefetch';

const manifest = {
  'src/features/editor/index.tsx -> ./components/code-editor': { id: 1, files: ['static/chunks/cm.js', 'static/chunks/shared.js', 'static/css/x.css'] },
  'src/features/editor/index.tsx -> ./extensions/language-setup': { id: 2, files: ['static/chunks/setup.js'] },
  'src/features/editor/extensions/language-setup.ts -> @codemirror/language': { id: 3, files: ['static/chunks/shared.js', 'static/chunks/language.js'] },
  'src/features/editor/extensions/language-setup.ts -> @codemirror/lang-python': { id: 4, files: ['static/chunks/python.js'] },
  'src/features/editor/extensions/language-setup.ts -> @codemirror/lang-html': { id: 5, files: ['static/chunks/html.js'] },
  'src/features/editor/extensions/language-setup.ts -> ./close-tag-overtype': { id: 6, files: ['static/chunks/overtype.js'] },
  'src/features/editor/extensions/language-setup.ts -> @codemirror/lang-css': { id: 7, files: ['static/chunks/css.js'] },
};
const lesson = (kind: 'code' | 'reorder', names: string[]): Lesson =>
  ({ interaction: kind === 'code' ? { kind } : { kind, lines: [] }, executableContent: { files: names.map((name) => ({ name, content: '', editable: true })) } }) as unknown as Lesson;

describe('editorPrefetchFor', () => {
  it.each([
    ['a Python chapter: the editor, its setup and the Python grammar, each file once, scripts only', [lesson('code', ['main.py'])], ['cm.js', 'shared.js', 'setup.js', 'language.js', 'python.js']],
    ['a page chapter: HTML (with its tag overtyping) and CSS', [lesson('code', ['index.html', 'style.css'])], ['cm.js', 'shared.js', 'setup.js', 'language.js', 'html.js', 'overtype.js', 'css.js']],
    ['a chapter without code lessons: nothing', [lesson('reorder', ['main.py'])], []],
  ])('%s', (_label, lessons, files) => {
    expect(editorPrefetchFor({ lessons }, manifest)).toEqual(files.map((file) => `/_next/static/chunks/${file}`));
  });

  it('gives nothing without a build manifest, and skips entries it cannot read', () => {
    expect(editorPrefetchFor({ lessons: [lesson('code', ['main.py'])] }, null)).toEqual([]);
    expect(prefetchFiles({ a: { files: 'x' }, b: { files: [1, 'static/chunks/b.js'] } }, ['a', 'b', 'missing'])).toEqual(['/_next/static/chunks/b.js']);
  });
});

describe('editorPrefetchFor without a manifest given', () => {
  it('works a chapter out once per process: the same answer object for the same chapter, another for another', () => {
    const chapter = { lessons: [lesson('code', ['main.py'])] };
    const first = editorPrefetchFor(chapter);
    expect(editorPrefetchFor(chapter)).toBe(first);
    expect(editorPrefetchFor({ lessons: [lesson('code', ['main.py'])] })).not.toBe(first);
  });
});
