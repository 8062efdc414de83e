import { useEffect } from 'react';
import type { ApiClient } from '@/lib/api-client/api-client';
import { logger } from '@/lib/logger';
import { useApiClient } from '@/features/auth';

export function recordVisit(client: ApiClient): Promise<{ visitedAt: string }> {
  return client.request({ method: 'POST', path: '/user/visits', body: { appName: 'web' }, errorKey: 'recordVisit' });
}

const recorded = new Set<string>();

/** Records one visit per signed-in user per page load of the app (spec §7: appName web). */
export function useRecordVisit(userId: string | null): void {
  const client = useApiClient();
  useEffect(() => {
    if (!userId || recorded.has(userId)) return;
    recorded.add(userId);
    recordVisit(client).catch((error: unknown) => {
      recorded.delete(userId);
      logger.warn('visit not recorded', error instanceof Error ? error.message : error);
    });
  }, [client, userId]);
}
