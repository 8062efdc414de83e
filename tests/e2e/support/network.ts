import type { Page, Request } from '@playwright/test';

/** Where a request came from, for a failure message (a worker's request has no frame). */
function origin(request: Request): string {
  try {
    const frame = request.frame();
    return frame === frame.page().mainFrame() ? 'main frame' : `frame ${frame.url().slice(0, 80)}`;
  } catch {
    return request.serviceWorker() ? 'service worker' : 'a worker';
  }
}

/**
 * Waits for Playwright's network-idle (no request open for 500 ms) and, if it never comes, fails
 * naming the requests still open, how long each has been, and who made it. Call it before the
 * page's first navigation so every request is seen.
 */
export function watchNetwork(page: Page): { settled: (timeoutMs: number) => Promise<void> } {
  const open = new Map<Request, number>();
  page.on('request', (request) => open.set(request, Date.now()));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return {
    async settled(timeoutMs) {
      try {
        await page.waitForLoadState('networkidle', { timeout: timeoutMs });
      } catch (error) {
        const now = Date.now();
        const listed = [...open].map(([request, since]) => `${request.method()} ${request.url().slice(0, 160)} (open ${now - since} ms, from the ${origin(request)})`);
        throw new Error(`The page never went network-idle in ${timeoutMs} ms. Requests still open:\n${listed.join('\n') || '(none seen by the page: the idle timer was reset by new requests)'}`, { cause: error });
      }
    },
  };
}
