import type { RateLimitKind } from './rate-limit-rules';

/**
 * Which counters a refused token is charged to (docs/decisions.md D117, "Sign-in and bearer-token
 * limits count what failed"). Counting every attempt per address let one client behind a school's
 * NAT lock its classmates out; counting what failed keeps a valid sign-in free whatever its
 * neighbours send: valid tokens are never charged here.
 *
 * - A token that names an account (its `sub`, read without trusting it) is charged to that
 *   account, and to its address at a far higher limit (someone making up a new account for every
 *   guess is stopped there).
 * - A token that names no one (not a JWT, garbage, the wrong impersonation secret) is charged to
 *   its address only.
 */

/** Where a token was refused: at sign-in (`POST /api/login`) or as an API v1 bearer token. */
export type TokenCheck = 'sign-in' | 'bearer';

export interface RateLimitCounter {
  kind: RateLimitKind;
  subject: string;
}

export interface RefusedToken {
  /** The token sent; null when none was. */
  token: string | null;
  /** The account when the token was verified but refused anyway (signed out since it was issued). */
  verifiedUid?: string | null;
  /** The caller's address (client-address.ts). */
  address: string;
}

const KINDS: Record<TokenCheck, { account: RateLimitKind; network: RateLimitKind; unnamed: RateLimitKind }> = {
  'sign-in': { account: 'sign-in-failure', network: 'sign-in-failure-network', unnamed: 'sign-in-unnamed' },
  bearer: { account: 'bearer-failure', network: 'bearer-failure-network', unnamed: 'bearer-unnamed' },
};

/** Firebase uids are at most 128 characters; anything else is not a name worth a counter. */
const UID_PATTERN = /^[\x21-\x7e]{1,128}$/;

function base64UrlToText(part: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null;
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  try {
    const binary = atob(base64);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The account a JWT claims (`sub`), WITHOUT checking its signature: only for choosing a rate-limit
 * counter, never for deciding who anyone is. Null for anything that is not a three-part JWT with a
 * printable `sub` of at most 128 characters.
 */
export function claimedSubject(token: string): string | null {
  if (token.length > 8192) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const text = base64UrlToText(parts[1]);
  if (text === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const sub = (payload as Record<string, unknown>).sub;
  return typeof sub === 'string' && UID_PATTERN.test(sub) ? sub : null;
}

/**
 * The counters a refused token is charged to. An API call without any token is not a guess and
 * costs nothing to refuse, so it is not counted; at sign-in it is (as a token naming no one).
 */
export function tokenFailureCounters(check: TokenCheck, refused: RefusedToken): RateLimitCounter[] {
  const kinds = KINDS[check];
  if (refused.token === null && check === 'bearer') return [];
  const subject = refused.verifiedUid ?? (refused.token === null ? null : claimedSubject(refused.token));
  if (subject === null) return [{ kind: kinds.unnamed, subject: refused.address }];
  return [
    { kind: kinds.account, subject },
    { kind: kinds.network, subject: refused.address },
  ];
}
