/**
 * @jest-environment node
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { installRouteMatchMemo, MAX_PATHNAMES } from './route-match-memo';

/* eslint-disable @typescript-eslint/no-require-imports */
const { DefaultRouteMatcherManager } = require('next/dist/server/route-matcher-managers/default-route-matcher-manager');
const { RouteMatcher } = require('next/dist/server/route-matchers/route-matcher');
/* eslint-enable @typescript-eslint/no-require-imports */

interface Match {
  definition: { pathname: string };
  params?: Record<string, string | string[]>;
}

/** Codetrail's own routes, from pages/ (what Next's pages provider lists for the build). */
function appRoutes(dir = path.join(process.cwd(), 'pages'), prefix = ''): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return appRoutes(full, `${prefix}/${entry}`);
    if (!/\.tsx?$/.test(entry) || /^_(app|document)\./.test(entry)) return [];
    const name = entry.replace(/\.tsx?$/, '');
    return [name === 'index' ? prefix || '/' : `${prefix}/${name}`];
  });
}

async function managerWith(routes: string[]) {
  const manager = new DefaultRouteMatcherManager();
  const matchers = routes.map((pathname) => new RouteMatcher({ kind: 'PAGES', pathname, page: pathname, bundlePath: `pages${pathname}`, filename: `${pathname}.js` }));
  manager.push({ matchers: async () => matchers });
  await manager.reload();
  return manager;
}

const describeMatch = (match: Match | null) => (match ? { route: match.definition.pathname, params: match.params ?? {} } : null);

async function everyMatch(manager: { matchAll(pathname: string, options: object): AsyncIterable<Match> }, pathname: string, options: object = {}) {
  const all = [];
  for await (const match of manager.matchAll(pathname, options)) all.push(describeMatch(match));
  return all;
}

const PATHNAMES = [
  '/',
  '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn',
  '/ssr/track/python/tutorial/python-basics/chapter/python-basics-first-steps/challenge',
  '/web/python/section/0',
  '/web/track/[trackId]/tutorial/[tutorialId]/chapter/[chapterId]/learn',
  '/api/v1/tracks',
  '/api/v1/tracks/python/tutorials/python-basics/chapters/first/lessons/hello/savefiles',
  '/api/health',
  '/web/login',
  '/web/track/caf%C3%A9/tutorial/a/chapter/b/learn',
  '/no/such/page',
  'web/login',
];

