import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient, useAuthUser } from '@/features/auth';
import { profileEndpoints } from '@/lib/api-client/profile-endpoints';
import { leagueKey } from './progress-keys';

export const profileKey = (userId: string | null) => ['user', userId, 'profile'] as const;

function useProfileEndpoints() {
  const client = useApiClient();
  return useMemo(() => profileEndpoints(client), [client]);
}

export function profileQueryOptions(endpoints: ReturnType<typeof profileEndpoints>, userId: string | null) {
  return queryOptions({ queryKey: profileKey(userId), queryFn: () => endpoints.profile(), enabled: userId !== null, staleTime: 0 });
}

/** The learner's profile page data (GET /user/profile). */
export function useLearnerProfile() {
  const { id } = useAuthUser();
  return useQuery(profileQueryOptions(useProfileEndpoints(), id));
}

/** Saves the name shown to others; the profile and the leaderboard show it at once. */
export function useRenameLearner() {
  const { id } = useAuthUser();
  const endpoints = useProfileEndpoints();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endpoints.rename,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(id), profile);
      void queryClient.invalidateQueries({ queryKey: leagueKey(id) });
    },
  });
}
