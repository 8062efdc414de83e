import { createHash } from 'node:crypto';
import { inlineScriptText, sandboxAssetsSchema, sandboxDocument, scriptHash } from './sandbox-document';

const assets = sandboxAssetsSchema.parse({
  runtimeFrame: '/vendor/runtime-frame.aaa.js',
  pageFrame: '/vendor/page-frame.bbb.js',
  workers: { python: '/vendor/python-worker.ccc.mjs', javascript: '/vendor/javascript-worker.ddd.js', sql: '/vendor/sql-worker.eee.js' },
});
const scripts = { runtime: 'startRuntime();', page: 'showPage();' };
const origin = 'http://localhost:3000';

describe('sandboxDocument', () => {
  it.each([
    ['python', 'python-worker.ccc.mjs'],
    ['javascript', 'javascript-worker.ddd.js'],
    ['sql', 'sql-worker.eee.js'],
  ] as const)('%s: the runtime frame script inline, with absolute URLs of its worker and the vendored files', (kind, worker) => {
    const { html, frameScriptHash } = sandboxDocument(kind, origin, assets, scripts);
    expect(html).toContain('startRuntime();</script>');
    expect(html).not.toContain('src=');
    expect(html).toContain(`data-runtime="${kind}"`);
    expect(html).toContain(`data-worker="${origin}/vendor/${worker}"`);
    expect(html).toContain(`data-assets="${origin}/vendor/"`);
    expect(frameScriptHash).toBe(createHash('sha256').update('startRuntime();').digest('base64'));
  });

  it('page: only the page frame script, inline', () => {
    const { html } = sandboxDocument('page', origin, assets, scripts);
    expect(html).toContain('<script>showPage();</script>');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('escapes what goes into attributes', () => {
    expect(sandboxDocument('python', 'http://localhost:3000"><script>', assets, scripts).html).not.toContain('"><script>');
  });

  it('a bundle cannot close its own script element early, and the hash is of the text sent', () => {
    const source = 'const a = "</script><img src=x>"; const b = "<!--"; const c = "</SCRIPT>";';
    const { html, frameScriptHash } = sandboxDocument('python', origin, assets, { ...scripts, runtime: source });
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(frameScriptHash).toBe(scriptHash(inlineScriptText(source)));
    // The escape means the same to JavaScript.
    expect(new Function(`${inlineScriptText(source)}; return [a, b, c];`)()).toEqual(['</script><img src=x>', '<!--', '</SCRIPT>']);
  });

  it('refuses asset paths outside /vendor/', () => {
    expect(sandboxAssetsSchema.safeParse({ ...assets, pageFrame: 'https://evil.example/x.js' }).success).toBe(false);
  });
});
