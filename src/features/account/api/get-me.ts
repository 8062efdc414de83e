import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client/api-client';
import { useApiClient } from '@/features/auth';

export const meSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
});

export type Me = z.infer<typeof meSchema>;

export function getMe(client: ApiClient): Promise<Me> {
  return client.request({ path: '/user/me', errorKey: 'fetchProfile', schema: meSchema });
}

export function meQueryOptions(client: ApiClient, userId: string | null) {
  return queryOptions({ queryKey: ['user', userId, 'me'] as const, queryFn: () => getMe(client), enabled: userId !== null });
}

export function useMe(userId: string | null) {
  return useQuery(meQueryOptions(useApiClient(), userId));
}
