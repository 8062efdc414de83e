import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Interaction, Lesson, Track } from '@/domain/content/model';
import { visibleChecks } from '@/domain/lessons/submission';
import { compileContent } from '@/server/content/compile-content';
import { solutionFiles } from '@/server/content/verify-content';
import { openEditor } from './code-editor';
import { createAccount, uniqueEmail } from './emulator';

/** Plays lessons through the real UI with the answers read from the course files. */

/** Replaces the code in the first editor, as a paste would (auto-closing brackets are not doubled). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await (await openEditor(page)).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

let compiled: Promise<Track[]> | null = null;
/** The course model, compiled once per worker from content/ (the files the app publishes). */
export function courseTracks(): Promise<Track[]> {
  compiled ??= compileContent(path.resolve('content')).then(({ content, errors }) => {
    if (errors.length > 0) throw new Error(`content has errors:\n${errors.map((e) => `${e.file}:${e.line} ${e.message}`).join('\n')}`);
    return content.tracks;
  });
  return compiled;
}

export async function signInTo(page: Page, target: string, name = 'curriculum'): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(name);
  await createAccount(email, 'secret-123', 'Curious Learner');
  await page.goto(`/web/login?redirectUrl=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${target.split('?')[0]}**`);
  return { email, password: 'secret-123' };
}

/** How the reorder list shows a line (a blank line is announced, not shown). */
function shownLine(line: string): string {
  return line.trim() === '' ? 'Blank line' : line;
}

type Answered<K extends Interaction['kind']> = Extract<Interaction, { kind: K }>;

async function answerMultipleChoice(page: Page, { choices }: Answered<'multiple-choice'>) {
  const multiple = choices.filter((choice) => choice.correct).length > 1;
  const inputs = page.getByRole(multiple ? 'group' : 'radiogroup').getByRole(multiple ? 'checkbox' : 'radio');
  await expect(inputs).toHaveCount(choices.length);
  // The choices are shown in an order of the learner's own: pick them by name (shown without backticks).
  for (const choice of choices) {
    if (choice.correct) await page.getByRole(multiple ? 'checkbox' : 'radio', { name: choice.text.replace(/`/g, '').trim(), exact: true }).check();
  }
}

async function answerFillGap(page: Page, { gaps }: Answered<'fill-gap'>) {
  const words = page.getByRole('group', { name: 'Words to fill in' });
  for (const [index, gap] of gaps.entries()) {
    const answer = gap.accepted[0] ?? '';
    const input = page.getByLabel(`Gap ${index + 1} of ${gaps.length}`, { exact: true });
    await input.click();
    // Pick the word from the chips, as a learner would; a used chip is named "… (used)".
    const chip = words.getByRole('button', { name: answer, exact: true }).first();
    if ((await chip.count()) > 0) await chip.click();
    else await input.fill(answer);
    await expect(input).toHaveValue(answer);
  }
}

async function answerReorder(page: Page, lessonId: string, { lines }: Answered<'reorder'>) {
  const target = lines.map(shownLine);
  const codes = page.getByRole('list', { name: 'Lines to put in order' }).locator('[aria-pressed] code');
  await expect(codes).toHaveCount(target.length);
  // The player shuffles the lines per learner and lesson: never already in order.
  if (new Set(target).size > 1) expect(await codes.allTextContents(), lessonId).not.toEqual(target);
  for (let position = 0; position < target.length; position += 1) {
    const texts = await codes.allTextContents();
    const from = texts.findIndex((text, index) => index >= position && text === target[position]);
    expect(from, `line "${target[position]}" is below position ${position + 1}`).toBeGreaterThanOrEqual(position);
    if (from === position) continue;
    // Keyboard only: Space picks the line up, the arrows move it, Space drops it.
    await page.getByRole('list', { name: 'Lines to put in order' }).locator('[aria-pressed]').nth(from).focus();
    await page.keyboard.press('Space');
    for (let step = from; step > position; step -= 1) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
  }
  expect(await codes.allTextContents()).toEqual(target);
}

async function writeSolution(page: Page, lesson: Lesson) {
  const executable = lesson.executableContent;
  if (!executable) throw new Error(`code lesson ${lesson.id} has no executable content`);
  const solution = solutionFiles(lesson);
  for (const file of executable.files) {
    if (!file.editable) continue;
    const content = solution.find((solved) => solved.name === file.name)?.content ?? file.content;
    if (executable.files.length > 1) {
      const tab = page.getByRole('tablist', { name: 'Files' }).getByRole('tab', { name: file.name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    const editor = page.getByRole('textbox', { name: `${file.name} code editor`, exact: true });
    // The first press builds the editor (until then a stand-in with the same name shows the code).
    await editor.click();
    await expect(page.locator('.cm-content').first()).toBeFocused({ timeout: 60_000 });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    // insertText, like a paste: the editor's auto-closing of brackets and tags does not double them.
    await page.keyboard.insertText(content);
    await expect.poll(async () => (await editor.locator('.cm-line').allTextContents()).join('\n'), { message: `${file.name} of ${lesson.id}` }).toBe(content);
  }
  if (executable.input && executable.input.length > 0) {
    await expect(page.getByLabel(/Input for your program/)).toHaveValue(executable.input.join('\n'));
  }
}

export async function playLesson(page: Page, lesson: Lesson) {
  const { interaction } = lesson;
  if (interaction.kind === 'code') {
    await writeSolution(page, lesson);
    await page.getByRole('button', { name: 'Run & check' }).click();
    // Python starts Pyodide on the first run; the other runtimes answer at once.
    await expect(page.getByRole('button', { name: 'Continue' }), `${lesson.id} passes`).toBeVisible({ timeout: 60_000 });
    const checks = page.getByRole('list', { name: 'Checks' });
    // The player runs the checks that give nothing away; the hidden ones (other values, hidden data) run on the server.
    await expect(checks.getByRole('listitem')).toHaveCount(visibleChecks(lesson.executableContent?.checks ?? []).length);
    await expect(checks).not.toContainText('✗');
  } else {
    if (interaction.kind === 'multiple-choice') await answerMultipleChoice(page, interaction);
    else if (interaction.kind === 'fill-gap') await answerFillGap(page, interaction);
    else await answerReorder(page, lesson.id, interaction);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: 'Correct, first try!' }), `${lesson.id} passes`).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
}

/**
 * Continue after a passed lesson, through any celebration screens (streak, daily goal) that
 * /web/syncProgress shows on the way, until the URL matches `until`.
 */
export async function continueThrough(page: Page, until: RegExp): Promise<string[]> {
  await page.getByRole('button', { name: 'Continue' }).click();
  return followCelebrations(page, until);
}

/** After Continue was pressed: through the streak and daily-goal screens until `until`. */
export async function followCelebrations(page: Page, until: RegExp): Promise<string[]> {
  const seen: string[] = [];
  for (let step = 0; step < 4; step += 1) {
    await page.waitForURL((url) => until.test(url.pathname + url.search) || /\/web\/(streak|daily-goal)\?/.test(url.pathname + url.search), { timeout: 30_000 });
    const current = new URL(page.url());
    if (until.test(current.pathname + current.search)) return seen;
    seen.push(current.pathname);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname !== current.pathname, { timeout: 30_000 });
  }
  throw new Error(`did not reach ${until} (saw ${seen.join(', ')})`);
}
