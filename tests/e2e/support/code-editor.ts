import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers for driving the CodeMirror editor the way a learner does (key by key, or by the symbol row). */

/**
 * Reaches for the first editor as a learner does: CodeMirror is built when the code is first
 * pressed (until then the page shows the code laid out the same way). Returns the editor, focused.
 */
export async function openEditor(page: Page): Promise<Locator> {
  const content = page.locator('.cm-content').first();
  if ((await content.count()) > 0) return content;
  await page.getByTestId('code-preview').first().click();
  // Its chunk loads after the press: slow on a busy machine.
  await expect(content).toBeFocused({ timeout: 60_000 });
  return content;
}

/** The code the first editor shows, whether CodeMirror has been built yet or not. */
export async function shownCode(page: Page): Promise<string> {
  const content = page.locator('.cm-content').first();
  if ((await content.count()) > 0) return (await content.locator('.cm-line').allTextContents()).join('\n');
  const lines = await page.getByTestId('code-preview').first().locator(':scope > span').allTextContents();
  return lines.map((line) => line.replace(/\n$/, '').replace(/^\u200b$/, '')).join('\n');
}

export async function clearEditor(page: Page): Promise<void> {
  const content = await openEditor(page);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await expect(content).toHaveText('');
}

/** The editor's document, line by line (CodeMirror renders one .cm-line per line). */
export async function editorLines(page: Page): Promise<string[]> {
  return page.locator('.cm-content').first().locator('.cm-line').allTextContents();
}

/** Accessible names of the symbol row's keys, by the character they type. */
export const SYMBOL_BUTTONS: Record<string, string> = {
  '(': 'Insert opening parenthesis',
  ')': 'Insert closing parenthesis',
  '[': 'Insert opening square bracket',
  ']': 'Insert closing square bracket',
  '{': 'Insert opening curly brace',
  '}': 'Insert closing curly brace',
  '"': 'Insert double quote',
  "'": 'Insert single quote',
  ':': 'Insert colon',
  '=': 'Insert equals sign',
  '<': 'Insert less-than sign',
  '>': 'Insert greater-than sign',
  '/': 'Insert slash',
  '#': 'Insert hash sign',
};

/**
 * Types a program on a touch screen: symbols by tapping the symbol row, everything else on the
 * keyboard; `\n` is Enter (the editor indents), `\b` is Backspace (back one indent level).
 */
export async function typeOnPhone(page: Page, program: string): Promise<number> {
  const row = page.getByRole('group', { name: 'Code symbols' });
  let taps = 0;
  for (const character of program) {
    const button = SYMBOL_BUTTONS[character];
    if (button) {
      await row.getByRole('button', { name: button }).tap();
      taps += 1;
    } else if (character === '\n') await page.keyboard.press('Enter');
    else if (character === '\b') await page.keyboard.press('Backspace');
    else await page.keyboard.type(character);
  }
  return taps;
}

/** WCAG 2 contrast ratio of two CSS rgb()/rgba() colours as getComputedStyle reports them. */
export function contrastRatio(foreground: string, background: string): number {
  const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
