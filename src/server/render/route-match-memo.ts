import { createRequire } from 'node:module';

/**
 * Next's route matching, remembered per pathname (issue 18).
 *
 * For every page request Next's server asks its route matcher manager which page a pathname is,
 * twice (once to route, once to render): each time it walks the static routes comparing strings,
 * then tests the dynamic routes' expressions in order, through an async generator. With
 * Codetrail's 109 routes (45 dynamic) that walk was about 3 % of the signed-in lesson page's time,
 * against well under 1 % for a bare app's handful. The walk's answer depends on nothing but the
 * pathname and the routes, and in a production server the routes never change after start.
 *
 * So `matchAll` remembers which matchers matched a pathname (usually one) and, when asked again,
 * has only those matchers match it again: each request still gets its own fresh match and
 * parameters from Next's own matcher. Everything else goes to Next's walk untouched: a request
 * with locale information (Codetrail has no i18n), or a manager whose routes are being reloaded.
 * The memory belongs to the manager's current lists of matchers: a reload that finds other routes
 * replaces those lists (even with the same providers), and the memory goes with them; a reload
 * that finds the same matchers keeps both. It keeps at most `MAX_PATHNAMES` pathnames, the oldest
 * going first, so a flood of made-up paths costs memory no more than that and only brings back
 * the walk.
 */
export const MAX_PATHNAMES = 4096;

interface Matcher {
  readonly isDynamic: boolean;
}
interface MatchOptions {
  i18n?: unknown;
  skipDynamic?: boolean;
}
interface Manager {
  compilationID: number;
  lastCompilationID: number;
  matchers: { static: Matcher[]; dynamic: Matcher[] };
  validate(pathname: string, matcher: Matcher, options: MatchOptions): unknown;
  matchAll(pathname: string, options: MatchOptions): AsyncGenerator<unknown, null, undefined>;
}

interface Memory {
  /** The manager's lists of matchers this memory was made from (a reload replaces both). */
  static: Matcher[];
  dynamic: Matcher[];
  found: Map<string, Matcher[]>;
}

const MEMO = Symbol.for('codetrail.routeMatchMemo');

function nextsModules(): { manager: { prototype: Manager & { [MEMO]?: true } }; isDynamicRoute: (path: string) => boolean; ensureLeadingSlash: (path: string) => string } {
  const load = createRequire(require.resolve('next/package.json'));
  return {
    manager: (load('next/dist/server/route-matcher-managers/default-route-matcher-manager') as { DefaultRouteMatcherManager: { prototype: Manager } }).DefaultRouteMatcherManager,
    isDynamicRoute: (load('next/dist/shared/lib/router/utils/is-dynamic') as { isDynamicRoute: (path: string) => boolean }).isDynamicRoute,
    ensureLeadingSlash: (load('next/dist/shared/lib/page-path/ensure-leading-slash') as { ensureLeadingSlash: (path: string) => string }).ensureLeadingSlash,
  };
}

/**
 * Makes Next's route matcher manager remember its matches (for a production server: call before
 * `next()`). Idempotent. Returns a function that restores Next's own `matchAll` (for tests).
 */
export function installRouteMatchMemo(): () => void {
  const { manager, isDynamicRoute, ensureLeadingSlash } = nextsModules();
  const proto = manager.prototype;
  if (proto[MEMO]) return () => undefined;
  const walk = proto.matchAll;
  const memories = new WeakMap<Manager, Memory>();

  /** Every matcher that matches the pathname, in Next's order (Next's own walk, to the end). */
  function matchersFor(self: Manager, pathname: string, options: MatchOptions): Matcher[] {
    const found: Matcher[] = [];
    const candidates = [...(isDynamicRoute(pathname) ? [] : self.matchers.static), ...(options.skipDynamic ? [] : self.matchers.dynamic)];
    for (const matcher of candidates) if (self.validate(pathname, matcher, options)) found.push(matcher);
    return found;
  }

  proto.matchAll = async function* matchAll(this: Manager, pathname: string, options: MatchOptions = {}) {
    if (options.i18n || this.lastCompilationID !== this.compilationID) return yield* walk.call(this, pathname, options);
    let memory = memories.get(this);
    if (!memory || memory.static !== this.matchers.static || memory.dynamic !== this.matchers.dynamic) {
      memory = { static: this.matchers.static, dynamic: this.matchers.dynamic, found: new Map() };
      memories.set(this, memory);
    }
    const path = ensureLeadingSlash(pathname);
    const key = `${options.skipDynamic ? 's' : 'a'}${path}`;
    let found = memory.found.get(key);
    if (!found) {
      found = matchersFor(this, path, options);
      memory.found.set(key, found);
      if (memory.found.size > MAX_PATHNAMES) memory.found.delete(memory.found.keys().next().value as string);
    }
    for (const matcher of found) {
      const match = this.validate(path, matcher, options);
      if (match) yield match;
    }
    return null;
  };
  proto[MEMO] = true;
  return () => {
    proto.matchAll = walk;
    delete proto[MEMO];
  };
}
