import { paths } from '../routing/paths';
/**
 * Decides whether a post-login `redirectUrl` may be followed.
 *
 * Only two shapes are accepted:
 *  - a same-origin path ("/web/…"), returned in its normalised form so that
 *    dot segments cannot turn it into a protocol-relative URL ("/.//evil.com");
 *  - an absolute http(s) URL whose host is on the allow-list (exact match,
 *    case-insensitive, any port), without credentials.
 * Everything else (protocol-relative, backslashes, control characters,
 * other schemes, encoded tricks) is refused.
 */

export const LOCAL_REDIRECT_HOSTS = ['localhost', '127.0.0.1'] as const;

export type RedirectDecision =
  | { allowed: true; destination: string }
  | { allowed: false; reason: RedirectRefusal };

export type RedirectRefusal =
  | 'empty'
  | 'too-long'
  | 'unsafe-characters'
  | 'protocol-relative'
  | 'malformed'
  | 'scheme-not-allowed'
  | 'credentials-in-url'
  | 'host-not-allowed';

const MAX_REDIRECT_LENGTH = 2048;
const PLACEHOLDER_ORIGIN = 'http://redirect-base.invalid';

/**
 * Lower-cased host names (no port) that count as ours. The local development hosts count only in
 * local mode: in production a redirect to localhost would lead a learner's browser to whatever
 * listens on their own machine.
 */
export function buildRedirectAllowList(ownHosts: readonly string[], options: { local: boolean }): string[] {
  const hosts = [...ownHosts, ...(options.local ? LOCAL_REDIRECT_HOSTS : [])]
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host.length > 0);
  return Array.from(new Set(hosts));
}

function decodeRepeatedly(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

// Control characters, whitespace and backslashes are never part of a URL we
// produce ourselves; browsers silently strip or reinterpret them.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\u3000\ufeff]/;

export function resolveRedirect(
  raw: unknown,
  allowList: readonly string[],
): RedirectDecision {
  if (typeof raw !== 'string' || raw.length === 0) return { allowed: false, reason: 'empty' };
  if (raw.length > MAX_REDIRECT_LENGTH) return { allowed: false, reason: 'too-long' };

  const decoded = decodeRepeatedly(raw);
  if (UNSAFE_CHARACTERS.test(raw) || UNSAFE_CHARACTERS.test(decoded)) {
    return { allowed: false, reason: 'unsafe-characters' };
  }

  if (raw.startsWith('/')) {
    if (raw.startsWith('//') || decoded.startsWith('//')) {
      return { allowed: false, reason: 'protocol-relative' };
    }
    let url: URL;
    try {
      url = new URL(raw, PLACEHOLDER_ORIGIN);
    } catch {
      return { allowed: false, reason: 'malformed' };
    }
    if (url.origin !== PLACEHOLDER_ORIGIN) return { allowed: false, reason: 'protocol-relative' };
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    if (normalised.startsWith('//') || decodeRepeatedly(normalised).startsWith('//')) {
      return { allowed: false, reason: 'protocol-relative' };
    }
    return { allowed: true, destination: normalised };
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { allowed: false, reason: 'malformed' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { allowed: false, reason: 'scheme-not-allowed' };
  }
  if (url.username !== '' || url.password !== '') {
    return { allowed: false, reason: 'credentials-in-url' };
  }
  const host = url.hostname.toLowerCase();
  const allowed = allowList.some((candidate) => candidate.toLowerCase() === host);
  if (!allowed) return { allowed: false, reason: 'host-not-allowed' };
  return { allowed: true, destination: url.href };
}

export interface ActiveSection {
  trackId: string;
  /** 'active' lets /web/{trackId}/section/active work it out from the learner's progress. */
  sectionIndex: number | 'active';
}

export const ONBOARDING_CHECK_PATH = paths.onboardingCheck();

/** Where a signed-in user goes when no (acceptable) redirect was asked for. */
export function defaultDestination(activeSection: ActiveSection | null): string {
  if (activeSection) {
    return paths.section(activeSection.trackId, activeSection.sectionIndex);
  }
  return ONBOARDING_CHECK_PATH;
}

export interface PostLoginDestination {
  destination: string;
  refused: RedirectRefusal | null;
}

/**
 * The destination after login: the requested URL when it is acceptable, otherwise
 * the default. `refused` is set when a redirect was asked for but refused, so the
 * caller can log a warning (spec §5).
 */
export function postLoginDestination(
  requested: unknown,
  allowList: readonly string[],
  activeSection: ActiveSection | null,
): PostLoginDestination {
  const fallback = defaultDestination(activeSection);
  if (requested === undefined || requested === null || requested === '') {
    return { destination: fallback, refused: null };
  }
  const decision = resolveRedirect(requested, allowList);
  if (decision.allowed) return { destination: decision.destination, refused: null };
  return { destination: fallback, refused: decision.reason };
}
