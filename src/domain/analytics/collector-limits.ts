import type { RateLimitKind } from '@/domain/rate-limits/rate-limit-rules';

/**
 * What the collector counts a batch's events against (rate-limit-rules.ts): the learner, or the
 * visitor's anonymous id of the day; and for a caller who is not signed in, also the address.
 * The anonymous id and the consent cookie are the visitor's own writing, so a flood that makes up
 * a new id per request still meets the address's count. A signed-in learner is not counted per
 * address: a class behind one school address must not share one budget.
 */
export interface CollectorCaller {
  userId: string | null;
  anonymousId: string | null;
  /** The client's address as the app sees it (client-address.ts); null when unknown. */
  address: string | null;
}

export function analyticsLimitSubjects(caller: CollectorCaller): { kind: RateLimitKind; subject: string }[] {
  if (caller.userId) return [{ kind: 'analytics-visitor', subject: `learner:${caller.userId}` }];
  const subjects: { kind: RateLimitKind; subject: string }[] = [];
  if (caller.anonymousId) subjects.push({ kind: 'analytics-visitor', subject: `visitor:${caller.anonymousId}` });
  subjects.push({ kind: 'analytics-address', subject: `address:${caller.address ?? 'unknown'}` });
  return subjects;
}
