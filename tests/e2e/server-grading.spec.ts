import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { signInTo, typeCode } from './support/course-player';
import { PHONE } from './support/phone';

/**
 * The server decides (docs/features/grading.md): the browser's verdict is instant feedback, the
 * server's grading is the record. A learner who types the answer in passes the checks they can see,
 * is told the server's check with other values did not pass, earns nothing, fixes it and passes.
 */

const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=4';
const TYPED_IN = 'name = "Sam"\ngreeting = "Hello, Sam!"\nprint(greeting)';
const SOLVED = 'name = "Sam"\ngreeting = "Hello, " + name + "!"\nprint(greeting)';

async function refusedThenPassed(page: Page, shot: string) {
  await expect(page.getByRole('heading', { name: 'Join text together' })).toBeVisible();
  let completions = 0;
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/complete')) completions += 1;
  });
  await typeCode(page, TYPED_IN);
  await page.getByRole('button', { name: 'Run & check' }).click();
  // Every check the browser has passes; the server's rerun with another name does not.
  const refusal = page.getByRole('status').filter({ hasText: 'Almost!' });
  await expect(refusal).toBeVisible({ timeout: 60_000 });
  await expect(refusal).toContainText('The greeting only fits one name');
  // The player says a check runs where it cannot see it.
  await expect(page.getByText('One more check runs on the server, with data your program has not seen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expect(page.getByText(/^\+\d+ XP$/)).toHaveCount(0);
  expect(completions).toBe(1);
  await page.screenshot({ path: test.info().outputPath(`${shot}-refused.png`), fullPage: true });

  // The editor is the learner's again: the real solution passes on the server too.
  await typeCode(page, SOLVED);
  await page.getByRole('button', { name: 'Run & check' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^\+\d+ XP$/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Almost!' })).toHaveCount(0);
  expect(completions).toBe(2);
}

test.describe('the server decides', () => {
  test.setTimeout(180_000);

  test('desktop: the answer typed in is refused by the server, earns nothing; the real one passes', async ({ page }) => {
    await signInTo(page, LESSON, 'grading');
    await refusedThenPassed(page, 'desktop');
  });

  test('phone, both themes: Run pressed with Enter, the refusal is read out and passes axe', async ({ browser }) => {
    for (const theme of ['light', 'dark'] as Theme[]) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await forceTheme(page, theme);
      await signInTo(page, LESSON, `grading-${theme}`);
      await typeCode(page, TYPED_IN);
      await page.getByRole('button', { name: 'Run & check' }).focus();
      await page.keyboard.press('Enter');
      const refusal = page.getByRole('status').filter({ hasText: 'Almost!' });
      await expect(refusal).toBeVisible({ timeout: 60_000 });
      await refusal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`phone-${theme}-refused.png`) });
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`refused (${theme})`, violations)).toEqual([]);
      await context.close();
    }
  });
});
