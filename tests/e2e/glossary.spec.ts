import { expect, test, type Page } from '@playwright/test';
import { assignVariant, EXPERIMENT_BUCKET_HEADER } from '@/domain/experiments/experiments';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { PHONE } from './support/phone';

/**
 * The public HTML glossary (issue 17): server-rendered for visitors and search engines, a runnable
 * example in the lesson runtime's sandbox, browser support, links into the HTML lessons, and the
 * fixed call to action of experiment-glossary-fixed-cta-variations (issue 16) per the visitor's
 * bucket, here forced through the bucket header as the mobile app sends it.
 */

const EXPERIMENT = 'experiment-glossary-fixed-cta-variations';
/** The first bucket id (bucket-0, bucket-1, ...) the split puts in `variant`. */
function bucketFor(variant: 'original' | 'variant_learn_daily'): string {
  for (let index = 0; ; index += 1) if (assignVariant(EXPERIMENT, `bucket-${index}`) === variant) return `bucket-${index}`;
}

const cta = (page: Page) => page.getByRole('complementary', { name: 'Learn HTML with Codetrail' });

test.describe('the HTML glossary, signed out', () => {
  test('the index lists elements and attributes; an entry explains, runs its example in the sandbox and links its lessons', async ({ page }) => {
    await page.goto('/glossary/html');
    await expect(page).toHaveTitle('HTML glossary: elements and attributes explained · Codetrail');
    await expect(page.getByRole('heading', { level: 1, name: 'HTML, element by element' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Elements' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Attributes' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/glossary\/html$/);

    await page.getByRole('link', { name: '<a>', exact: true }).click();
    await page.waitForURL('**/glossary/html/a');
    await expect(page).toHaveTitle(/^<a>.* · HTML glossary · Codetrail$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.getByRole('heading', { level: 1, name: '<a>' })).toBeVisible();
    const support = page.getByRole('table', { name: /First version of each browser that supports <a>/ });
    await expect(support.getByRole('columnheader')).toHaveText(['Chrome', 'Edge', 'Firefox', 'Safari', 'Chrome Android', 'Safari on iOS']);
    await expect(support.getByRole('cell').first()).toHaveText('Since 1');

    // The example runs in the page runtime's sandbox: an opaque origin, never the app's.
    await page.getByRole('button', { name: 'Run this example' }).click();
    const frame = page.locator('iframe[title="Preview of the <a> example"]');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(frame).not.toHaveAttribute('sandbox', /allow-same-origin/);
    await expect(page.frameLocator('iframe[title="Preview of the <a> example"]').frameLocator('iframe[title="Your page"]').getByRole('link').first()).toBeVisible({ timeout: 30_000 });

    // Lessons open through sign-in for a visitor.
    const lesson = page.getByRole('region', { name: 'Learn it in the HTML course' }).getByRole('link').first();
    await expect(lesson).toHaveAttribute('href', /^\/web\/login\?redirectUrl=%2Fweb%2Ftrack%2Fhtml%2Ftutorial%2F/);
  });

  test('an unknown entry is a 404', async ({ page }) => {
    const response = await page.goto('/glossary/html/blink-tag');
    expect(response?.status()).toBe(404);
  });

  for (const variant of ['original', 'variant_learn_daily'] as const) {
    test(`the fixed call to action, ${variant}, rendered by the server for the bucket`, async ({ page }) => {
      await page.setExtraHTTPHeaders({ [EXPERIMENT_BUCKET_HEADER]: bucketFor(variant) });
      // The server's HTML already holds the variant: no flicker, nothing decided in the browser.
      const html = await (await page.request.get('/glossary/html/p', { headers: { [EXPERIMENT_BUCKET_HEADER]: bucketFor(variant) } })).text();
      expect(html).toContain(`data-variant="${variant}"`);
      await page.goto('/glossary/html/p');
      await expect(cta(page)).toHaveAttribute('data-variant', variant);
      await expect(cta(page).getByRole('link')).toHaveText(variant === 'original' ? 'Start the HTML course' : 'Learn daily, free');
      await expect(cta(page).getByRole('link')).toHaveAttribute('href', '/web/register?redirectUrl=%2Fweb%2Fhtml%2Fsection%2Factive');
    });
  }

  test('a visitor without consent sees the original call to action, and no bucket cookie is set', async ({ page }) => {
    await page.goto('/glossary/html');
    await expect(cta(page)).toHaveAttribute('data-variant', 'original');
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('codetrail-ab');
  });

  test('axe finds nothing in both themes, on desktop and on a phone without sideways scrolling', async ({ browser }) => {
    // Twelve axe passes (three pages, two themes, two sizes), the index a long page: a minute was
    // too little on a slower two-core host.
    test.setTimeout(180_000);
    for (const options of [{}, PHONE]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      for (const path of ['/glossary/html', '/glossary/html/a', '/glossary/html/href']) {
        await page.goto(path);
        for (const theme of ['light', 'dark'] as Theme[]) {
          await forceTheme(page, theme);
          // The entry pages hold landmark-unique too: the support table's region is named apart from its section.
          const violations = await axeViolations(page, { extraRules: path === '/glossary/html' ? [] : ['landmark-unique'] });
          expect(violations, describeViolations(`${path} (${theme})`, violations)).toEqual([]);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await page.screenshot({ path: test.info().outputPath(`glossary-${options === PHONE ? 'phone' : 'desktop'}.png`), fullPage: true });
      await page.goto('/glossary/html/a');
      await expect(page.getByRole('region', { name: 'Browser support table' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Browser support', exact: true })).toHaveCount(1);
      await page.getByRole('region', { name: 'Browser support table' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`glossary-entry-${options === PHONE ? 'phone' : 'desktop'}.png`) });
      await context.close();
    }
  });
});
