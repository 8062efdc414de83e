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

/**
 * Like whenIdle, but not before the page has finished loading (its scripts, styles and images):
 * big background downloads and sandbox frames (the Python runtime) start once the page the
 * learner is looking at is complete and interactive, not while it is still arriving.
 */
export function whenLoadedAndIdle(start: () => void, timeoutMs = 2000): () => void {
  if (document.readyState === 'complete') return whenIdle(start, timeoutMs);
  let cancelIdle: (() => void) | null = null;
  const onLoad = () => {
    cancelIdle = whenIdle(start, timeoutMs);
  };
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}
