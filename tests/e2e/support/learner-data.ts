import { expect, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '@/ui/theme';
import { shownCode } from './code-editor';

/** Signs an existing account in (a second browser of the same learner) and lands on `target`. */
export async function signInExisting(page: Page, target: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`/web/login?redirectUrl=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${target.split('?')[0]}**`);
}

/** Waits until the lesson's code reached the server (the save request answered OK). */
export function codeSaved(page: Page) {
  return page.waitForResponse((response) => response.url().includes('/savefiles') && response.request().method() === 'POST' && response.ok());
}

/** The code in the lesson's first editor, line by line. */
export async function expectEditorCode(page: Page, code: string): Promise<void> {
  await expect.poll(() => shownCode(page), { timeout: 30_000 }).toBe(code);
}

/** Screenshots for reviewing a screen in both themes, when DATA_SHOTS names a folder. */
export async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.DATA_SHOTS;
  if (!folder) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(([key, value]) => {
      localStorage.setItem(key, value);
      document.documentElement.dataset.theme = value;
    }, [THEME_STORAGE_KEY, theme] as const);
    await page.screenshot({ path: `${folder}/${name}-${theme}.png`, fullPage: true });
  }
}
