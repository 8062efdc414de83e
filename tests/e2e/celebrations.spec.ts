import { expect, test, type Page } from '@playwright/test';
import type { Track } from '@/domain/content/model';
import { axeViolations, describeViolations } from './support/axe';
import { continueThrough, courseTracks, followCelebrations, playLesson, signInTo } from './support/course-player';
import { idTokenFor } from './support/emulator';
import { AFTER_LESSON_QUERY, PHONE } from './support/phone';
import { passingCompletion } from './support/submissions';

/**
 * Delight: a chapter-complete and a tutorial-complete celebration at the end of the after-lesson
 * flow (syncProgress → streak → daily goal → the section), streak and goal screens that animate
 * (and stand still for reduced motion), and an optional sound, off by default and remembered.
 */

async function firstTutorial(trackId: string) {
  const track: Track | undefined = (await courseTracks()).find((entry) => entry.id === trackId);
  const tutorial = track?.tutorials.find((each) => each.kind === 'course' && each.chapters.length > 1);
  if (!track || !tutorial) throw new Error(`${trackId} has no tutorial with two chapters`);
  return { track, tutorial };
}

/** Completes lessons through the API, as if done earlier on another device. */
async function completeThroughApi(page: Page, token: string, trackId: string, tutorialId: string, lessons: { chapterId: string; lessonId: string }[]) {
  for (const { chapterId, lessonId } of lessons) {
    const response = await page.request.post(`/api/v1/tracks/${trackId}/tutorials/${tutorialId}/chapters/${chapterId}/lessons/${lessonId}/complete`, {
      headers: { Authorization: `Bearer ${token}` },
      data: await passingCompletion(trackId, lessonId),
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Counts the oscillators the page starts (each note of a celebration sound is one). */
async function countNotes(page: Page) {
  await page.addInitScript(() => {
    const win = window as unknown as { __notes: number; AudioContext: typeof AudioContext };
    win.__notes = 0;
    const Original = win.AudioContext;
    win.AudioContext = class extends Original {
      override createOscillator() {
        win.__notes += 1;
        return super.createOscillator();
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { __notes: number }).__notes);
}

async function finishChapterInUi(page: Page, trackId: string, tutorialId: string, chapterId: string, lessonIndex: number, lesson: Parameters<typeof playLesson>[1]) {
  await page.goto(`/web/track/${trackId}/tutorial/${tutorialId}/chapter/${chapterId}/learn?lesson=${lessonIndex}`);
  await expect(page.getByRole('heading', { level: 1, name: lesson.title, exact: true })).toBeVisible();
  await playLesson(page, lesson);
  await continueThrough(page, new RegExp(`/web/${trackId}/section/\\d+`));
}

test.describe('celebrations', () => {
  test.setTimeout(150_000);

  for (const size of ['desktop', 'phone'] as const)
    test(`${size}: finishing a chapter celebrates it, once, on the section page`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ ...(size === 'phone' ? PHONE : {}), baseURL });
      const page = await context.newPage();
      const { track, tutorial } = await firstTutorial('html');
      const [chapter, nextChapter] = tutorial.chapters;
      const lastIndex = (chapter?.lessons.length ?? 0) - 1;
      const last = chapter?.lessons[lastIndex];
      if (!chapter || !nextChapter || !last) throw new Error('no chapter to finish');

      const { email, password } = await signInTo(page, '/web/settings', `chapter-${size}`);
      const token = await idTokenFor(email, password);
      if (size === 'desktop') {
        await completeThroughApi(page, token, track.id, tutorial.id, chapter.lessons.slice(0, lastIndex).map((lesson) => ({ chapterId: chapter.id, lessonId: lesson.id })));
        await finishChapterInUi(page, track.id, tutorial.id, chapter.id, lastIndex, last);
      } else {
        // The lesson player on phones is the player's own spec; here the whole chapter goes through
        // the API and the phone walks the same after-lesson flow the player starts at its end.
        await completeThroughApi(page, token, track.id, tutorial.id, chapter.lessons.map((lesson) => ({ chapterId: chapter.id, lessonId: lesson.id })));
        await page.goto(`/web/syncProgress?trackId=${track.id}&tutorialId=${tutorial.id}&chapterId=${chapter.id}&sectionIndex=0`);
        await followCelebrations(page, new RegExp(`/web/${track.id}/section/\\d+`));
      }

      const dialog = page.getByRole('dialog', { name: 'Chapter complete!' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`You finished “${chapter.title}”: 1 of ${tutorial.chapters.length} chapters of ${tutorial.title} done.`);
      await expect(dialog).toContainText(`Up next: ${nextChapter.title}`);
      await expect(dialog.getByRole('button', { name: 'Keep going' })).toBeFocused();
      await expect(dialog.getByRole('button', { name: 'Keep going' })).toBeInViewport({ ratio: 1 });
      // The flag leaves the URL at once: a reload or a shared link does not celebrate again.
      await expect(page).toHaveURL(new RegExp(`/web/${track.id}/section/\\d+$`));
      const violations = await axeViolations(page);
      expect(describeViolations(`${size} chapter-complete dialog`, violations)).toBe('');

      await dialog.getByRole('button', { name: 'Keep going' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId(`chapter-${nextChapter.id}`)).toHaveAccessibleName(/Up next/);
      await page.reload();
      await expect(page.getByTestId(`chapter-${nextChapter.id}`)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A hand-typed flag for a chapter that is not finished celebrates nothing.
      await page.goto(`/web/${track.id}/section/0?finished=${nextChapter.id}`);
      await expect(page).toHaveURL(new RegExp(`/web/${track.id}/section/0$`));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    });

  test("finishing a tutorial's last chapter celebrates the whole tutorial", async ({ page }) => {
    const { track, tutorial } = await firstTutorial('html');
    const lastChapter = tutorial.chapters[tutorial.chapters.length - 1];
    const lastIndex = (lastChapter?.lessons.length ?? 0) - 1;
    const last = lastChapter?.lessons[lastIndex];
    if (!lastChapter || !last) throw new Error('no last lesson');

    const { email, password } = await signInTo(page, '/web/settings', 'tutorial-done');
    const token = await idTokenFor(email, password);
    const earlier = tutorial.chapters.flatMap((chapter) => chapter.lessons.filter((lesson) => lesson.id !== last.id).map((lesson) => ({ chapterId: chapter.id, lessonId: lesson.id })));
    await completeThroughApi(page, token, track.id, tutorial.id, earlier);
    await finishChapterInUi(page, track.id, tutorial.id, lastChapter.id, lastIndex, last);

    const dialog = page.getByRole('dialog', { name: 'Tutorial complete!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`You finished every chapter of ${tutorial.title}.`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('sound is off by default, turned on in settings, remembered, and played by the streak and goal screens', async ({ page }) => {
    const notes = await countNotes(page);
    await signInTo(page, `/web/streak?${AFTER_LESSON_QUERY}&prevXPCount=0`, 'sound');
    await expect(page.getByTestId('streak-count')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await notes()).toBe(0);

    await page.goto('/web/settings');
    const toggle = page.getByRole('checkbox', { name: /Play a sound/ });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    // Turning it on plays a sample.
    await expect.poll(notes).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Play a sound/ })).toBeChecked();

    await page.goto(`/web/streak?${AFTER_LESSON_QUERY}&prevXPCount=0`);
    await expect(page.getByTestId('streak-count')).toBeVisible();
    await expect.poll(notes).toBe(3);

    await page.goto('/web/settings');
    await page.getByRole('checkbox', { name: /Play a sound/ }).uncheck();
    await page.goto(`/web/streak?${AFTER_LESSON_QUERY}&prevXPCount=0`);
    await expect(page.getByTestId('streak-count')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await notes()).toBe(0);
  });

  test('the streak flame and the goal ring animate, and stand still for reduced motion', async ({ page }) => {
    await signInTo(page, `/web/streak?${AFTER_LESSON_QUERY}&prevXPCount=0`, 'motion');
    const flame = page.getByTestId('streak-flame');
    await expect(flame).toBeVisible();
    expect(await flame.evaluate((element) => getComputedStyle(element).animationName)).not.toBe('none');
    await page.goto(`/web/daily-goal?${AFTER_LESSON_QUERY}&prevXPCount=0`);
    await expect(page.getByTestId('goal-ring')).toBeVisible();
    expect(await page.locator('[data-testid="goal-ring"] circle').last().evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0.9s');
    await page.goto(`/web/streak?${AFTER_LESSON_QUERY}&prevXPCount=0`);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(flame).toBeVisible();
    expect(await flame.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    await page.goto(`/web/daily-goal?${AFTER_LESSON_QUERY}&prevXPCount=0`);
    await expect(page.getByTestId('goal-ring')).toBeVisible();
    // The app's reduced-motion rule turns every transition off.
    const duration = await page.locator('[data-testid="goal-ring"] circle').last().evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(parseFloat(duration)).toBeLessThan(0.001);
  });
});
