import NextLink from 'next/link';
import type { ComponentProps, ReactElement } from 'react';

type NextLinkProps = ComponentProps<typeof NextLink>;

/**
 * The app's link: next/link without viewport prefetching. Next's pages router downloads and then
 * runs the code of every page linked on screen (the header's Leaderboard, Settings, Profile ...) in
 * the first seconds after load, which on a phone is main-thread time the learner pays for pages
 * they rarely open next. A link's page is still fetched when the pointer rests on it or a finger
 * touches it, before the click. Pages that know the likely next step prefetch it themselves
 * (the lesson player prefetches the next lesson).
 *
 * On the server a link to a plain path renders the anchor next/link would render, without running
 * next/link (see serverAnchor): the browser still hydrates next/link over it.
 */
export function Link({ prefetch = false, ...props }: NextLinkProps) {
  if (typeof window === 'undefined') {
    const anchor = serverAnchor(props);
    if (anchor) return anchor;
  }
  return <NextLink prefetch={prefetch} {...props} />;
}

/**
 * A path next/link would render unchanged: one leading slash, path segments of unreserved
 * characters (no `.` or `..` segment, no empty segment, no trailing slash), then optionally a query
 * and a fragment of characters that URL parsing keeps as they are.
 */
const PLAIN_PATH = /^(?:\/|(?:\/(?!\.\.?(?:[/?#]|$))[A-Za-z0-9\-._~]+)+)(?:\?[A-Za-z0-9\-._~=&+%]*)?(?:#[A-Za-z0-9\-._~]*)?$/;

export function isPlainPath(href: string): boolean {
  return PLAIN_PATH.test(href);
}

/**
 * next/link's server render is an anchor with the link's other props and the resolved href. For
 * a plain path that resolution (URL parsing against the router, about 50 µs a link, issue 18) changes
 * nothing, so the anchor is rendered directly, with the same attributes in the same order. Any
 * other link (an object href, `as`, a locale, legacyBehavior, a relative or unusual path) is left
 * to next/link. link.test.tsx renders both for a table of hrefs and requires the same HTML.
 */
export function serverAnchor(props: Omit<NextLinkProps, 'prefetch'>): ReactElement | null {
  const {
    href,
    as,
    children,
    passHref: _passHref,
    replace: _replace,
    shallow: _shallow,
    scroll: _scroll,
    locale,
    onClick: _onClick,
    onNavigate: _onNavigate,
    onMouseEnter: _onMouseEnter,
    onTouchStart: _onTouchStart,
    legacyBehavior,
    ...anchorProps
  } = props;
  if (typeof href !== 'string' || as !== undefined || locale !== undefined || legacyBehavior || !isPlainPath(href)) return null;
  // next/link adds a basePath and locales to the href; Next inlines both settings into the build
  // (none in next.config.js today), and with either set every link is left to next/link.
  if (process.env.__NEXT_ROUTER_BASEPATH || process.env.__NEXT_I18N_SUPPORT) return null;
  return (
    <a {...anchorProps} href={href}>
      {children}
    </a>
  );
}
