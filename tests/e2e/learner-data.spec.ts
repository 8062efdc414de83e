import { expect, test, type Page } from '@playwright/test';
import type { Lesson } from '@/domain/content/model';
import { courseTracks, signInTo, typeCode } from './support/course-player';
import { idTokenFor } from './support/emulator';
import { codeSaved, expectEditorCode, shoot, signInExisting } from './support/learner-data';
import { passingCompletion } from './support/submissions';

/**
 * Issue 11, the learner's data: saved code follows them to another browser, locked chapters do
 * not open by URL, the profile page, and the daily goal chosen while starting.
 */

async function firstTutorial() {
  const python = (await courseTracks()).find((track) => track.id === 'python');
  const tutorial = python?.tutorials.find((candidate) => candidate.id === python.sections[0]?.tutorialIds[0]);
  const [first, second] = tutorial?.chapters ?? [];
  if (!python || !tutorial || !first || !second) throw new Error('python needs a first tutorial with two chapters');
  return { python, tutorial, first, second };
}

const chapterUrl = (tutorialId: string, chapterId: string) => `/web/track/python/tutorial/${tutorialId}/chapter/${chapterId}`;
const isCode = (lesson: Lesson) => lesson.interaction.kind === 'code' && (lesson.executableContent?.files.some((file) => file.editable) ?? false);

async function completeByApi(page: Page, account: { email: string; password: string }, lesson: { tutorialId: string; chapterId: string; lessonId: string }) {
  const token = await idTokenFor(account.email, account.password);
  const response = await page.request.post(`/api/v1/tracks/python/tutorials/${lesson.tutorialId}/chapters/${lesson.chapterId}/lessons/${lesson.lessonId}/complete`, {
    headers: { authorization: `Bearer ${token}` },
    data: await passingCompletion('python', lesson.lessonId),
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('learner data', () => {
  test.setTimeout(120_000);

  test('saved code follows the learner to another browser and back', async ({ page, browser }) => {
    const { tutorial, first } = await firstTutorial();
    const index = first.lessons.findIndex(isCode);
    const url = `${chapterUrl(tutorial.id, first.id)}/learn?lesson=${index}`;
    const account = await signInTo(page, url, 'follow');
    await expect(page.getByRole('heading', { level: 1, name: first.lessons[index]?.title ?? '', exact: true })).toBeVisible();

    // Browser A types; the code reaches the server.
    const savedA = codeSaved(page);
    await typeCode(page, 'print("typed in browser A")');
    await savedA;
    await expect(page.locator('[data-save-status]')).toHaveText('Saved');

    // Browser B (another device: no local draft) opens the same lesson with A's code.
    const other = await browser.newContext();
    const pageB = await other.newPage();
    await signInExisting(pageB, url, account);
    await expectEditorCode(pageB, 'print("typed in browser A")');

    // B edits; A, reloaded, opens B's newer code over its own (synced, older) draft.
    const savedB = codeSaved(pageB);
    await typeCode(pageB, 'print("typed in browser B")');
    await savedB;
    await page.reload();
    await expectEditorCode(page, 'print("typed in browser B")');
    await other.close();
  });

  test('a locked chapter’s URL goes to the section with a notice; locked chapters are not links', async ({ page }) => {
    const { tutorial, first, second } = await firstTutorial();
    await signInTo(page, `${chapterUrl(tutorial.id, first.id)}/learn?lesson=0`, 'locked');
    await page.goto(`${chapterUrl(tutorial.id, second.id)}/learn?lesson=0`);
    await expect(page).toHaveURL(/\/web\/python\/section\/0$/);
    await expect(page.getByRole('status').filter({ hasText: `Finish “${first.title}” first to unlock “${second.title}”.` })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${second.title}: Locked`) })).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: new RegExp(`^${second.title}: Locked`) })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${first.title}: Up next`) })).toBeVisible();
    await shoot(page, 'section-locked-desktop');
  });

  test('the profile: name shown to others, totals, tracks in progress, achievements, calendar', async ({ page }) => {
    const { tutorial, first } = await firstTutorial();
    const account = await signInTo(page, '/web/profile', 'profile');
    await expect(page.getByTestId('profile-name')).toHaveText('Curious Learner');
    await expect(page.getByRole('heading', { name: /Achievements \(0 of 8\)/ })).toBeVisible();
    await expect(page.getByText('No track started yet.')).toBeVisible();

    const code = first.lessons.find(isCode);
    if (!code) throw new Error('no code lesson');
    await completeByApi(page, account, { tutorialId: tutorial.id, chapterId: first.id, lessonId: code.id });
    await page.reload();
    await expect(page.getByTestId('profile-totals')).toContainText('Lessons done1');
    await expect(page.getByTestId('profile-track-python')).toContainText(/\d+% · 1 of \d+ lessons/);
    await expect(page.getByTestId('achievement-first-code-passed')).toHaveAttribute('data-earned', 'true');
    await expect(page.getByTestId('achievement-first-perfect-lesson')).toContainText('Earned');
    await expect(page.getByTestId('achievement-streak-7')).toContainText('Not yet');
    // The calendar names its months.
    await expect(page.getByText(/^(January|February|March|April|May|June|July|August|September|October|November|December)/).first()).toBeVisible();

    // A name that is not a name is refused with a sentence; a good one is kept and shown.
    const field = page.getByLabel('Your name on leaderboards');
    await field.fill('<b>');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText("Use letters, digits, spaces and . ' - _ only.")).toBeVisible();
    await field.fill('Ada Explorer');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Saved. Leaderboards show your new name.')).toBeVisible();
    await page.goto('/web/leaderboard');
    await expect(page.getByText('Ada Explorer')).toBeVisible();
    await page.goto('/web/profile');
    await expect(page.getByTestId('profile-name')).toHaveText('Ada Explorer');
    await shoot(page, 'profile-desktop');
  });

  test.describe('phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    // The daily goal chosen while starting is the onboarding chat's (tests/e2e/onboarding.spec.ts).
    test('profile and the locked notice fit a phone', async ({ page }) => {
      const { tutorial, first, second } = await firstTutorial();
      await signInTo(page, '/web/profile', 'phone');

      await page.goto(`${chapterUrl(tutorial.id, second.id)}/learn?lesson=0`);
      await expect(page).toHaveURL(/\/web\/python\/section\/0$/);
      await expect(page.getByRole('status').filter({ hasText: `Finish “${first.title}” first` })).toBeVisible();
      await expect(page.getByTestId('header-xp')).toHaveText(/0\/50/);
      await shoot(page, 'section-locked-phone');

      await page.goto('/web/profile');
      await expect(page.getByTestId('profile-name')).toHaveText('Curious Learner');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await shoot(page, 'profile-phone');
    });
  });
});
