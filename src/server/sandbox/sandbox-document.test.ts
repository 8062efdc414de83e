import { sandboxDocumentHtml, sandboxAssetsSchema } from './sandbox-document';

const assets = sandboxAssetsSchema.parse({
  runtimeFrame: '/vendor/runtime-frame.aaa.js',
  pageFrame: '/vendor/page-frame.bbb.js',
  workers: { python: '/vendor/python-worker.ccc.mjs', javascript: '/vendor/javascript-worker.ddd.js', sql: '/vendor/sql-worker.eee.js' },
});
const origin = 'http://localhost:3000';

describe('sandboxDocumentHtml', () => {
  it.each([
    ['python', 'python-worker.ccc.mjs'],
    ['javascript', 'javascript-worker.ddd.js'],
    ['sql', 'sql-worker.eee.js'],
  ] as const)('%s: the runtime frame script with absolute URLs of its worker and the vendored files', (kind, worker) => {
    const html = sandboxDocumentHtml(kind, origin, assets);
    expect(html).toContain(`src="${origin}/vendor/runtime-frame.aaa.js"`);
    expect(html).toContain(`data-runtime="${kind}"`);
    expect(html).toContain(`data-worker="${origin}/vendor/${worker}"`);
    expect(html).toContain(`data-assets="${origin}/vendor/"`);
  });

  it('page: only the page frame script, and no inline script of its own', () => {
    const html = sandboxDocumentHtml('page', origin, assets);
    expect(html).toContain(`<script src="${origin}/vendor/page-frame.bbb.js"></script>`);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('escapes what goes into attributes', () => {
    expect(sandboxDocumentHtml('page', 'http://localhost:3000"><script>', assets)).not.toContain('"><script>');
  });

  it('refuses asset paths outside /vendor/', () => {
    expect(sandboxAssetsSchema.safeParse({ ...assets, pageFrame: 'https://evil.example/x.js' }).success).toBe(false);
  });
});
