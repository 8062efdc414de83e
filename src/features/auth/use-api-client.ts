import { useMemo } from 'react';
import { createApiClient, type ApiClient } from '@/lib/api-client/api-client';
import { publicEnv } from '@/lib/env/public-env';
import { useAuthUser } from './auth-user';

/** The API client for the signed-in user: every call carries their current ID token. */
export function useApiClient(): ApiClient {
  const { getIdToken } = useAuthUser();
  return useMemo(() => createApiClient({ baseUrl: publicEnv.apiBaseUrl, getToken: () => getIdToken() }), [getIdToken]);
}
