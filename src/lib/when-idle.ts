/**
 * Runs `start` once the browser is idle after the page's own work (first paint, hydration), or
 * after `timeoutMs` at the latest; returns a cancel function. Background work (Firebase, the
 * Python runtime) starts this way so it never competes with what the learner is waiting for.
 */
export function whenIdle(start: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}
