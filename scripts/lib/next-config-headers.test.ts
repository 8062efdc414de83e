/**
 * The headers next.config.js asks Next to send (issue 18): Next compiles every header value that
 * holds a colon as a path template on every request when the route's source has a named parameter,
 * so the sources use unnamed groups only; and they still cover what they must.
 */
import path from 'node:path';

type HeaderRoute = { source: string; headers: { key: string; value: string }[] };

async function headerRoutes(): Promise<HeaderRoute[]> {
  const configFor = jest.requireActual<(phase: string) => { headers: () => Promise<HeaderRoute[]> }>(path.resolve('next.config.js'));
  return configFor('phase-production-build').headers();
}

/** Next's own matcher for a header route (unnamed parameters dropped, as Next's router does). */
function matches(source: string, pathname: string): false | Record<string, unknown> {
  const { getPathMatch } = jest.requireActual<{ getPathMatch: (path: string, options: object) => (pathname: string) => false | Record<string, unknown> }>(
    'next/dist/shared/lib/router/utils/path-match',
  );
  return getPathMatch(source, { strict: true, removeUnnamedParams: true })(pathname);
}

describe('next.config.js headers', () => {
  it('match without parameters, so Next never compiles the policy per request', async () => {
    const routes = await headerRoutes();
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(route.source).not.toMatch(/:[A-Za-z_]/);
      expect(matches(route.source, route.source.startsWith('/vendor') ? '/vendor/pyodide/0.1/x.js' : '/web/python/section/0')).toEqual({});
    }
  });

  it('send the app’s policy on every path but the sandbox documents, and the vendor cache on /vendor', async () => {
    const [app, vendor] = await headerRoutes();
    expect(app?.headers.map((header) => header.key)).toContain('Content-Security-Policy');
    for (const pathname of ['/', '/web/track/python/tutorial/t/chapter/c/learn', '/api/v1/tracks', '/_next/static/chunks/main.js', '/vendor/x.js']) {
      expect([pathname, matches(app?.source ?? '', pathname)]).toEqual([pathname, {}]);
    }
    expect(matches(app?.source ?? '', '/api/sandbox/frame')).toBe(false);
    expect(vendor?.headers).toContainEqual({ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' });
    expect(matches(vendor?.source ?? '', '/vendor/runtime/abc.js')).toEqual({});
    expect(matches(vendor?.source ?? '', '/web/vendor/x.js')).toBe(false);
  });
});

describe('next.config.js ETags', () => {
  it('are off: pages and API answers are no-store, so an ETag is never used, only computed', () => {
    const configFor = jest.requireActual<(phase: string) => { generateEtags?: boolean }>(path.resolve('next.config.js'));
    expect(configFor('phase-production-build').generateEtags).toBe(false);
  });
});
