import { useEffect, useState } from 'react';
import type { BrowserCheckEngine, RuntimeStatus } from '@/runner/browser/browser-check-engine';

/** One engine per page, shared by every lesson (or project) the learner moves through. */
export function useCheckEngine(): { engine: BrowserCheckEngine | null; pythonStatus: RuntimeStatus } {
  const [pythonStatus, setPythonStatus] = useState<RuntimeStatus>('idle');
  const [engine, setEngine] = useState<BrowserCheckEngine | null>(null);
  useEffect(() => {
    // The runtimes load after the page is interactive; they are not part of its first load.
    let created: BrowserCheckEngine | null = null;
    let cancelled = false;
    void import('@/runner/browser/browser-check-engine').then(({ createBrowserCheckEngine }) => {
      if (cancelled) return;
      created = createBrowserCheckEngine(setPythonStatus);
      setEngine(created);
    });
    return () => {
      cancelled = true;
      created?.dispose();
    };
  }, []);
  return { engine, pythonStatus };
}
