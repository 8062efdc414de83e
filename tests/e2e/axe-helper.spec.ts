import { expect, test } from '@playwright/test';
import { axeViolations, forceTheme } from './support/axe';

/**
 * The helper every "0 axe violations" journey rests on: its one pass finds a WCAG AA failure and
 * each of the best-practice rules named on top of the WCAG tags, and finds nothing on a clean page.
 */
test.describe('the axe helper', () => {
  test('one pass reports WCAG failures and the named best-practice rules', async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Bad</title></head><body>
      <div><h2>Second level first</h2><h4>Skips a level</h4>
      <p style="color:#aaa;background:#fff">Too faint to read</p></div></body></html>`);
    const rules = new Set((await axeViolations(page)).map((violation) => violation.rule));
    for (const rule of ['color-contrast', 'heading-order', 'landmark-one-main', 'page-has-heading-one']) expect(rules, rule).toContain(rule);
    // Best-practice rules that were not asked for stay off (region: content outside landmarks).
    expect(rules).not.toContain('region');
  });

  test("under reduced motion a theme switch on the app's page shows at once (axe measures right after forceTheme)", async ({ page }) => {
    await page.goto('/glossary/html');
    const colours = () => page.evaluate(() => `${getComputedStyle(document.body).backgroundColor} ${getComputedStyle(document.querySelector('footer p') ?? document.body).color}`);
    const expected: Record<string, string> = {};
    for (const theme of ['light', 'dark'] as const) {
      await forceTheme(page, theme);
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      expected[theme] = await colours();
    }
    expect(expected.light).not.toBe(expected.dark);
    // A 0.01 ms transition on every property left the old colours for a frame (8 of 20 switches).
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      const theme = i % 2 === 0 ? 'light' : 'dark';
      await forceTheme(page, theme);
      seen.push(`${theme}: ${await colours()}`);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? `light: ${expected.light}` : `dark: ${expected.dark}`)));
  });

  test('a clean page has none', async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Good</title></head><body>
      <main><h1>Title</h1><h2>Part</h2><p style="color:#222;background:#fff">Easy to read</p></main></body></html>`);
    expect(await axeViolations(page)).toEqual([]);
  });
});
