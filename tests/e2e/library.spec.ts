import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { signInTo } from './support/course-player';
import { PHONE } from './support/phone';

/**
 * The library (issue 17): everything to learn and build, searched as you type with typos forgiven,
 * filtered, with the learner's progress; a plain GET form, so it works without JavaScript.
 */
const search = (page: Page) => page.getByRole('search', { name: 'Library' });

test.describe('the library', () => {
  test('a misspelled word finds the lesson; filters narrow it; the lesson opens from there', async ({ page }) => {
    await signInTo(page, '/web/library', 'library');
    await expect(page.getByRole('heading', { level: 1, name: 'Everything to learn and build' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(/^\d+ results, page 1 of \d+$/);

    // "helo" for "hello": one typo. (The track's first lesson, so a new learner can open it.)
    await search(page).getByLabel('Search').fill('say helo');
    await expect(page).toHaveURL(/q=say(%20|\+)helo/);
    const result = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Say hello' }) }).filter({ hasText: 'Python' });
    await expect(result).toBeVisible();
    await expect(result).toContainText('Lesson');
    await expect(result).toContainText('Python');

    await search(page).getByLabel('Language').selectOption('javascript');
    await expect(page).toHaveURL(/language=javascript/);
    await expect(result).toHaveCount(0);
    await search(page).getByLabel('Type').selectOption('template');
    await expect(page.getByRole('status')).toHaveText('Nothing matches. Check the spelling or clear a filter.');
    await search(page).getByLabel('Type').selectOption('');
    await search(page).getByLabel('Language').selectOption('');
    await expect(result).toBeVisible();
    await result.getByRole('link').click();
    await page.waitForURL(/\/web\/track\/python\/tutorial\/[^/]+\/chapter\/[^/]+\/learn\?lesson=0$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Say hello' })).toBeVisible();
  });

  test('without JavaScript the form still searches on the server', async ({ browser }) => {
    const signedIn = await browser.newContext();
    const page = await signedIn.newPage();
    await signInTo(page, '/web/library', 'library-nojs');
    const state = await signedIn.storageState();
    await signedIn.close();

    const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
    const bare = await context.newPage();
    await bare.goto('/web/library');
    await search(bare).getByLabel('Search').fill('tabel');
    await search(bare).getByLabel('Type').selectOption('glossary');
    await search(bare).getByRole('button', { name: 'Search' }).click();
    await expect(bare).toHaveURL(/\/web\/library\?q=tabel&kind=glossary/);
    await expect(bare.getByRole('heading', { name: '<table>: data in rows and columns' })).toBeVisible();
    await context.close();
  });

  test('axe finds nothing in both themes; a phone shows it without sideways scrolling', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signInTo(page, '/web/library?q=loop', 'library-a11y');
    for (const theme of ['light', 'dark'] as Theme[]) {
      await forceTheme(page, theme);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`/web/library (${theme})`, violations)).toEqual([]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('library-phone.png'), fullPage: true });
    await context.close();
  });
});
