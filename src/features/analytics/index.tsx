import { AnalyticsBridge } from './components/analytics-bridge';
import { ConsentGate } from './components/consent-gate';

/**
 * Analytics and consent, public entry (issue 16; docs/analytics.md). Features send events with
 * `track()` from '@/lib/analytics/track'; this feature owns the banner, the cookie settings page and
 * the course engineers' event list. What every page mounts is tiny: the banner itself is loaded only
 * while a visitor has not answered.
 */
export function AnalyticsAndConsent() {
  return (
    <>
      <AnalyticsBridge />
      <ConsentGate />
    </>
  );
}
