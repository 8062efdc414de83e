/**
 * The rate limits: fixed windows counted per subject. Each kind has one rule; the numbers can be
 * changed by configuration (docs/security.md), the shapes here cannot.
 */

export type RateLimitKind =
  | 'session-create'
  | 'sign-in-failure'
  | 'sign-in-failure-network'
  | 'sign-in-unnamed'
  | 'api'
  | 'bearer-failure'
  | 'bearer-failure-network'
  | 'bearer-unnamed'
  | 'tutor'
  | 'project-write'
  | 'public-read'
  | 'analytics-visitor'
  | 'analytics-address';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /**
   * What is counted: one browser address, one learner (proven by a verified token), the account a
   * refused token claims (read without trusting it, only to choose the counter), or one learner or
   * visitor (their anonymous id).
   */
  per: 'ip' | 'learner' | 'claimed-account' | 'visitor';
  /** Said to the caller when the limit is reached. */
  message: string;
}

const SIGN_IN_MESSAGE = 'Too many sign-in attempts from this network. Wait a few minutes and try again.';
const API_MESSAGE = 'Too many requests in a short time. Wait a moment and try again.';

export const DEFAULT_RATE_LIMITS: Record<RateLimitKind, RateLimitRule> = {
  // Valid sign-ins are counted per learner only (new sessions; refreshing one is not counted), so
  // a school class behind one address never meets it. Refused tokens have their own counters
  // below, keyed by what failed (token-failure-counters.ts, docs/decisions.md D117).
  'session-create': { limit: 100, windowSeconds: 10 * 60, per: 'learner', message: SIGN_IN_MESSAGE },
  // A learner's client rarely sends a bad token (it refreshes before expiry): ten is generous.
  'sign-in-failure': { limit: 10, windowSeconds: 10 * 60, per: 'claimed-account', message: SIGN_IN_MESSAGE },
  // Refused tokens that name an account, per address: catches an attacker who makes up a new
  // account for every try, far above what thirty learners' stale tokens could add up to.
  'sign-in-failure-network': { limit: 1000, windowSeconds: 10 * 60, per: 'ip', message: SIGN_IN_MESSAGE },
  // Tokens that name no one (garbage, no token): the Firebase SDK never sends them, so a class of
  // thirty would need ten each to meet this.
  'sign-in-unnamed': { limit: 300, windowSeconds: 10 * 60, per: 'ip', message: SIGN_IN_MESSAGE },
  api: { limit: 600, windowSeconds: 60, per: 'learner', message: API_MESSAGE },
  // Refused bearer tokens: a page fires several calls at once, in several tabs, so a stale token
  // fails more often per learner than at sign-in.
  'bearer-failure': { limit: 100, windowSeconds: 10 * 60, per: 'claimed-account', message: API_MESSAGE },
  'bearer-failure-network': { limit: 1000, windowSeconds: 10 * 60, per: 'ip', message: API_MESSAGE },
  'bearer-unnamed': { limit: 300, windowSeconds: 10 * 60, per: 'ip', message: API_MESSAGE },
  tutor: { limit: 100, windowSeconds: 24 * 60 * 60, per: 'learner', message: 'You have asked the tutor a lot today. Hints and check messages still help, and the tutor is back tomorrow.' },
  // Each build-area change may store up to 500 KB: a save a second keeps up with any typing.
  'project-write': { limit: 60, windowSeconds: 60, per: 'learner', message: 'Your projects were changed very often in the last minute. Wait a moment; your work is kept in the browser meanwhile.' },
  // Shared projects are read without signing in, so they are counted per address.
  'public-read': { limit: 300, windowSeconds: 60, per: 'ip', message: 'Too many shared projects were opened from this network in a short time. Wait a moment and try again.' },
  // Analytics events (not requests) kept per learner or visitor: a busy lesson sends a few a minute.
  // Anyone can write a consent cookie and a new anonymous id, so visitors are also counted per address.
  'analytics-visitor': { limit: 200, windowSeconds: 10 * 60, per: 'visitor', message: 'Too many analytics events from this browser in a short time: these were not recorded. Wait a few minutes.' },
  'analytics-address': { limit: 400, windowSeconds: 10 * 60, per: 'ip', message: 'Too many analytics events from this network in a short time: these were not recorded. Wait a few minutes.' },
};

export interface RateLimitWindow {
  /** The window's first instant (UTC), the counter's key together with the subject. */
  start: Date;
  /** Seconds until the window ends (Retry-After), at least 1. */
  retryAfterSeconds: number;
}

/** The fixed window `now` falls in; windows are aligned to the Unix epoch (days start at 00:00 UTC). */
export function rateLimitWindow(now: Date, windowSeconds: number): RateLimitWindow {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** The counter key of a subject: kinds never share counters. */
export function rateLimitKey(kind: RateLimitKind, subject: string): string {
  return `${kind}:${subject}`;
}

/**
 * Issue 18: an app process claims a lease of this many requests from the shared counter at once
 * and spends it locally, so a busy learner costs one database write per lease rather than per
 * request. A twentieth of the limit: exact for small limits (a lease of 1), and with P processes
 * at most P leases of budget can sit unused in other processes (never more than the limit is let
 * through).
 */
export function rateLimitLease(limit: number): number {
  return Math.max(1, Math.floor(limit / 20));
}

/** How many requests a claimed lease may let through: what was left of the limit before it, up to the lease. */
export function leaseGranted(totalAfterClaim: number, lease: number, limit: number): number {
  return Math.max(0, Math.min(lease, limit - (totalAfterClaim - lease)));
}
