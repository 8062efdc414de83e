import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { signInTo } from './support/course-player';
import { uniqueEmail } from './support/emulator';
import { PHONE } from './support/phone';

/**
 * The onboarding chat (issue 17): a new learner goes from registration through the chat to their
 * recommended first lesson; answers are stored and can be changed; the minutes a day set the daily
 * goal; keyboard only; a phone; axe in both themes.
 */
const prompt = (page: Page) => page.locator('#chat-prompt');

async function answer(page: Page, question: RegExp, choice: string) {
  await expect(prompt(page)).toContainText(question);
  await page.getByRole('button', { name: choice, exact: true }).click();
}

test.describe('the onboarding chat', () => {
  test('a new learner registers, chats, changes an answer and starts the recommended first lesson', async ({ page }) => {
    await page.goto('/web/register');
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Email').fill(uniqueEmail('onboarding'));
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm password').fill('secret-123');
    await page.getByRole('button', { name: 'Create account' }).click();

    // /onboarding-check sends a learner without answers to the chat.
    await page.waitForURL(/\/web\/onboarding\/chat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
    await answer(page, /What brings you to coding\?/, 'My career');
    await answer(page, /What would you most like to make\?/, 'Websites');
    await answer(page, /Have you written code before\?/, 'Never');
    await answer(page, /How many minutes a day/, '5 minutes');

    // The one-minute exercise, in the recommended language (HTML for websites, no experience).
    await expect(prompt(page)).toContainText('Which tag makes the main heading of a page?');
    await page.getByRole('button', { name: '<p>', exact: true }).click();
    await expect(page.getByText(/Good try! The answer is <h1>/)).toBeVisible();
    await expect(prompt(page)).toContainText('I recommend HTML');
    await expect(prompt(page)).toContainText('5 minutes a day sets your daily goal to Casual: 20 XP a day');

    // Answers are stored as they are given: a reload resumes at the recommendation.
    await page.reload();
    await expect(prompt(page)).toContainText('I recommend HTML');

    // Change what to build: the recommendation moves to JavaScript and the exercise is asked again.
    await page.getByRole('button', { name: 'Change your answer “Websites”' }).click();
    await expect(prompt(page)).toContainText('What would you most like to make?');
    await expect(page.getByRole('button', { name: 'Websites', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Games and interactive pages', exact: true }).click();
    await expect(prompt(page)).toContainText('What does this show in the console?');
    await page.getByRole('button', { name: '5', exact: true }).click();
    await expect(page.getByText(/Right! console\.log shows a value/)).toBeVisible();
    await expect(prompt(page)).toContainText('I recommend JavaScript. JavaScript runs in every browser');
    await page.screenshot({ path: test.info().outputPath('onboarding-desktop.png'), fullPage: true });

    await page.getByRole('button', { name: 'Start my first JavaScript lesson' }).click();
    await page.waitForURL(/\/web\/track\/javascript\/tutorial\/[^/]+\/chapter\/[^/]+\/learn\?lesson=0$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The minutes a day became the daily goal the header counts.
    await expect(page.getByTestId('header-xp')).toHaveText(/0\/20/);

    // Onboarded: /onboarding-check now goes to the recommended track, not the chat.
    await page.goto('/onboarding-check');
    await page.waitForURL(/\/web\/javascript\/section\/0$/);
  });

  test('keyboard only: each answer moves the focus to the next question; skipping gives sensible defaults', async ({ page }) => {
    await signInTo(page, '/web/onboarding/chat', 'onboarding-keys');
    await expect(prompt(page)).toContainText('What brings you to coding?');
    // Tab to the first option and answer with the keyboard.
    const first = page.getByRole('button', { name: 'My career', exact: true });
    for (let presses = 0; presses < 40 && !(await first.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toContainText('What would you most like to make?');
    await expect(prompt(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Websites', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(prompt(page)).toContainText('Have you written code before?');
    await expect(page.getByText('Games and interactive pages', { exact: true })).toBeVisible();

    // Back goes to the previous question with its answer pressed.
    await page.getByRole('button', { name: 'Back' }).press('Enter');
    await expect(prompt(page)).toContainText('What would you most like to make?');
    await expect(page.getByRole('button', { name: 'Games and interactive pages', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // The skip is stored after any answer still on its way (never before it), then the page moves on.
    const skipped = page.waitForResponse((response) => response.url().endsWith('/user/onboarding') && response.request().method() === 'PUT' && (response.request().postDataJSON() as { action?: string }).action === 'skip');
    await page.getByRole('button', { name: 'Skip the questions' }).press('Enter');
    await expect(prompt(page)).toContainText('I recommend JavaScript');
    await expect(prompt(page)).toContainText('10 minutes a day sets your daily goal to Regular: 50 XP a day');
    await expect(prompt(page)).toBeFocused();
    expect((await skipped).status()).toBe(200);
    await page.goto('/onboarding-check');
    await page.waitForURL(/\/web\/javascript\/section\/0$/);
  });

  test('a phone shows the chat without sideways scrolling; axe finds nothing in both themes', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signInTo(page, '/web/onboarding/chat', 'onboarding-phone');
    await answer(page, /What brings you to coding\?/, 'Just for fun');
    await answer(page, /What would you most like to make\?/, 'Things with data');
    for (const theme of ['light', 'dark'] as Theme[]) {
      await forceTheme(page, theme);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`/web/onboarding/chat, question (${theme})`, violations)).toEqual([]);
    }
    await answer(page, /Have you written code before\?/, 'I can write small programs');
    await answer(page, /How many minutes a day/, '20 minutes or more');
    await expect(prompt(page)).toContainText('print("Hello, " + "Ada")');
    await page.getByRole('button', { name: 'Hello, Ada', exact: true }).click();
    await expect(prompt(page)).toContainText('I recommend Python. Python is the language of data');
    for (const theme of ['light', 'dark'] as Theme[]) {
      await forceTheme(page, theme);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`/web/onboarding/chat, recommendation (${theme})`, violations)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`onboarding-phone-${theme}.png`), fullPage: true });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
