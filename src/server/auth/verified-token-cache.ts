import { createHash } from 'node:crypto';
import type { DecodedIdToken } from 'firebase-admin/auth';

/**
 * Verified ID tokens, remembered until they expire (issue 18). A signed-in page and each API call
 * verify the learner's ID token; firebase-admin does that locally with Google's cached keys in
 * production, but against the Auth emulator it always asks the emulator over HTTP whether the
 * user was revoked. A token is the same token until its `exp`, so one verification per token and
 * process is enough. What stays per request: Codetrail's own session and sign-out checks (the
 * sessions table and users.sessions_valid_after), so signing out still refuses the token at once.
 *
 * Only successes are kept (a failed or expired token is verified again, so next-firebase-auth
 * still refreshes it); keys are SHA-256 of the token, never the token itself; concurrent checks of
 * one token share one verification; the oldest entries go first past `maxEntries`.
 */
export interface VerifiedTokenCacheOptions {
  maxEntries?: number;
  /** Longest a verification is trusted, whatever the token's own expiry (ms). */
  maxAgeMs?: number;
  now?: () => number;
}

export function createVerifiedTokenCache(verify: (token: string) => Promise<DecodedIdToken>, options: VerifiedTokenCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, { decoded: DecodedIdToken; until: number }>();
  const inFlight = new Map<string, Promise<DecodedIdToken>>();

  return {
    async verify(token: string): Promise<DecodedIdToken> {
      const key = createHash('sha256').update(token).digest('base64url');
      const hit = verified.get(key);
      if (hit) {
        verified.delete(key);
        if (hit.until > now()) {
          verified.set(key, hit); // most recently used last
          return hit.decoded;
        }
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const verification = verify(token).finally(() => inFlight.delete(key));
      inFlight.set(key, verification);
      const decoded = await verification;
      const until = Math.min(decoded.exp * 1000, now() + maxAgeMs);
      if (until > now()) {
        verified.set(key, { decoded, until });
        for (const oldest of verified.keys()) {
          if (verified.size <= maxEntries) break;
          verified.delete(oldest);
        }
      }
      return decoded;
    },
    get size() {
      return verified.size;
    },
  };
}
