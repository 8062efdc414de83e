import { useEffect } from 'react';
import { useApiClient } from '@/features/auth';
import { registerCollector } from '@/lib/analytics/track';
import { registerConsentApplier } from './consent-applier';

/**
 * Lets track() reach the collector, and a saved consent choice the server, through the app's API
 * client, so a learner's calls carry their token.
 */
export function AnalyticsBridge() {
  const client = useApiClient();
  useEffect(() => {
    // No response schema here: zod stays out of every page's first load (the engineers' list has one).
    registerCollector((body) => client.request({ method: 'POST', path: '/analytics/events', body, errorKey: 'sendAnalytics' }).then(() => undefined));
    // The consent call's schema (zod/mini) loads with it, on an answer, not with every page.
    registerConsentApplier(() => import('@/lib/api-client/consent-endpoints').then(({ consentEndpoints }) => consentEndpoints(client).apply()));
    return () => {
      registerCollector(null);
      registerConsentApplier(null);
    };
  }, [client]);
  return null;
}
