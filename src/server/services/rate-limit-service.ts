import { leaseGranted, rateLimitKey, rateLimitLease, rateLimitWindow, type RateLimitKind, type RateLimitRule } from '@/domain/rate-limits/rate-limit-rules';
import { tokenFailureCounters, type RefusedToken, type TokenCheck } from '@/domain/rate-limits/token-failure-counters';
import { isNamedError } from '@/lib/errors/named-error';
import type { Database } from '@/server/db/client';
import { createSessionRepository } from '@/server/repositories/session-repository';

/** A request over its limit: answered 429 with Retry-After and the rule's sentence. */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * Rate limits counted in the database, so every app process (and every machine) shares one
 * count. A process claims a lease of requests at once (one atomic upsert adds the whole lease to
 * the window's counter) and lets them through locally until it is spent (issue 18): a twentieth
 * of the limit, so small limits stay exact and nothing past the limit is ever let through. Claims
 * for one counter are made one at a time per process, so a burst shares a lease instead of each
 * request claiming its own. Old windows are pruned now and then.
 */
export function createRateLimitService(db: Database, rules: Record<RateLimitKind, RateLimitRule>, now: () => Date) {
  const repository = createSessionRepository(db);
  const leases = new Map<string, { windowStart: number; left: number }>();
  const claims = new Map<string, Promise<void>>();

  async function claim(key: string, windowStart: Date, limit: number): Promise<void> {
    const lease = rateLimitLease(limit);
    const total = await repository.countRequest(key, windowStart, lease);
    leases.set(key, { windowStart: windowStart.getTime(), left: leaseGranted(total, lease, limit) });
    if (leases.size > 50_000) {
      for (const [stale, entry] of leases) if (entry.windowStart < windowStart.getTime()) leases.delete(stale);
    }
  }

  /** Counts a request of `subject`; throws RateLimitedError once the window's limit is passed. */
  async function hit(kind: RateLimitKind, subject: string): Promise<void> {
    const rule = rules[kind];
    const at = now();
    const window = rateLimitWindow(at, rule.windowSeconds);
    const key = rateLimitKey(kind, subject.slice(0, 200));
    for (;;) {
      const held = leases.get(key);
      if (held && held.windowStart === window.start.getTime() && held.left > 0) {
        held.left -= 1;
        return;
      }
      const pending = claims.get(key);
      if (pending) {
        await pending; // another request of this process is claiming: share its lease
        continue;
      }
      const claiming = claim(key, window.start, rule.limit).finally(() => claims.delete(key));
      claims.set(key, claiming);
      await claiming;
      if (Math.random() < 0.001) await repository.deleteCountersBefore(new Date(at.getTime() - 2 * 24 * 60 * 60 * 1000));
      const fresh = leases.get(key);
      if (!fresh || fresh.left === 0) throw new RateLimitedError(rule.message, window.retryAfterSeconds);
      fresh.left -= 1;
      return;
    }
  }

  return {
    hit,

    /**
     * Counts a refused token against every counter it is charged to (token-failure-counters.ts),
     * all of them even when one is already past its limit, so an address's count stays whole; then
     * throws RateLimitedError (the longest wait) if any was. Valid tokens never come here.
     */
    async countRefusedToken(check: TokenCheck, refused: RefusedToken): Promise<void> {
      let limited: RateLimitedError | null = null;
      for (const counter of tokenFailureCounters(check, refused)) {
        try {
          await hit(counter.kind, counter.subject);
        } catch (error) {
          if (!isNamedError<RateLimitedError>(error, 'RateLimitedError')) throw error;
          if (!limited || error.retryAfterSeconds > limited.retryAfterSeconds) limited = error;
        }
      }
      if (limited) throw limited;
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
