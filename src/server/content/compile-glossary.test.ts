import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileContent } from './compile-content';
import { compatOf } from './compile-glossary';
import { formatContentError } from './content-error';

const fence = '```';
const htmlLesson = (id: string) =>
  `---\nid: ${id}\ntitle: Links ${id}\ninteraction: multiple-choice\n---\n\n# --explanation--\nLinks. Now choose.\n\n# --hints--\n- Think.\n\n# --question--\nWhich?\n\n# --choices--\n- [x] a\n- [ ] b\n  Why: b is not it.\n`;
const entry = (overrides: Partial<Record<'id' | 'kind' | 'name' | 'title' | 'summary' | 'compat' | 'lessons' | 'related', string>> = {}, body?: string) => {
  const meta = {
    id: 'a',
    kind: 'element',
    name: 'a',
    title: '"<a>: the link element"',
    summary: '"Makes text a link to another page, a place on the same page or an email address."',
    compat: 'html.elements.a',
    lessons: '[html-links]',
    related: '[]',
    ...overrides,
  };
  const front = Object.entries(meta)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
  return `---\n${front}\n---\n\n${
    body ??
    `# --explanation--\nUse \`<a>\` with \`href\`. <script>alert(1)</script>\n\n# --example--\n## index.html\n${fence}html\n<!DOCTYPE html>\n<html lang="en"><head><title>x</title></head><body><a href="#top">Top</a></body></html>\n${fence}\n\n# --checks--\n${fence}yaml\n- type: dom\n  selector: a[href]\n  message: A link.\n${fence}\n`
  }`;
};

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function contentWith(glossary: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'codetrail-glossary-'));
  roots.push(root);
  const files: Record<string, string> = {
    'tracks/html/track.yaml': 'id: html\ntitle: HTML\ndescription: Learn HTML.\nsections:\n  - title: Start\n    tutorials: [html-basics]\n',
    'tracks/html/html-basics/tutorial.yaml': 'id: html-basics\ntitle: Basics\ndescription: The basics.\nkind: course\n',
    'tracks/html/html-basics/01-first/chapter.yaml': 'id: html-first\ntitle: First\n',
    'tracks/html/html-basics/01-first/01-links.md': htmlLesson('html-links'),
    ...Object.fromEntries(Object.entries(glossary).map(([name, text]) => [`glossary/html/${name}`, text])),
  };
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, 'content', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return path.join(root, 'content');
}

describe('the HTML glossary', () => {
  it('compiles an entry: rendered explanation (markup as text), example, checks, browser support', async () => {
    const { content, errors } = await compileContent(contentWith({ 'a.md': entry(), 'href.md': entry({ id: 'href', kind: 'attribute', name: 'href', title: '"href: where a link goes"', compat: 'html.elements.a.href', related: '[a]' }) }));
    expect(errors.map(formatContentError)).toEqual([]);
    const [a, href] = content.glossary ?? [];
    expect(a).toMatchObject({ id: 'a', kind: 'element', lessons: ['html-links'], example: { name: 'index.html' }, checks: [{ type: 'dom', selector: 'a[href]' }] });
    expect(a?.explanationHtml).toContain('<code>&lt;a&gt;</code>');
    expect(a?.explanationHtml).toContain('&lt;script&gt;');
    expect(a?.compat.support.chrome).toBe('1');
    expect(href?.related).toEqual(['a']);
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['an id that is not the file name', { 'b.md': entry() }, /id "a" must equal the file name "b"/],
    ['an unknown lesson', { 'a.md': entry({ lessons: '[html-nope]' }) }, /lesson "html-nope" is not a lesson of the html track/],
    ['an unknown related entry', { 'a.md': entry({ related: '[nav]' }) }, /related "nav" is not another glossary entry/],
    ['an unknown compat key', { 'a.md': entry({ compat: 'html.elements.blinky' }) }, /"html.elements.blinky" is not a key of @mdn\/browser-compat-data/],
    ['a short summary', { 'a.md': entry({ summary: 'Links.' }) }, /summary is at least 50 characters/],
    ['a missing example', { 'a.md': entry({}, '# --explanation--\nText.\n\n# --checks--\n```yaml\n- type: dom\n  selector: a\n  message: m\n```\n') }, /missing part "# --example--"/],
    ['a check that is not a dom check', { 'a.md': entry({}, `# --explanation--\nText.\n\n# --example--\n## index.html\n${fence}html\n<p>x</p>\n${fence}\n\n# --checks--\n${fence}yaml\n- type: output-equals\n  text: x\n  message: m\n${fence}\n`) }, /"dom" checks only/],
  ])('refuses %s', async (_, files, message) => {
    const { errors } = await compileContent(contentWith(files));
    expect(errors.map(formatContentError).join('\n')).toMatch(message);
  });

  it('reads browser support from the data package', () => {
    expect(compatOf('html.global_attributes.lang')?.support.firefox).toBe('1');
    expect(compatOf('html.elements.no-such-element')).toBeNull();
  });
});
