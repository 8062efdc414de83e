import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient, useAuthUser } from '@/features/auth';
import { progressEndpoints, type ProgressSummary } from '@/lib/api-client/progress-endpoints';
import { leagueKey, progressKey } from './progress-keys';

export function useProgressEndpoints() {
  const client = useApiClient();
  return useMemo(() => progressEndpoints(client), [client]);
}


export function progressQueryOptions(endpoints: ReturnType<typeof progressEndpoints>, userId: string | null) {
  return queryOptions({ queryKey: progressKey(userId), queryFn: () => endpoints.summary(), enabled: userId !== null, staleTime: 0 });
}

/** The learner's progress summary; pages that rendered it on the server pass it as initial data. */
export function useProgressSummary(initial?: ProgressSummary | null) {
  const { id } = useAuthUser();
  const endpoints = useProgressEndpoints();
  return useQuery({ ...progressQueryOptions(endpoints, id), initialData: initial ?? undefined });
}

/** Stores a fresh summary (every progress call answers with one) so the header updates at once. */
export function useStoreSummary() {
  const queryClient = useQueryClient();
  const { id } = useAuthUser();
  return (summary: ProgressSummary) => queryClient.setQueryData(progressKey(id), summary);
}

export function useLeague() {
  const { id } = useAuthUser();
  const endpoints = useProgressEndpoints();
  return useQuery({ queryKey: leagueKey(id), queryFn: () => endpoints.league(), enabled: id !== null, staleTime: 30_000 });
}

export function useUpdateSettings() {
  const endpoints = useProgressEndpoints();
  const store = useStoreSummary();
  return useMutation({ mutationFn: endpoints.updateSettings, onSuccess: store });
}
