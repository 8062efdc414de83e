import { DEFAULT_RATE_LIMITS, rateLimitKey, rateLimitWindow } from './rate-limit-rules';

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
