import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme } from './support/axe';
import { signInTo, typeCode } from './support/course-player';

/**
 * A learner's page has a localStorage of its own (src/runner/page-storage.ts): the page runs in an
 * opaque origin, so the browser's storage is refused; the platform's storage keeps what the page
 * saved for this learner and lesson only, through preview updates, the preview's Reload, and a
 * reload of the lesson itself.
 */

const lesson = (index: number) => `/web/track/html/tutorial/html-basics/chapter/html-basics-first-page/learn?lesson=${index}`;

/** A page that counts its own loads in localStorage and shows every key it can see. */
const VISIT_COUNTER = [
  '<p id="visits"></p>',
  '<script>',
  'const visits = Number(localStorage.getItem("visits") ?? 0) + 1;',
  'localStorage.setItem("visits", visits);',
  'const keys = [];',
  'for (let i = 0; i < localStorage.length; i += 1) keys.push(localStorage.key(i));',
  'document.getElementById("visits").textContent = "Visit " + visits + " sees [" + keys.join(",") + "]";',
  '</script>',
].join('\n');

const shown = (page: Page) => page.frameLocator('iframe[title="Preview of your page"]').frameLocator('iframe[title="Your page"]').locator('#visits');

test.describe("a learner's page keeps its own localStorage", () => {
  test.setTimeout(120_000);

  test('it survives the Reload button and a reload of the lesson, can be cleared, and stays with its lesson and learner', async ({ page }) => {
    await signInTo(page, lesson(0), 'page-storage');
    // Something of the app's own in its storage: the page must never see it.
    await page.evaluate(() => localStorage.setItem('codetrail-theme', 'dark'));
    await typeCode(page, VISIT_COUNTER);
    await expect(shown(page)).toHaveText('Visit 1 sees [visits]');
    await expect(page.getByText('Saved by your page: 1 item')).toBeVisible();

    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(shown(page)).toHaveText('Visit 2 sees [visits]');

    // The whole lesson reloaded at once (the last change is written as the page goes): the draft
    // and what the page saved are both back.
    await page.reload();
    await expect(shown(page)).toHaveText('Visit 3 sees [visits]');

    // Cleared: the page starts again from nothing (and counts this load as its first).
    await page.getByRole('button', { name: 'Clear saved data' }).click();
    await expect(shown(page)).toHaveText('Visit 1 sees [visits]');
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeFocused();

    // Another lesson's page starts empty.
    await page.goto(lesson(4));
    await typeCode(page, VISIT_COUNTER);
    await expect(shown(page)).toHaveText('Visit 1 sees [visits]');

    // The app keeps each lesson's items under the learner's own key; the app's own keys are untouched.
    const keys = () => page.evaluate(() => Object.keys(localStorage));
    await expect.poll(async () => (await keys()).filter((key) => key.startsWith('codetrail.pageStorage.')).length).toBe(2);
    expect(await keys()).toContain('codetrail-theme');

    // Another learner on the same browser: the first learner's saved data is not theirs.
    await page.goto('/web/settings');
    await page.getByRole('button', { name: /account menu|Curious Learner/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInTo(page, lesson(0), 'page-storage-other');
    await typeCode(page, VISIT_COUNTER);
    await expect(shown(page)).toHaveText('Visit 1 sees [visits]');
  });

  test('a page that floods its storage or sends forged storage messages changes nothing the app keeps beyond its quota', async ({ page }) => {
    await signInTo(page, lesson(0), 'page-storage-flood');
    await typeCode(
      page,
      [
        '<p id="visits"></p>',
        '<script>',
        'let refused = "none";',
        'try { for (let i = 0; i < 1000; i += 1) localStorage.setItem("k" + i, "x".repeat(1000)); } catch (error) { refused = error.name; }',
        // Forged messages, as if from the storage script: too big, and not text.
        'parent.postMessage({ type: "codetrail-page-storage", items: [["big", "x".repeat(500000)]] }, "*");',
        'parent.postMessage({ type: "codetrail-page-storage", items: [["n", 1]] }, "*");',
        'document.getElementById("visits").textContent = "refused " + refused + " with " + localStorage.length + " items";',
        '</script>',
      ].join('\n'),
    );
    await expect(shown(page)).toHaveText('refused QuotaExceededError with 99 items');
    await expect(page.getByText('Saved by your page: 99 items')).toBeVisible();
    await page.waitForTimeout(500);
    const kept = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('codetrail.pageStorage.'))
        .map((key) => (localStorage.getItem(key) ?? '').length),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toBeLessThan(110_000);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`on a phone in the ${theme} theme: the preview's storage controls fit, work by keyboard and pass axe`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await forceTheme(page, theme);
      await signInTo(page, lesson(0), `page-storage-phone-${theme}`);
      await typeCode(page, VISIT_COUNTER);
      await expect(shown(page)).toHaveText('Visit 1 sees [visits]');
      const reload = page.getByRole('button', { name: 'Reload page' });
      await reload.focus();
      await page.keyboard.press('Enter');
      await expect(shown(page)).toHaveText('Visit 2 sees [visits]');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Clear saved data' })).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/page-storage-phone-${theme}.png` });
      const violations = await axeViolations(page);
      expect(describeViolations(`page storage (${theme})`, violations)).toBe('');
      await page.keyboard.press('Enter');
      await expect(shown(page)).toHaveText('Visit 1 sees [visits]');
    });
  }
});
