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

type Seen = { request: Request; start: number; end?: number; outcome?: string; status?: number };

/**
 * Waits for Playwright's network-idle (no request open for 500 ms) and, if it never comes, fails
 * naming the requests still open, how long each has been, and who made it, followed by the last
 * requests of the page with their times (so a request that kept resetting the idle timer shows),
 * and whether an open one was answered (an answered request whose "finished" notice never came is
 * a browser or Playwright bookkeeping gap, not a server that hangs).
 * Call it before the page's first navigation so every request is seen.
 */
export function watchNetwork(page: Page): { settled: (timeoutMs: number) => Promise<void> } {
  const t0 = Date.now();
  const seen = new Map<Request, Seen>();
  const end = (request: Request, outcome: string) => {
    const entry = seen.get(request);
    if (entry) Object.assign(entry, { end: Date.now(), outcome });
  };
  page.on('request', (request) => seen.set(request, { request, start: Date.now() }));
  page.on('response', (response) => {
    const entry = seen.get(response.request());
    if (entry) entry.status = response.status();
  });
  page.on('requestfinished', (request) => end(request, 'finished'));
  page.on('requestfailed', (request) => end(request, `failed: ${request.failure()?.errorText ?? '?'}`));
  const describe = ({ request, start, end: ended, outcome, status }: Seen) =>
    `${request.method()} ${request.url().slice(0, 140)} [${request.resourceType()}, from the ${origin(request)}] +${start - t0} ms → ${ended === undefined ? `still open${status === undefined ? ', no answer yet' : `, answered ${status}`}` : `+${ended - t0} ms ${outcome}`}`;
  return {
    async settled(timeoutMs) {
      try {
        await page.waitForLoadState('networkidle', { timeout: timeoutMs });
      } catch (error) {
        const now = Date.now();
        const all = [...seen.values()];
        const open = all.filter((entry) => entry.end === undefined).map((entry) => `${describe(entry)} (open ${now - entry.start} ms)`);
        const last = all.slice(-25).map(describe);
        throw new Error(
          `The page never went network-idle in ${timeoutMs} ms. Requests still open:\n${open.join('\n') || '(none seen by the page: the idle timer was reset by new requests, or a request the page never reported)'}\n` +
            `The page's last ${last.length} of ${all.length} requests:\n${last.join('\n')}`,
          { cause: error },
        );
      }
    },
  };
}
