import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { appendRoute, type RouteHistoryEntry } from '@/domain/routing/route-history';

const RouteHistoryContext = createContext<RouteHistoryEntry[] | null>(null);

/** Keeps the last 10 visited routes (pathname, asPath, query) for back links and analytics. */
export function RouteHistoryProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [history, setHistory] = useState<RouteHistoryEntry[]>([]);

  useEffect(() => {
    if (!router.isReady) return;
    setHistory((current) => appendRoute(current, { pathname: router.pathname, asPath: router.asPath, query: router.query }));
  }, [router.isReady, router.pathname, router.asPath, router.query]);

  return <RouteHistoryContext.Provider value={history}>{children}</RouteHistoryContext.Provider>;
}

export function useRouteHistory(): RouteHistoryEntry[] {
  const history = useContext(RouteHistoryContext);
  if (!history) throw new Error('useRouteHistory() was called outside <RouteHistoryProvider> (mounted by pages/_app.tsx).');
  return history;
}
