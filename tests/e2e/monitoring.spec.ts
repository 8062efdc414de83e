import { expect, test, type Request } from '@playwright/test';
import { isJsonObject } from '@/domain/json/json-object';
import { itemJson } from '@/domain/monitoring/envelope';
import { startLocalReceiver, type LocalReceiver } from '@/server/monitoring/local-receiver';
import { signInTo } from './support/course-player';
import { idTokenFor } from './support/emulator';

/**
 * Error monitoring in the browser (docs/monitoring.md). The e2e server is built with
 * NEXT_PUBLIC_SENTRY_DSN=http://e2e@127.0.0.1:3198/1 and an error sample rate of 1
 * (playwright.config.ts); this journey runs the receiver on that port. An error in a signed-in page
 * reaches the receiver through our own /api/monitoring route (never straight from the browser),
 * scrubbed of the learner's email, tokens and cookies.
 */

const RECEIVER_PORT = 3198;

let receiver: LocalReceiver;

test.beforeAll(async () => {
  receiver = await startLocalReceiver({ port: RECEIVER_PORT });
});

test.afterAll(async () => {
  await receiver?.close();
});

/** The events the receiver got whose text contains `probe`. */
function eventsWith(probe: string): Record<string, unknown>[] {
  return receiver.received.flatMap((received) =>
    (received.envelope?.items ?? [])
      .filter((item) => item.header.type === 'event')
      .map((item) => itemJson(item))
      .filter((event): event is Record<string, unknown> => isJsonObject(event) && JSON.stringify(event).includes(probe)),
  );
}

test('an uncaught error in a signed-in page reaches the tracker through /api/monitoring, without email, token or cookie', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));

  const { email, password } = await signInTo(page, '/web/settings', 'monitoring');
  const token = await idTokenFor(email, password);
  const probe = `e2e monitoring probe ${Date.now()}`;

  // An error nobody catches, carrying what must never leave the browser: the learner's email and a
  // real (emulator) ID token. It may happen before the SDK has loaded: reportError keeps it until then.
  await page.evaluate(
    ({ probe, email, token }) => {
      setTimeout(() => {
        throw new Error(`${probe} for ${email} with Bearer ${token} and ${token}`);
      }, 0);
    },
    { probe, email, token },
  );

  await expect.poll(() => eventsWith(probe).length, { timeout: 60_000, message: 'the receiver got the error' }).toBeGreaterThan(0);
  const [event] = eventsWith(probe);
  expect(event?.tags).toEqual({ area: 'browser' });
  expect(JSON.stringify(event?.exception)).toContain(`${probe} for [Filtered] with Bearer [Filtered] and [Filtered]`);
  expect(event?.environment).toBeTruthy();

  // Through our own route: the browser never talked to the receiver (what an ad blocker would block).
  const monitoringPosts = requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/monitoring');
  expect(monitoringPosts.length).toBeGreaterThan(0);
  expect(monitoringPosts.every((request) => request.url().startsWith(`${baseURL}/`))).toBe(true);
  expect(requests.filter((request) => request.url().includes(`:${RECEIVER_PORT}`)).map((request) => request.url())).toEqual([]);

  // Nothing that identifies or authenticates the learner is in what was relayed.
  const raw = Buffer.concat(receiver.received.map((received) => received.raw)).toString('utf8');
  const cookies = (await page.context().cookies()).map((cookie) => cookie.value).filter((value) => value.length >= 8);
  expect(cookies.length).toBeGreaterThan(0);
  for (const value of cookies) expect(raw, 'a cookie value was sent').not.toContain(value);
  expect(raw).not.toContain(email);
  expect(raw).not.toContain(token);
  expect(raw).not.toMatch(/Bearer\s+ey/);
  expect(raw).not.toMatch(/"(cookies|Cookie|cookie|Authorization|authorization)"\s*:/);
});
