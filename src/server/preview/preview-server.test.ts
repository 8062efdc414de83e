import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPreviewServer } from './preview-server';
import { previewDocument } from './preview-document';

const APP = 'http://localhost:3000';
const ID = 'abcdefghijklmnopqrst';

describe('the project preview server', () => {
  const server = createPreviewServer({ appOrigin: APP, template: 'http://p-{id}.localhost:3001' });
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
    expect(policy).toContain(`frame-ancestors ${APP}`);
    expect(policy).not.toMatch(/script-src[^;]*sha256/);
    expect(await response.text()).toContain(JSON.stringify(APP));
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
  it('only takes pages from the app origin, and only relays its own frame’s console', () => {
    const { html } = previewDocument(APP);
    expect(html).toContain('event.source === parent && event.origin === APP');
    expect(html).toContain('if (!frame || event.source !== frame.contentWindow) return;');
  });
});
