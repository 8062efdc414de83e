/** @jest-environment jsdom */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consentOf } from '@/domain/analytics/consent';
import { registerCollector } from './collector';
import { createDispatcher } from './dispatch';

/**
 * The destinations with the real Mixpanel SDK (mixpanel-browser) against a stand-in for Mixpanel's
 * ingestion API on 127.0.0.1: what the SDK sends, with our settings, only after consent.
 */
let server: Server;
let origin: string;
const requests: { path: string; body: string }[] = [];

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void read(req).then((body) => {
      requests.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'Access-Control-Allow-Origin': String(req.headers.origin ?? '*'), 'Access-Control-Allow-Credentials': 'true', 'Content-Type': 'application/json' });
      res.end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  requests.length = 0;
  registerCollector(() => Promise.resolve());
});

const event = { name: 'sign_up' as const, properties: { method: 'password' }, path: '/web/register', at: new Date().toISOString() };

describe('the configured destinations', () => {
  it('Mixpanel (analytics consent): the real SDK sends the event with a one-day cookie, no automatic tracking, and no marketing tool loads', async () => {
    const dispatcher = createDispatcher({ mixpanel: { token: 'abc123def456', apiHost: origin }, gtm: { containerId: 'GTM-AB12CD' }, pixel: { url: `${origin}/px` } }, { timeoutMs: 3000 });
    await dispatcher.dispatch([event], consentOf(['analytics']));
    const tracked = requests.filter((request) => request.path.startsWith('/track'));
    expect(tracked).toHaveLength(1);
    const data = Buffer.from(new URLSearchParams(tracked[0]?.body ?? '').get('data') ?? '', 'base64').toString('utf8');
    expect(data).toContain('"event":"sign_up"');
    expect(data).toContain('"method":"password"');
    expect(requests.some((request) => request.path.startsWith('/px'))).toBe(false);
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    const { default: mixpanel } = await import('mixpanel-browser/dist/mixpanel-core.cjs.js');
    expect(mixpanel.get_config('cookie_expiration')).toBe(1);
    expect(mixpanel.get_config('track_links_timeout')).toBe(700);
    expect(mixpanel.get_config('autocapture')).toBe(false);
    expect(document.cookie).toMatch(/mp_abc123def456_mixpanel=/);
  });

  it('GTM and the ad pixel (marketing consent): the container loads from Google only now; the pixel gets conversions only', async () => {
    const images: string[] = [];
    // jsdom fetches no images: record the pixel's URL where the browser would request it.
    const real = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
    Object.defineProperty(HTMLImageElement.prototype, 'src', {
      configurable: true,
      set(this: HTMLImageElement, value: string) {
        images.push(value);
        queueMicrotask(() => this.onload?.(new Event('load')));
      },
    });
    try {
      const dispatcher = createDispatcher({ mixpanel: null, gtm: { containerId: 'GTM-AB12CD' }, pixel: { url: `${origin}/px?id=7` } }, { timeoutMs: 500 });
      await dispatcher.dispatch([event, { ...event, name: 'lesson_started' as never, properties: { trackId: 'python', tutorialId: 't', chapterId: 'c', lessonId: 'l', mode: 'learn' } }], consentOf(['marketing']));
      expect(document.querySelector('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD"]')).not.toBeNull();
      expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' }), { event: 'sign_up', method: 'password' }, expect.objectContaining({ event: 'lesson_started' })]);
      expect(images).toEqual([`${origin}/px?id=7&ev=sign_up&method=password`]);
    } finally {
      if (real) Object.defineProperty(HTMLImageElement.prototype, 'src', real);
    }
  });

  it('a business event (purchase) goes nowhere from the browser: the server records it', async () => {
    const sent: unknown[] = [];
    registerCollector((body) => {
      sent.push(body);
      return Promise.resolve();
    });
    const before = requests.length;
    const dispatcher = createDispatcher({ mixpanel: { token: 'abc123def456', apiHost: origin }, gtm: null, pixel: null }, { timeoutMs: 500 });
    await dispatcher.dispatch([{ name: 'purchase', properties: { plan: 'yearly' }, path: '/web/purchase-successful', at: new Date().toISOString() }], consentOf(['analytics', 'marketing']));
    expect(sent).toEqual([]);
    expect(requests.slice(before).filter((request) => request.path.startsWith('/track'))).toEqual([]);
  });
});
