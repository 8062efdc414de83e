/** @jest-environment jsdom */
import { CONSENT_COOKIE, CONSENT_REVISION } from '@/domain/analytics/consent';
import { currentConsent, registerCollector, resetAnalyticsForTests, setConsentCategories, track, trackOnce, trackThenNavigate, type CollectorSender } from './track';

const started = { trackId: 'python', tutorialId: 't1', chapterId: 'c1', lessonId: 'l1', mode: 'learn' } as const;

function collector(answer: () => Promise<void> = () => Promise.resolve()) {
  const sent: Parameters<CollectorSender>[0][] = [];
  registerCollector((body) => {
    sent.push(body);
    return answer();
  });
  return sent;
}

beforeEach(() => {
  resetAnalyticsForTests();
  for (const cookie of document.cookie.split('; ')) document.cookie = `${cookie.split('=')[0]}=; Max-Age=0; Path=/`;
  window.sessionStorage.clear();
});

describe('track before and after consent', () => {
  it('drops every event while the visitor has not answered, and after "necessary only"', async () => {
    const sent = collector();
    await track('lesson_started', started);
    setConsentCategories(['necessary']);
    await track('lesson_started', started);
    expect(sent).toEqual([]);
    expect(document.cookie).toBe('');
  });

  it('reads an earlier answer from the consent cookie', () => {
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary', 'analytics'] }))}; Path=/`;
    expect([...currentConsent().granted]).toEqual(['necessary', 'analytics']);
  });

  it('with analytics consent sends catalogue events to the collector with a one-day anonymous id', async () => {
    const sent = collector();
    setConsentCategories(['necessary', 'analytics']);
    await track('lesson_started', started);
    expect(sent).toEqual([{ events: [{ name: 'lesson_started', properties: started, path: '/', at: expect.any(String) }], anonymousId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) }]);
    expect(document.cookie).toMatch(/codetrail-aid=[A-Za-z0-9_-]{22}/);
  });

  it('never sends an event the catalogue refuses (learner code in the properties)', async () => {
    const sent = collector();
    setConsentCategories(['necessary', 'analytics']);
    await track('lesson_started', { ...started, code: 'print(1)' } as unknown as typeof started);
    expect(sent).toEqual([]);
  });

  it('never sends a business event, even cast past its type (the server records purchases)', async () => {
    const sent = collector();
    setConsentCategories(['necessary', 'analytics', 'marketing']);
    await track('purchase' as never, { plan: 'yearly' } as never);
    expect(sent).toEqual([]);
  });

  it('marketing only: campaign events still reach the collector (for the email tracker) without an anonymous id', async () => {
    const sent = collector();
    setConsentCategories(['necessary', 'marketing']);
    await track('lesson_started', started);
    await track('sign_up', { method: 'password' });
    expect(sent).toEqual([{ events: [expect.objectContaining({ name: 'sign_up' })] }]);
    expect(document.cookie).not.toMatch(/codetrail-aid/);
  });
});

describe('trackThenNavigate (spec §9: 700 ms)', () => {
  afterEach(() => jest.useRealTimers());

  it('navigates as soon as the event is taken', async () => {
    collector();
    setConsentCategories(['necessary', 'analytics']);
    const navigate = jest.fn();
    await trackThenNavigate('link_clicked', { target: '/web/pro' }, navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('navigates after the timeout when the tracker hangs, and only once', async () => {
    collector(() => new Promise(() => undefined));
    setConsentCategories(['necessary', 'analytics']);
    const navigate = jest.fn();
    const started = Date.now();
    void trackThenNavigate('link_clicked', { target: '/web/pro' }, navigate, 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('navigates at once without consent', async () => {
    const navigate = jest.fn();
    await trackThenNavigate('link_clicked', { target: '/web/pro' }, navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe('trackOnce', () => {
  const exposure = { experiment: 'demo-ab-test', variant: 'variant1' };

  it('tracks an exposure once per tab session', async () => {
    const sent = collector();
    setConsentCategories(['necessary', 'analytics']);
    await trackOnce('exposure:abc', 'experiment_exposure', exposure);
    await trackOnce('exposure:abc', 'experiment_exposure', exposure);
    expect(sent).toHaveLength(1);
  });

  it('does not use up the once before consent', async () => {
    const sent = collector();
    await trackOnce('exposure:abc', 'experiment_exposure', exposure);
    setConsentCategories(['necessary', 'analytics']);
    await trackOnce('exposure:abc', 'experiment_exposure', exposure);
    expect(sent).toHaveLength(1);
  });
});