describe('installRouteMatchMemo', () => {
  const routes = appRoutes();
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('finds Codetrail routes to test with', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContain('/web/track/[trackId]/tutorial/[tutorialId]/chapter/[chapterId]/learn');
  });

  it('answers every pathname as Next does, the first time and when asked again', async () => {
    const plain = await managerWith(routes);
    const expected = await Promise.all(PATHNAMES.map(async (pathname) => ({ first: describeMatch(await plain.match(pathname, {})), all: await everyMatch(plain, pathname), skip: await everyMatch(plain, pathname, { skipDynamic: true }) })));
    expect(expected[1]!.first?.route).toBe('/web/track/[trackId]/tutorial/[tutorialId]/chapter/[chapterId]/learn');
    expect(expected[10]!.first).toBeNull();

    restore = installRouteMatchMemo();
    const memo = await managerWith(routes);
    for (const round of [1, 2]) {
      const got = await Promise.all(PATHNAMES.map(async (pathname) => ({ first: describeMatch(await memo.match(pathname, {})), all: await everyMatch(memo, pathname), skip: await everyMatch(memo, pathname, { skipDynamic: true }) })));
      expect({ round, got }).toEqual({ round, got: expected });
    }
  });

  it('asks one matcher the second time, and each request gets its own match and parameters', async () => {
    restore = installRouteMatchMemo();
    const manager = await managerWith(routes);
    const validate = jest.spyOn(manager, 'validate');
    const lesson = PATHNAMES[1];
    const first = await manager.match(lesson, {});
    const walked = validate.mock.calls.length;
    expect(walked).toBeGreaterThan(50);
    validate.mockClear();
    const second = await manager.match(lesson, {});
    expect(validate).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second.params).not.toBe(first.params);
    expect((await manager.match('/web/track/java/tutorial/t/chapter/c/learn', {})).params).toEqual({ trackId: 'java', tutorialId: 't', chapterId: 'c' });
  });

  it('leaves locale-aware matching and routes being reloaded to Next', async () => {
    restore = installRouteMatchMemo();
    const manager = await managerWith(routes);
    const validate = jest.spyOn(manager, 'validate');
    await manager.match('/web/login', { i18n: { pathname: '/web/login', inferredFromDefault: false } });
    await manager.match('/web/login', { i18n: { pathname: '/web/login', inferredFromDefault: false } });
    expect(validate.mock.calls.length).toBeGreaterThan(2);
    manager.push({ matchers: async () => [] });
    await expect(manager.match('/web/login', {})).rejects.toThrow(/expected routes to have been loaded/);
  });

  it('forgets its answers when the routes are compiled again', async () => {
    restore = installRouteMatchMemo();
    const manager = await managerWith(['/[slug]']);
    expect(describeMatch(await manager.match('/about', {}))?.route).toBe('/[slug]');
    manager.push({ matchers: async () => [new RouteMatcher({ kind: 'PAGES', pathname: '/about', page: '/about', bundlePath: 'pages/about', filename: 'about.js' })] });
    await manager.reload();
    expect(describeMatch(await manager.match('/about', {}))?.route).toBe('/about');
  });

  it('forgets its answers when the same providers reload with other routes', async () => {
    restore = installRouteMatchMemo();
    let routes = ['/[slug]'];
    const manager = new DefaultRouteMatcherManager();
    manager.push({ matchers: async () => routes.map((pathname) => new RouteMatcher({ kind: 'PAGES', pathname, page: pathname, bundlePath: `pages${pathname}`, filename: `${pathname}.js` })) });
    await manager.reload();
    expect(describeMatch(await manager.match('/about', {}))?.route).toBe('/[slug]');
    routes = ['/[slug]', '/about'];
    await manager.reload();
    expect(describeMatch(await manager.match('/about', {}))?.route).toBe('/about');
  });

  it('keeps its answers when a reload finds the same matchers', async () => {
    restore = installRouteMatchMemo();
    const matchers = ['/[slug]', '/about'].map((pathname) => new RouteMatcher({ kind: 'PAGES', pathname, page: pathname, bundlePath: `pages${pathname}`, filename: `${pathname}.js` }));
    const manager = new DefaultRouteMatcherManager();
    manager.push({ matchers: async () => matchers });
    await manager.reload();
    expect(describeMatch(await manager.match('/other', {}))?.route).toBe('/[slug]');
    await manager.reload();
    const validate = jest.spyOn(manager, 'validate');
    expect(describeMatch(await manager.match('/other', {}))?.route).toBe('/[slug]');
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it(`keeps at most ${MAX_PATHNAMES} pathnames and still answers each correctly`, async () => {
    restore = installRouteMatchMemo();
    const manager = await managerWith(routes);
    for (let i = 0; i <= MAX_PATHNAMES + 10; i++) await manager.match(`/web/track/t${i}/tutorial/u/chapter/c/learn`, {});
    const validate = jest.spyOn(manager, 'validate');
    // The newest pathname is still remembered (one matcher asked); the oldest was let go (a walk).
    await manager.match(`/web/track/t${MAX_PATHNAMES + 10}/tutorial/u/chapter/c/learn`, {});
    expect(validate).toHaveBeenCalledTimes(1);
    validate.mockClear();
    expect((await manager.match('/web/track/t0/tutorial/u/chapter/c/learn', {})).params.trackId).toBe('t0');
    expect(validate.mock.calls.length).toBeGreaterThan(1);
    expect(await manager.match('/still/nothing', {})).toBeNull();
  });

  it('installs once and can be undone', async () => {
    restore = installRouteMatchMemo();
    const memoized = DefaultRouteMatcherManager.prototype.matchAll;
    expect(installRouteMatchMemo()()).toBeUndefined();
    expect(DefaultRouteMatcherManager.prototype.matchAll).toBe(memoized);
    restore();
    expect(DefaultRouteMatcherManager.prototype.matchAll).not.toBe(memoized);
    restore = () => undefined;
  });
});
