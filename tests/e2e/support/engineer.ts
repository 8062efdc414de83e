import type { Browser, Page } from '@playwright/test';

/** Signs in as the demo course engineer that `npm start` creates in the Auth emulator, landing on `target`. */
export async function signInAsEngineer(page: Page, target: string): Promise<void> {
  await page.goto(`/web/login?redirectUrl=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill('engineer@codetrail.local');
  await page.getByLabel('Password', { exact: true }).fill('build-courses');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${target.split('?')[0]}**`);
}

/** A course engineer's page in a browser context of its own (beside a learner's). */
export async function engineerPage(browser: Browser, target: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsEngineer(page, target);
  return page;
}
