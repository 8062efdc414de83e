import { DEFAULT_RATE_LIMITS, leaseGranted, rateLimitKey, rateLimitLease, rateLimitWindow } from './rate-limit-rules';

describe('rateLimitWindow', () => {
  it.each([
    ['the first second of a minute', '2026-11-23T10:00:00.000Z', 60, '2026-11-23T10:00:00.000Z', 60],
    ['the middle of a minute', '2026-11-23T10:00:30.250Z', 60, '2026-11-23T10:00:00.000Z', 30],
    ['the last instant of a minute', '2026-11-23T10:00:59.999Z', 60, '2026-11-23T10:00:00.000Z', 1],
    ['a day window starts at midnight UTC', '2026-11-23T23:59:00.000Z', 86_400, '2026-11-23T00:00:00.000Z', 60],
    ['ten minutes', '2026-11-23T10:17:00.000Z', 600, '2026-11-23T10:10:00.000Z', 180],
  ])('%s', (_label, now, seconds, start, retryAfter) => {
    const window = rateLimitWindow(new Date(now), seconds);
    expect(window.start.toISOString()).toBe(start);
    expect(window.retryAfterSeconds).toBe(retryAfter);
  });
});

describe('rate limit rules', () => {
  it('keeps kinds apart in the counters', () => {
    expect(rateLimitKey('api', 'u1')).not.toBe(rateLimitKey('tutor', 'u1'));
  });

  it.each(Object.entries(DEFAULT_RATE_LIMITS))('%s has a positive limit, a window and a sentence', (_kind, rule) => {
    expect(rule.limit).toBeGreaterThan(0);
    expect(rule.windowSeconds).toBeGreaterThan(0);
    expect(rule.message).toMatch(/\.$/);
  });
});

describe('rate-limit leases', () => {
  it.each([
    [1, 1],
    [3, 1],
    [19, 1],
    [20, 1],
    [100, 5],
    [600, 30],
    [1_000_000, 50_000],
  ])('a limit of %i is claimed %i at a time', (limit, lease) => {
    expect(rateLimitLease(limit)).toBe(lease);
  });

  it.each([
    // total after the claim, lease, limit → granted
    [30, 30, 600, 30],
    [600, 30, 600, 30],
    [610, 30, 600, 20],
    [630, 30, 600, 0],
    [700, 30, 600, 0],
    [1, 1, 3, 1],
    [3, 1, 3, 1],
    [4, 1, 3, 0],
  ])('after a claim the total is %i (lease %i, limit %i): %i let through', (total, lease, limit, granted) => {
    expect(leaseGranted(total, lease, limit)).toBe(granted);
  });
});
