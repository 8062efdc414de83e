/**
 * Whether a cookie-authenticated state change (sign-in, sign-out) comes from our own pages.
 * Browsers send `Origin` on every cross-origin POST and `Sec-Fetch-Site` on every request, so a
 * request from another site (or a sibling subdomain such as a shared project's preview origin,
 * which SameSite cookies do not stop) is recognised and refused. A request with neither header
 * is not from a browser page and cannot carry a victim's cookies by itself, so it passes.
 */

export interface OriginHeaders {
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** The Host header: a browser always sends the host it is talking to. */
  host: string | undefined;
}

export type CrossSiteRefusal = 'cross-site-fetch' | 'foreign-origin' | 'opaque-origin';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

export function crossSiteRefusal(headers: OriginHeaders, appOrigin: string): CrossSiteRefusal | null {
  const site = headers.secFetchSite?.toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return 'cross-site-fetch';
  if (headers.origin === undefined) return null;
  // Sandboxed frames and some privacy modes send the literal "null".
  if (headers.origin === 'null') return 'opaque-origin';
  const requestHost = hostOf(headers.origin);
  const ownHosts = [hostOf(appOrigin), headers.host?.toLowerCase() ?? null].filter((host): host is string => host !== null);
  return requestHost !== null && ownHosts.includes(requestHost) ? null : 'foreign-origin';
}
