import { useEffect } from 'react';
import { useApiClient } from '@/features/auth';
import { registerCollector } from '@/lib/analytics/track';

/** Lets track() reach the collector through the app's API client, so a learner's events carry their token. */
export function AnalyticsBridge() {
  const client = useApiClient();
  useEffect(() => {
    // No response schema here: zod stays out of every page's first load (the engineers' list has one).
    registerCollector((body) => client.request({ method: 'POST', path: '/analytics/events', body, errorKey: 'sendAnalytics' }).then(() => undefined));
    return () => registerCollector(null);
  }, [client]);
  return null;
}
