import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPreviewServer } from './preview-server';
import { PREVIEW_READY, PREVIEW_RENDER } from '@/domain/build/preview-messages';
import { previewDocument } from './preview-document';

const APP = 'http://localhost:3000';
const LOOPBACK = 'http://127.0.0.1:3000';
const ID = 'abcdefghijklmnopqrst';

describe('the project preview server', () => {
  const server = createPreviewServer({ appOrigins: [APP, LOOPBACK], template: 'http://p-{id}.localhost:3001' });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // node:http, not fetch: fetch does not let a caller choose the Host header.
  const get = (path: string, host: string, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: () => Promise<string> }>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, path, method, headers: { Host: host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: async () => body }));
      });
      sent.on('error', reject);
      sent.end();
    });

  it('serves the preview document on a project host, under a policy without network or framing by others', async () => {
    const response = await get('/', `p-${ID}.localhost:3001`);
    expect(response.status).toBe(200);
    const policy = String(response.headers['content-security-policy'] ?? '');
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("form-action 'none'");
    // Both local spellings of the app may frame it (app-origins.ts), and nothing else.
    expect(policy).toMatch(new RegExp(`frame-ancestors ${APP} ${LOOPBACK}(;|$)`));
    expect(policy).not.toMatch(/script-src[^;]*sha256/);
    expect(await response.text()).toContain(JSON.stringify([APP, LOOPBACK]));
  });

  it.each([
    ['/', 'localhost:3001'],
    ['/', `p-${ID}.localhost:3000`],
    ['/', 'p-short.localhost:3001'],
    ['/', `p-${ID}.evil.example`],
    ['/api/v1/projects', `p-${ID}.localhost:3001`],
    ['/index.html', `p-${ID}.localhost:3001`],
  ])('answers 404 for %s on %s', async (path, host) => {
    expect((await get(path, host)).status).toBe(404);
  });

  it('refuses writes', async () => {
    expect((await get('/', `p-${ID}.localhost:3001`, 'POST')).status).toBe(405);
  });
});

describe('previewDocument', () => {
  it('only takes pages from the app origins, answers only the one that framed it, and only relays its own frame’s console', () => {
    const { html } = previewDocument([APP]);
    expect(html).toContain('event.source === parent && APPS.includes(event.origin) && (app === null || event.origin === app)');
    expect(html).toContain('if (!app || !frame || event.source !== frame.contentWindow) return;');
  });

  it('in production only the configured origin may frame it', () => {
    const { headers, html } = previewDocument(['https://codetrail.app']);
    expect(headers['Content-Security-Policy']).toMatch(/frame-ancestors https:\/\/codetrail\.app$/);
    expect(html).toContain('const APPS = ["https://codetrail.app"];');
  });

  it('refuses to serve without an app origin', () => {
    expect(() => previewDocument([])).toThrow('A preview needs the app origin');
  });
});

/** The shell's script run against a stand-in window: what it accepts and where it answers. */
describe('the preview shell in a window', () => {
  function runShell(appOrigins: string[], ancestorOrigins: string[] | undefined) {
    const script = /<script>([\s\S]*)<\/script>/.exec(previewDocument(appOrigins).html)?.[1] ?? '';
    const posted: { message: unknown; origin: string }[] = [];
    const listeners: ((event: { data: unknown; origin: string; source: unknown }) => void)[] = [];
    const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
    const appended: { title?: string; srcdoc?: string; contentWindow: object }[] = [];
    const document = { createElement: () => ({ contentWindow: {}, replaceWith: () => undefined }), body: { append: (frame: (typeof appended)[number]) => appended.push(frame) } };
    const location = ancestorOrigins ? { ancestorOrigins } : {};
    new Function('parent', 'document', 'location', 'addEventListener', script)(parent, document, location, (_: string, listener: (typeof listeners)[number]) => listeners.push(listener));
    const send = (data: unknown, origin: string, source: unknown = parent) => listeners.forEach((listener) => listener({ data, origin, source }));
    return { posted, appended, send };
  }

  it.each([APP, LOOPBACK])('framed at %s: says ready to that origin alone, and renders what it sends', (framer) => {
    const shell = runShell([APP, LOOPBACK], [framer]);
    expect(shell.posted).toEqual([{ message: { type: PREVIEW_READY }, origin: framer }]);
    shell.send({ type: PREVIEW_RENDER, html: '<h1>Hi</h1>' }, framer);
    expect(shell.appended.map((frame) => frame.srcdoc)).toEqual(['<h1>Hi</h1>']);
    const other = framer === APP ? LOOPBACK : APP;
    shell.send({ type: PREVIEW_RENDER, html: '<h1>Not this</h1>' }, other);
    shell.send({ type: PREVIEW_RENDER, html: '<h1>Nor this</h1>' }, 'http://evil.example');
    expect(shell.appended).toHaveLength(1);
  });

  it('without ancestorOrigins: ready to each allowed origin, then bound to the first that renders', () => {
    const shell = runShell([APP, LOOPBACK], undefined);
    expect(shell.posted.map((post) => post.origin)).toEqual([APP, LOOPBACK]);
    shell.send({ type: PREVIEW_RENDER, html: '<p>one</p>' }, LOOPBACK);
    shell.send({ type: PREVIEW_RENDER, html: '<p>two</p>' }, APP);
    expect(shell.appended.map((frame) => frame.srcdoc)).toEqual(['<p>one</p>']);
  });

  it('a production shell framed by an origin outside the list says ready only to the configured one', () => {
    const shell = runShell(['https://codetrail.app'], ['http://localhost:3000']);
    expect(shell.posted).toEqual([{ message: { type: PREVIEW_READY }, origin: 'https://codetrail.app' }]);
    shell.send({ type: PREVIEW_RENDER, html: '<p>x</p>' }, 'http://localhost:3000');
    expect(shell.appended).toHaveLength(0);
  });
});
