import { assemblePageDocumentWithMap, buildPageDocument, locateDocumentLine, measureAcrossReloads, type PageCheck, type PageMeasurement } from './html-page';
import { PAGE_STORAGE_FROM_PAGE } from './page-storage';

const dom = (index: number, before?: PageCheck['before']): PageCheck => ({ index, type: 'dom', selector: 'li', before });

describe('measureAcrossReloads', () => {
  it('loads once when no step reloads, and keeps only the results of checks it asked for', async () => {
    const loads: PageCheck[][] = [];
    const results = await measureAcrossReloads([dom(0), dom(2)], async (_storage, checks) => {
      loads.push(checks);
      return { results: [[0, true], [2, false], [7, true]], resume: null };
    });
    expect(loads).toHaveLength(1);
    expect([...results]).toEqual([[0, true], [2, false]]);
  });

  it('loads again after a reload step, with the storage the page had, from the step after it', async () => {
    const checks = [dom(0), dom(1, [{ click: '#add' }, { reload: true }, { click: '#x' }]), dom(2)];
    const calls: { storage: [string, string][]; checks: PageCheck[] }[] = [];
    const answers: PageMeasurement[] = [
      { results: [[0, true]], resume: { index: 1, after: 2, storage: [['todos', '["a"]']] } },
      { results: [[1, true], [2, false]], resume: null },
    ];
    const results = await measureAcrossReloads(checks, async (storage, pending) => {
      calls.push({ storage, checks: pending });
      return answers[calls.length - 1] as PageMeasurement;
    });
    expect(calls.map((call) => call.storage)).toEqual([[], [['todos', '["a"]']]]);
    expect(calls[1]?.checks).toEqual([dom(1, [{ click: '#x' }]), dom(2)]);
    expect([...results]).toEqual([[0, true], [1, true], [2, false]]);
  });

  it.each([
    ['names a check that is not pending', { index: 9, after: 1, storage: [] }],
    ['resumes after a step that is not a reload', { index: 1, after: 1, storage: [] }],
    ['resumes past the last step', { index: 1, after: 5, storage: [] }],
  ])('stops when the page %s (a page can post anything)', async (_label, resume) => {
    let loads = 0;
    await measureAcrossReloads([dom(0), dom(1, [{ click: '#add' }, { reload: true }])], async () => {
      loads += 1;
      return { results: [], resume };
    });
    expect(loads).toBe(1);
  });

  it('never loads more often than the checks have reload steps', async () => {
    let loads = 0;
    await measureAcrossReloads([dom(0, [{ reload: true }])], async () => {
      loads += 1;
      return { results: [], resume: { index: 0, after: 1, storage: [] } };
    });
    expect(loads).toBe(2);
  });
});

describe('buildPageDocument and the page storage script', () => {
  const files = (html: string) => [{ name: 'index.html', content: html }];

  it('puts the storage script first in <head>, after the doctype without one, never before the doctype', () => {
    expect(buildPageDocument(files('<!doctype html><html><head><title>x</title></head></html>'))).toMatch(/^<!doctype html><html><head><script>.*<\/script><title>/s);
    expect(buildPageDocument(files('<!DOCTYPE html>\n<p>hi</p>'))).toMatch(/^<!DOCTYPE html><script>.*<\/script>\n<p>hi<\/p>$/s);
    expect(buildPageDocument(files('<header>x</header>'))).toMatch(/^<script>.*<\/script><header>x<\/header>$/s);
  });

  it('writes saved items as data that cannot close the script or start markup', () => {
    const hostile: [string, string][] = [['x', '</script><script>parent.postMessage("pwned","*")</script><!--'], ['\u2028', '${`']];
    const page = buildPageDocument(files('<p>hi</p>'), hostile);
    const script = /^<script>(.*?)<\/script>/s.exec(page)?.[1] ?? '';
    expect(script).not.toMatch(/<\/?script|<!--/i);
    expect(page.match(/<script>/g)).toHaveLength(1);
    // The literal handed to the installer reads back as exactly the saved items.
    const literal = /\)\((\[.*?\]),100000,/s.exec(script)?.[1] ?? '';
    expect(JSON.parse(literal)).toEqual(hostile);
    expect(script).toContain(JSON.stringify(PAGE_STORAGE_FROM_PAGE));
  });
});

describe('the assembled page keeps a map back to the learner\'s files', () => {
  const FIRST = '<script>\n(() => {\n  // the platform\'s bridge, several lines long\n})();\n</script>';
  const index = ['<!doctype html>', '<html>', '<head>', '<link rel="stylesheet" href="style.css">', '</head>', '<body>', '<script>oops();</script>', '<script src="script.js"></script>', '</body>', '</html>'].join('\n');
  const files = [
    { name: 'index.html', content: index },
    { name: 'style.css', content: 'p {\n  color: red;\n}' },
    { name: 'script.js', content: 'const a = 1;\nconst b = 2;\nmissing();' },
  ];
  const { html, segments } = assemblePageDocumentWithMap(files, FIRST);
  const lines = html.split('\n');
  /** The document line and column where `text` starts (as a browser reports them, 1-based). */
  const where = (text: string) => {
    const offset = html.indexOf(text);
    const before = html.slice(0, offset);
    return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  };

  it.each([
    ['the inline script in index.html', 'oops();', { file: 'index.html', line: 7 }],
    ['line 1 of script.js (on the same document line as its tag)', 'const a = 1;', { file: 'script.js', line: 1 }],
    ['line 3 of script.js', 'missing();', { file: 'script.js', line: 3 }],
    ['line 2 of style.css', 'color: red;', { file: 'style.css', line: 2 }],
    ['index.html after the inlined script', '</body>', { file: 'index.html', line: 9 }],
    ['the doctype', '<!doctype html>', { file: 'index.html', line: 1 }],
  ])('%s', (_case, text, expected) => {
    const at = where(text);
    expect(locateDocumentLine(segments, at.line, at.column)).toEqual(expected);
  });

  it('answers null for the platform\'s own lines, and maps lines without a column to the line\'s last piece', () => {
    expect(locateDocumentLine(segments, where('the platform').line)).toBeNull();
    expect(locateDocumentLine(segments, where('missing();').line)).toEqual({ file: 'script.js', line: 3 });
    expect(lines.length).toBeGreaterThan(index.split('\n').length);
  });

  it('maps a page without a head or doctype, where the bridge goes first', () => {
    const page = assemblePageDocumentWithMap([{ name: 'index.html', content: '<h1>Hi</h1>\n<script>\nboom();\n</script>' }], FIRST);
    const offset = page.html.indexOf('boom');
    const line = page.html.slice(0, offset).split('\n').length;
    expect(line).toBe(7);
    expect(locateDocumentLine(page.segments, line, 1)).toEqual({ file: 'index.html', line: 3 });
  });
});
