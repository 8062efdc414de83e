import { expect, test } from '@playwright/test';
import { continueThrough, courseTracks, playLesson, signInTo } from './support/course-player';

/**
 * Each track's first chapter, played through in the browser as a learner would: every lesson
 * answered correctly through the real UI (answers read from the course files, not hard-coded),
 * checked, passed and continued.
 */

const TRACKS = ['python', 'javascript', 'html', 'css', 'sql'] as const;

test.describe("each track's first chapter, played through", () => {
  test.setTimeout(180_000);

  for (const trackId of TRACKS) {
    test(`${trackId}: every lesson of the first chapter answered, checked, passed and continued`, async ({ page }) => {
      const track = (await courseTracks()).find((entry) => entry.id === trackId);
      const tutorial = track?.tutorials[0];
      const chapter = tutorial?.chapters[0];
      if (!track || !tutorial || !chapter) throw new Error(`track ${trackId} has no first chapter`);
      const chapterPath = `/web/track/${track.id}/tutorial/${tutorial.id}/chapter/${chapter.id}/learn`;

      await signInTo(page, `${chapterPath}?lesson=0`);
      await expect(page.getByRole('heading', { level: 1, name: chapter.lessons[0]?.title, exact: true })).toBeVisible();

      for (const [index, lesson] of chapter.lessons.entries()) {
        await test.step(`lesson ${index + 1}: ${lesson.id} (${lesson.interaction.kind})`, async () => {
          await expect(page).toHaveURL(new RegExp(`/learn\\?lesson=${index}$`));
          await expect(page.getByRole('heading', { level: 1, name: lesson.title, exact: true })).toBeVisible();
          await expect(page.getByText(`Lesson ${index + 1} of ${chapter.lessons.length}`)).toBeVisible();
          await playLesson(page, lesson);
          // The last lesson's Continue leads out of the chapter: it is only shown, not followed.
          // Within the chapter Continue may show the streak or daily-goal screen first.
          if (index < chapter.lessons.length - 1) await continueThrough(page, new RegExp(`/learn\\?lesson=${index + 1}$`));
        });
      }
      await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
      await expect(page.getByText('Correct, first try!')).toBeVisible();
    });
  }
});
