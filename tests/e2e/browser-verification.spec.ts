import { expect, test } from '@playwright/test';
import { signInTo } from './support/course-player';
import { idTokenFor } from './support/emulator';

/**
 * Every code lesson of every track, proven in the browser's own runtimes (not only in Node by
 * content:check): the course engineer's verification page runs each solution and starter.
 */

const TRACKS = ['python', 'javascript', 'html', 'css', 'sql'] as const;

test.describe('code lessons verified in the browser', () => {
  test.setTimeout(300_000);

  test.beforeEach(async ({ page }) => {
    // The demo course engineer that `npm start` creates in the Auth emulator.
    await page.goto('/web/login?redirectUrl=%2Fweb%2Fpreview%2Fverify');
    await page.getByLabel('Email').fill('engineer@codetrail.local');
    await page.getByLabel('Password', { exact: true }).fill('build-courses');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/web/preview/verify');
  });

  for (const trackId of TRACKS) {
    test(`${trackId}: every solution passes and every starter fails`, async ({ page }) => {
      await page.goto(`/web/preview/verify?track=${trackId}`);
      const summary = page.getByTestId('verify-summary');
      await expect(summary).toHaveAttribute('data-done', 'true', { timeout: 240_000 });
      const failing = await page.locator('tbody tr:not([data-ok])').allInnerTexts();
      expect(failing, `lessons failing in the browser:\n${failing.join('\n')}`).toEqual([]);
      await expect(summary).toHaveAttribute('data-failures', '0');
      await expect(summary).toContainText(/Done: (\d+) of \1 code lessons verified/);
    });
  }
});

test('learners cannot open the verification page or its API', async ({ page }) => {
  const { email, password } = await signInTo(page, '/web/settings', 'not-an-engineer');
  const response = await page.goto('/web/preview/verify?track=python');
  expect(response?.status()).toBe(404);
  const token = await idTokenFor(email, password);
  const api = await page.request.get('/api/v1/preview/tracks/python/verification', { headers: { Authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(403);
});
