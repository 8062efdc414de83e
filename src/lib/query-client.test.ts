import { createQueryClient, QUERY_CACHE_LIFETIME_MS } from './query-client';

it('keeps data 24 hours and does not refetch on window focus', () => {
  const defaults = createQueryClient().getDefaultOptions().queries;
  expect(QUERY_CACHE_LIFETIME_MS).toBe(86_400_000);
  expect(defaults?.gcTime).toBe(86_400_000);
  expect(defaults?.refetchOnWindowFocus).toBe(false);
});
