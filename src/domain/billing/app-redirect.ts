/**
 * web2app: where `/web2app/success` may send a learner back into the mobile app. Only the app's
 * own URL scheme or universal links from configuration (WEB2APP_APP_LINKS), each a prefix:
 * `codetrail://` or `https://app.codetrail.example/open/`. Anything else is refused and the
 * configured default is used.
 */

const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\u3000\ufeff]/;
const MAX_LENGTH = 2048;

export interface AppLinkConfig {
  /** Accepted prefixes: a custom scheme ("codetrail://") or an https URL prefix. */
  prefixes: readonly string[];
  /** Where the success page leads when no acceptable link was given. */
  fallback: string;
}

export const DEFAULT_APP_LINKS: AppLinkConfig = { prefixes: ['codetrail://'], fallback: 'codetrail://subscription/success' };

/** Checks configured prefixes once: a prefix is a custom scheme ending in "://" or an https URL with a path. */
export function checkAppLinkPrefix(prefix: string): string | null {
  if (UNSAFE.test(prefix)) return `"${prefix}" has spaces or control characters`;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(prefix)?.[1]?.toLowerCase();
  if (!scheme) return `"${prefix}" must start with a scheme, such as codetrail:// or https://`;
  if (['javascript', 'data', 'vbscript', 'file', 'blob', 'http'].includes(scheme)) return `"${prefix}" uses a scheme that cannot be an app link`;
  if (scheme === 'https') {
    let url: URL;
    try {
      url = new URL(prefix);
    } catch {
      return `"${prefix}" is not a URL`;
    }
    if (!prefix.endsWith('/')) return `"${prefix}" must end with "/" so that it names a path, not a host prefix`;
    if (url.username || url.password) return `"${prefix}" must not carry credentials`;
  }
  return null;
}

function decodeRepeatedly(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) return current;
      current = next;
    } catch {
      return current;
    }
  }
  return current;
}

export type AppLinkDecision = { allowed: true; destination: string } | { allowed: false; reason: 'empty' | 'too-long' | 'unsafe-characters' | 'not-an-app-link' | 'dot-segments' };

export function resolveAppLink(raw: unknown, config: AppLinkConfig): AppLinkDecision {
  if (typeof raw !== 'string' || raw.length === 0) return { allowed: false, reason: 'empty' };
  if (raw.length > MAX_LENGTH) return { allowed: false, reason: 'too-long' };
  const decoded = decodeRepeatedly(raw);
  if (UNSAFE.test(raw) || UNSAFE.test(decoded)) return { allowed: false, reason: 'unsafe-characters' };
  const prefix = config.prefixes.find((candidate) => raw.toLowerCase().startsWith(candidate.toLowerCase()));
  if (!prefix) return { allowed: false, reason: 'not-an-app-link' };
  // "https://app.example/open/../../evil" would leave the prefix's path once normalised.
  if (/(^|\/)\.\.?(\/|$)/.test(decoded.slice(prefix.length))) return { allowed: false, reason: 'dot-segments' };
  if (prefix.toLowerCase().startsWith('https://')) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { allowed: false, reason: 'not-an-app-link' };
    }
    if (url.username || url.password || !url.href.toLowerCase().startsWith(prefix.toLowerCase())) return { allowed: false, reason: 'not-an-app-link' };
    return { allowed: true, destination: url.href };
  }
  return { allowed: true, destination: raw };
}

export function appLinkDestination(raw: unknown, config: AppLinkConfig): string {
  const decision = resolveAppLink(raw, config);
  return decision.allowed ? decision.destination : config.fallback;
}
