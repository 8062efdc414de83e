import { analyticsBatchSchema, analyticsEventSchema, ANALYTICS_EVENT_NAMES, ANALYTICS_EVENTS, browserEventSchema, destinationsFor, isServerOnlyEventName, LINK_TRACKING_TIMEOUT_MS, ANALYTICS_COOKIE_DAYS, MAX_EVENTS_PER_BATCH, SERVER_ONLY_EVENT_NAMES, type Destination } from './events';
import type { ConsentCategory } from './consent';

const at = '2026-11-24T10:00:00.000Z';
const all = new Set<Destination>(['collector', 'mixpanel', 'gtm', 'pixel', 'email_tracker']);
const granted = (...categories: ConsentCategory[]) => new Set<ConsentCategory>(['necessary', ...categories]);

describe('the event catalogue', () => {
  it('names the events the issue asks for', () => {
    expect(ANALYTICS_EVENT_NAMES).toEqual(expect.arrayContaining(['sign_up', 'lesson_started', 'lesson_passed', 'lesson_failed', 'streak_extended', 'daily_goal_met', 'paywall_viewed', 'purchase', 'project_shared', 'machine_opened', 'experiment_exposure']));
  });

  it('keeps the spec §9 constants', () => {
    expect(ANALYTICS_COOKIE_DAYS).toBe(1);
    expect(LINK_TRACKING_TIMEOUT_MS).toBe(700);
  });

  it.each([
    ['a catalogue event', { name: 'lesson_started', properties: { trackId: 'python', tutorialId: 't1', chapterId: 'c1', lessonId: 'l1', mode: 'learn' }, at }, true],
    ['an unknown event', { name: 'mouse_moved', properties: {}, at }, false],
    ['a missing property', { name: 'lesson_started', properties: { trackId: 'python' }, at }, false],
    ['an extra property (could carry code)', { name: 'machine_opened', properties: { machineId: 'm1', code: 'print(1)' }, at }, false],
    ['an email where an id goes', { name: 'machine_opened', properties: { machineId: 'ada@example.com' }, at }, false],
    ['a path with a query', { name: 'purchase', properties: {}, path: '/web/pro?token=abc', at }, false],
    ['a path', { name: 'purchase', properties: { plan: 'yearly' }, path: '/web/purchase-successful', at }, true],
    ['a bad date', { name: 'purchase', properties: {}, at: 'yesterday' }, false],
    ['an unknown experiment', { name: 'experiment_exposure', properties: { experiment: 'nope', variant: 'original' }, at }, false],
    ['a link to an http site', { name: 'link_clicked', properties: { target: 'http://evil.test' }, at }, false],
  ])('%s', (_, event, ok) => {
    expect(analyticsEventSchema.safeParse(event).success).toBe(ok);
  });

  it('limits a batch', () => {
    const event = { name: 'machine_opened', properties: { machineId: 'm1' }, at };
    expect(MAX_EVENTS_PER_BATCH).toBe(10);
    expect(analyticsBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(analyticsBatchSchema.safeParse({ events: Array.from({ length: 10 }, () => event) }).success).toBe(true);
    expect(analyticsBatchSchema.safeParse({ events: Array.from({ length: 11 }, () => event) }).success).toBe(false);
    expect(analyticsBatchSchema.safeParse({ events: [event], anonymousId: 'short' }).success).toBe(false);
    expect(analyticsBatchSchema.safeParse({ events: [event], anonymousId: 'abcdefghijklmnopqrstuv' }).success).toBe(true);
  });

  it('every entry validates its own properties strictly', () => {
    for (const name of ANALYTICS_EVENT_NAMES) expect(ANALYTICS_EVENTS[name].schema.safeParse({ surprise: 1 }).success).toBe(false);
  });
});

describe('business events come only from the server', () => {
  it.each([
    ['a purchase', { name: 'purchase', properties: { plan: 'yearly' }, at }, false],
    ['a purchase without properties', { name: 'purchase', properties: {}, at }, false],
    ['a subscription that started', { name: 'subscription_started', properties: { plan: 'monthly', trial: false }, at }, false],
    ['a subscription that ended', { name: 'subscription_ended', properties: { plan: 'monthly' }, at }, false],
    ['a paywall view (a browser event)', { name: 'paywall_viewed', properties: { referer: 'direct' }, at }, true],
    ['a checkout opened (a browser event)', { name: 'checkout_started', properties: { plan: 'monthly', flow: 'web' }, at }, true],
  ])('%s from a browser: %s', (_, event, ok) => {
    expect(browserEventSchema.safeParse(event).success).toBe(ok);
    if (!ok) expect(analyticsBatchSchema.safeParse({ events: [event] }).error?.issues[0]).toMatchObject({ path: ['events', 0, 'name'], message: expect.stringMatching(/recorded by Codetrail's server .* a browser may not send it$/) });
  });

  it('one business event in a batch refuses the whole batch', () => {
    const lesson = { name: 'machine_opened', properties: { machineId: 'm1' }, at };
    expect(analyticsBatchSchema.safeParse({ events: [lesson, { name: 'purchase', properties: {}, at }, lesson] }).success).toBe(false);
  });

  it('every catalogue event about money or entitlement is server-only', () => {
    const business = ANALYTICS_EVENT_NAMES.filter((name) => /purchase|subscription|refund|payment|invoice|charge|trial|entitle|pro_|plan_/.test(name));
    expect(business.length).toBeGreaterThan(0);
    for (const name of business) expect(isServerOnlyEventName(name)).toBe(true);
    for (const name of SERVER_ONLY_EVENT_NAMES) expect(ANALYTICS_EVENT_NAMES).toContain(name);
  });
});

describe('destinationsFor', () => {
  it.each<[string, Parameters<typeof destinationsFor>[0], Set<ConsentCategory>, Set<Destination>, Destination[]]>([
    ['no consent: nothing', 'purchase', granted(), all, []],
    ['analytics consent: our store and Mixpanel', 'purchase', granted('analytics'), all, ['collector', 'mixpanel']],
    ['marketing only: the marketing tools', 'purchase', granted('marketing'), all, ['gtm', 'pixel', 'email_tracker']],
    ['the pixel only takes conversions', 'lesson_started', granted('analytics', 'marketing'), all, ['collector', 'mixpanel', 'gtm']],
    ['the email tracker only takes campaign events', 'lesson_passed', granted('marketing'), all, ['gtm', 'email_tracker']],
    ['nothing configured but the store', 'sign_up', granted('analytics', 'marketing'), new Set<Destination>(['collector']), ['collector']],
  ])('%s', (_, name, consent, configured, expected) => {
    expect(destinationsFor(name, consent, configured)).toEqual(expected);
  });
});
