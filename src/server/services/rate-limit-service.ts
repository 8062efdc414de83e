import { rateLimitKey, rateLimitWindow, type RateLimitKind, type RateLimitRule } from '@/domain/rate-limits/rate-limit-rules';
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
 * count. One upsert per counted request; old windows are pruned now and then.
 */
export function createRateLimitService(db: Database, rules: Record<RateLimitKind, RateLimitRule>, now: () => Date) {
  const repository = createSessionRepository(db);
  return {
    /** Counts a request of `subject`; throws RateLimitedError once the window's limit is passed. */
    async hit(kind: RateLimitKind, subject: string): Promise<void> {
      const rule = rules[kind];
      const at = now();
      const window = rateLimitWindow(at, rule.windowSeconds);
      const count = await repository.countRequest(rateLimitKey(kind, subject.slice(0, 200)), window.start);
      if (Math.random() < 0.001) await repository.deleteCountersBefore(new Date(at.getTime() - 2 * 24 * 60 * 60 * 1000));
      if (count > rule.limit) throw new RateLimitedError(rule.message, window.retryAfterSeconds);
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
