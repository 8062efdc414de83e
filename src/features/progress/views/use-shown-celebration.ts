import { useEffect, useRef, useState } from 'react';
import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import { useProgressEndpoints, useProgressSummary, useStoreSummary } from '../api/progress-queries';

/** Marks a celebration as shown (once) and keeps what was due before, to route Continue. */
export function useShownCelebration(kind: 'streak' | 'daily-goal') {
  const endpoints = useProgressEndpoints();
  const store = useStoreSummary();
  const summary = useProgressSummary();
  const [dueBefore, setDueBefore] = useState<ProgressSummary['celebrationsDue'] | null>(null);
  const marked = useRef(false);
  useEffect(() => {
    if (!summary.data || marked.current) return;
    marked.current = true;
    setDueBefore(summary.data.celebrationsDue);
    void endpoints.markCelebrated(kind).then(store, () => undefined);
  }, [endpoints, kind, store, summary.data]);
  return { summary, dueBefore };
}
