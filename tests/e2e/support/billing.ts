import { expect, type APIRequestContext } from '@playwright/test';
import { idTokenFor } from './emulator';

/**
 * Makes an existing account Pro through the same calls the subscribe page and the local test
 * checkout make (a checkout, then the test card), so its outcome reaches the app only as signed
 * events through the webhook handler. For journeys about something else (machines, projects past
 * the free allowance, guided projects); the paywall journey itself is in subscription.spec.ts.
 */
export async function subscribeToPro(request: APIRequestContext, account: { email: string; password: string }, plan: 'monthly' | 'yearly' = 'monthly'): Promise<void> {
  const headers = { Authorization: `Bearer ${await idTokenFor(account.email, account.password)}` };
  const started = await request.post('/api/v1/billing/checkout', { headers, data: { plan } });
  expect(started.ok(), await started.text()).toBe(true);
  const { checkoutId } = (await started.json()) as { checkoutId: string };
  const paid = await request.post(`/api/v1/billing/test-checkout/${checkoutId}`, { headers, data: { card: 'succeeds' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(async () => ((await (await request.get('/api/v1/billing', { headers })).json()) as { entitlement?: { pro?: boolean } }).entitlement?.pro, { timeout: 15_000 })
    .toBe(true);
}
