import { QueryClient } from '@tanstack/react-query';

export const QUERY_CACHE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Spec §9: cached data lives 24 hours and is not refetched when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_LIFETIME_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}
