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

  test("forceTheme on an open page returns once the theme's colours have landed", async ({ page }) => {
    // The app's reduced-motion rule (src/ui/styles/global.css) on a page whose colours follow the
    // OS theme: every property transitions for 0.01 ms, so a switch shows a frame later.
    await forceTheme(page, 'light');
    await page.setContent(`<!doctype html><html lang="en"><head><title>Themes</title><style>
      * { transition-duration: 0.01ms !important; }
      p { color: rgb(1, 1, 1); }
      @media (prefers-color-scheme: dark) { p { color: rgb(2, 2, 2); } }
      </style></head><body><p>Muted text</p></body></html>`);
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      const theme = i % 2 === 0 ? 'dark' : 'light';
      await forceTheme(page, theme);
      seen.push(`${theme} ${await page.evaluate(() => getComputedStyle(document.querySelector('p') ?? document.body).color)}`);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'dark rgb(2, 2, 2)' : 'light rgb(1, 1, 1)')));
  });

  test('a clean page has none', async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Good</title></head><body>
      <main><h1>Title</h1><h2>Part</h2><p style="color:#222;background:#fff">Easy to read</p></main></body></html>`);
    expect(await axeViolations(page)).toEqual([]);
  });
});
