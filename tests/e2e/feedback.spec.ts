import { expect, test } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { signInTo, typeCode } from './support/course-player';
import { PHONE } from './support/phone';
import { engineerPage } from './support/engineer';

/**
 * The feedback tool (issue 16): a learner reports a problem from a lesson with their code, the
 * last output and their browser; course engineers see it, open the lesson and mark it.
 */

const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';

test.describe('reporting a problem with a lesson', () => {
  test.setTimeout(180_000);

  test('a learner reports with their code and output; an engineer sees it, opens the lesson and marks it fixed', async ({ page, browser }) => {
    await signInTo(page, LESSON, 'reporter');
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
    const note = `The check refuses my greeting ${Date.now()}`;
    await typeCode(page, 'print("Hello there")');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('log', { name: 'Program output' })).toHaveText('Hello there', { timeout: 60_000 });

    await page.getByRole('button', { name: 'Report a problem with this lesson' }).click();
    const form = page.getByRole('form', { name: 'Report a problem' });
    await expect(form.getByLabel('What went wrong?')).toBeFocused();
    await expect(form.getByRole('button', { name: 'Send the report' })).toBeDisabled();
    await page.keyboard.type(note);
    await form.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you. Your report is with our course engineers.' })).toBeVisible();

    const engineer = await engineerPage(browser, '/web/preview/reports');
    const report = engineer.getByRole('article').filter({ hasText: note });
    await expect(report).toBeVisible();
    await expect(report.getByRole('heading', { name: 'python / python-basics / python-basics-first-steps / py-hello-print' })).toBeVisible();
    await report.getByText('Their code and output').click();
    await expect(report.getByText('print("Hello there")')).toBeVisible();
    await expect(report.getByText('Hello there', { exact: true })).toBeVisible();
    await expect(report.getByRole('link')).toHaveAttribute('href', LESSON);

    await report.getByLabel('Status').selectOption('fixed');
    await expect(report).toHaveCount(0);
    await engineer.getByRole('button', { name: /^Fixed/ }).click();
    await expect(engineer.getByRole('article').filter({ hasText: note }).getByLabel('Status')).toHaveValue('fixed');
    await engineer.getByRole('article').filter({ hasText: note }).getByRole('link').click();
    await engineer.waitForURL(`**${LESSON}`);
    await engineer.context().close();
  });

  test('offline, the report form says it could not load, and opens once the learner is back online', async ({ page }) => {
    await signInTo(page, LESSON, 'reporter-offline');
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
    // The form is a chunk of its own, fetched only when the learner reaches for the button.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Report a problem with this lesson' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The report form could not load. Check your connection and try again.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Report a problem with this lesson' }).click();
    const form = page.getByRole('form', { name: 'Report a problem' });
    await expect(form.getByLabel('What went wrong?')).toBeFocused();
    await expect(page.getByText('The report form could not load.')).toHaveCount(0);
  });

  test('markup in a report is shown to the engineer as text, never run (on a phone for the learner)', async ({ browser }) => {
    const learner = await browser.newContext(PHONE);
    const page = await learner.newPage();
    await signInTo(page, LESSON, 'reporter-markup');
    const marker = Date.now();
    const note = `<img src=x onerror="window.__pwned=${marker}"> the preview is empty`;
    await typeCode(page, `print("<script>window.__pwned=${marker}</script>")`);
    await page.getByRole('button', { name: 'Report a problem with this lesson' }).click();
    const form = page.getByRole('form', { name: 'Report a problem' });
    await expect(form.getByLabel('What went wrong?')).toBeFocused();
    // The form fits the phone: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.keyboard.type(note);
    await form.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you. Your report is with our course engineers.' })).toBeVisible();
    await learner.close();

    const engineer = await engineerPage(browser, '/web/preview/reports');
    const report = engineer.getByRole('article').filter({ hasText: `window.__pwned=${marker}` }).first();
    await expect(report.getByText(note, { exact: true })).toBeVisible();
    await report.getByText('Their code and output').click();
    await expect(report.getByText(`<script>window.__pwned=${marker}</script>`)).toBeVisible();
    await expect(report.locator('img, script')).toHaveCount(0);
    expect(await engineer.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined();
    await engineer.context().close();
  });

  test('the reports are for course engineers only', async ({ page }) => {
    await signInTo(page, '/web/settings', 'not-an-engineer');
    const response = await page.goto('/web/preview/reports');
    expect(response?.status()).toBe(404);
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`the report form and the reports page have no axe violations (${theme})`, async ({ page, browser }) => {
      await forceTheme(page, theme);
      await signInTo(page, LESSON, `report-axe-${theme}`);
      await page.getByRole('button', { name: 'Report a problem with this lesson' }).click();
      await expect(page.getByLabel('What went wrong?')).toBeFocused();
      expect(describeViolations(`report form ${theme}`, await axeViolations(page))).toBe('');
      await page.keyboard.type('Axe run');
      await page.getByRole('button', { name: 'Send the report' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();

      const engineer = await engineerPage(browser, '/web/preview/reports');
      await forceTheme(engineer, theme);
      await engineer.reload();
      await expect(engineer.getByRole('article').first()).toBeVisible();
      expect(describeViolations(`reports ${theme}`, await axeViolations(engineer))).toBe('');
      await engineer.screenshot({ path: test.info().outputPath(`reports-${theme}.png`), fullPage: true });
      await engineer.context().close();
    });
  }
});
