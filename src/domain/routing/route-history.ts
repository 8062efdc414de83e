/** The last visited routes (spec §2, §9): newest last, capped at 10. */

export const ROUTE_HISTORY_LIMIT = 10;

export interface RouteHistoryEntry {
  pathname: string;
  asPath: string;
  query: Record<string, string | string[] | undefined>;
}

export function appendRoute(
  history: readonly RouteHistoryEntry[],
  entry: RouteHistoryEntry,
  limit: number = ROUTE_HISTORY_LIMIT,
): RouteHistoryEntry[] {
  const last = history[history.length - 1];
  // Next fires routeChangeComplete for shallow query updates too; a repeat of the same URL is not a new visit.
  if (last && last.asPath === entry.asPath) return [...history.slice(0, -1), entry];
  const next = [...history, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

