import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';

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

  test('a clean page has none', async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Good</title></head><body>
      <main><h1>Title</h1><h2>Part</h2><p style="color:#222;background:#fff">Easy to read</p></main></body></html>`);
    expect(await axeViolations(page)).toEqual([]);
  });
});
