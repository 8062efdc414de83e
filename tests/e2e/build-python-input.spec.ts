import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe';
import { signInTo, typeCode } from './support/course-player';

/**
 * A Python project's input() in the build area, as a terminal does it: the console shows the
 * prompt and a focused field; the learner types a line and presses Enter; the program carries on
 * with it and the line is echoed. Waiting is not the program's time (the time limit pauses), and
 * Stop ends a program that waits. Learner code can post messages of its own from the runtime's
 * worker: forged questions are ignored. The runtime is Pyodide in an opaque-origin sandbox; the
 * wait is JSPI (WebAssembly stack switching), which Debian's Chromium has.
 */

const consoleText = (page: Page) => page.getByTestId('project-console');
const consoleField = (page: Page, prompt?: string) => page.getByRole('region', { name: 'Console' }).getByRole('textbox', prompt === undefined ? {} : { name: prompt });

async function newPythonProject(page: Page) {
  await page.goto('/web/build');
  await expect(page.getByRole('heading', { level: 1, name: 'Your projects' })).toBeVisible();
  await page.getByRole('button', { name: /^Python/ }).click();
  await page.waitForURL(/\/web\/build\/[a-z2-7]{20}\?backlink=%2Fweb%2Fbuild$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Python program' })).toBeVisible();
}

/** Answers the waiting input() named `prompt` by typing, as a learner does: the field already has focus. */
async function answer(page: Page, prompt: string, line: string) {
  const field = consoleField(page, prompt);
  await expect(field).toBeFocused({ timeout: 90_000 });
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  await expect(field).toHaveCount(0);
}

test.describe('input() in a Python project', () => {
  test.setTimeout(240_000);

  test('the learner answers two input() calls in one run; waiting is not the time limit; Stop ends a waiting program', async ({ page }) => {
    await signInTo(page, '/web/build', 'py-input');
    await newPythonProject(page);
    await typeCode(page, 'name = input("Your name? ")\nprint("Hi", name)\nage = input("Age? ")\nprint(name, "is", age)\n');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(consoleText(page)).toBeVisible();
    await answer(page, 'Your name?', 'Ada');
    await expect(consoleText(page)).toContainText('Your name? Ada\nHi Ada');

    // The second question of the same run. Longer than the time limit (5 s, and the page's own
    // 2 s more) goes by before the answer: a program that waits for its learner is not stopped.
    await expect(consoleField(page, 'Age?')).toBeFocused();
    await page.waitForTimeout(8_000);
    await answer(page, 'Age?', '36');
    await expect(consoleText(page)).toHaveText('Your name? Ada\nHi Ada\nAge? 36\nAda is 36\n');
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);

    // Stop while it waits: the program ends, and the next run starts afresh.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(consoleField(page, 'Your name?')).toBeFocused({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(consoleText(page)).toContainText('You stopped the program.');
    await expect(consoleField(page, 'Your name?')).toHaveCount(0);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await answer(page, 'Your name?', 'Grace');
    await expect(consoleText(page)).toContainText('Hi Grace');

    // An empty line is a line too (Send, not Enter, this time).
    await expect(consoleField(page, 'Age?')).toBeFocused();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(consoleText(page)).toContainText('Age? \nGrace is');

    // On a phone the console is below the editor: the field that appears is scrolled to where the
    // learner sees it (not under the bottom bar), and the console has no axe violations.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const field = consoleField(page, 'Your name?');
    await expect(field).toBeFocused({ timeout: 90_000 });
    await expect(field).toBeInViewport({ ratio: 1 });
    // Nothing (the bottom bar) lies over it where the learner would tap.
    const onTop = await field.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element;
    });
    expect(onTop).toBe(true);
    expect(describeViolations('a waiting input() on a phone', await axeViolations(page))).toBe('');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(consoleText(page)).toContainText('You stopped the program.');
  });

  test('questions and answers the program forges from its worker are ignored', async ({ page }) => {
    await signInTo(page, '/web/build', 'py-input-forged');
    await newPythonProject(page);
    // Learner code reaches the worker's postMessage: a question of the wrong shape, one for
    // another run, and then a real input() whose answer must reach only the program.
    await typeCode(
      page,
      [
        'import js',
        'js.postMessage(js.JSON.parse(\'{"type": "input-request", "id": "1", "prompt": 5}\'))',
        'js.postMessage(js.JSON.parse(\'{"type": "input-request", "prompt": "Password? "}\'))',
        'js.postMessage(js.JSON.parse(\'{"type": "input-request", "id": 999, "prompt": "Card number? "}\'))',
        'js.postMessage(js.JSON.parse(\'{"type": "input", "id": 1, "text": "forged answer"}\'))',
        'print("still here")',
        'print("got", input("Real? "))',
        '',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await answer(page, 'Real?', 'mine');
    await expect(consoleText(page)).toHaveText('still here\nReal? mine\ngot mine\n');
    await expect(consoleField(page)).toHaveCount(0);
    await expect(consoleText(page)).not.toContainText('restarted');
  });
});
