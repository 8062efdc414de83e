import { expect, test } from '@playwright/test';
import { subscribeToPro } from './support/billing';
import { continueThrough, courseTracks, playLesson, signInTo } from './support/course-player';
import { idTokenFor } from './support/emulator';
import { passingSubmissionOf } from '../support/passing-submission';

/**
 * The habit loop in the browser: a lesson passed → /web/syncProgress → streak screen → daily-goal
 * screen → the section path, with the header stats updating; and the active-section redirects
 * with and without the progress cookies.
 */

const CHAPTER = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps';

test.describe('habit loop', () => {
  test.setTimeout(120_000);

  test('finish a lesson: syncProgress, streak, daily goal, section; header and leaderboard update', async ({ page, context }) => {
    const lessons = (await courseTracks()).find((track) => track.id === 'python')?.tutorials[0]?.chapters[0]?.lessons ?? [];
    const last = lessons[lessons.length - 1];
    if (!last) throw new Error('python has no first chapter');

    await signInTo(page, '/web/settings', 'habits');
    await expect(page.getByTestId('header-streak')).toHaveText(/0/);
    await page.getByRole('radio', { name: /Casual: 20 XP a day/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(page.getByTestId('header-xp')).toHaveText(/0\/20/);

    // The chapter's last lesson as a challenge: 20 XP + 5 first-try bonus reaches the 20 XP goal.
    await page.goto(`${CHAPTER}/challenge?lesson=${lessons.length - 1}`);
    await expect(page.getByRole('heading', { level: 1, name: last.title, exact: true })).toBeVisible();
    await playLesson(page, last);
    await expect(page.getByText('+25 XP')).toBeVisible();
    await expect(page.getByTestId('header-xp')).toHaveText(/Goal met/);
    await expect(page.getByTestId('header-streak')).toHaveText(/1/);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/web\/streak\?.*prevXPCount=0/);
    expect(new URL(page.url()).searchParams.get('trackId')).toBe('python');
    await expect(page.getByTestId('streak-count')).toHaveText('1');
    await expect(page.getByText('25 XP today')).toBeVisible();
    await expect(page.getByRole('listitem', { name: /Lesson done/ })).toHaveCount(1);

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/\/web\/daily-goal\?/);
    await expect(page.getByRole('heading', { name: 'Daily goal reached!' })).toBeVisible();
    await expect(page.getByTestId('goal-xp')).toHaveText(/25\/20/);

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/\/web\/python\/section\/0$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Python foundations' })).toBeVisible();
    await expect(page.getByTestId('section-streak')).toHaveText(/1 day/);
    await expect(page.getByTestId('chapter-python-basics-first-steps')).toHaveAccessibleName(/Up next, 1 of 5 lessons/);

    const cookies = await context.cookies();
    const track = cookies.find((cookie) => cookie.name === 'codetrail_active_track');
    const section = cookies.find((cookie) => cookie.name === 'codetrail_active_section_python');
    expect(track).toMatchObject({ value: 'python', sameSite: 'Lax', path: '/' });
    expect(section).toMatchObject({ value: '0', sameSite: 'Lax', path: '/' });
    expect((track?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(172_800 - 120);
    expect((track?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(172_800 + 5);

    // Each celebration shows once a day: syncing again goes straight back into the path.
    await page.goto('/web/syncProgress?trackId=python&tutorialId=python-basics&chapterId=python-basics-first-steps&sectionIndex=0');
    await page.waitForURL(/\/web\/python\/section\/0$/);

    await page.goto('/web/leaderboard');
    await expect(page.getByRole('listitem').filter({ hasText: '(you)' })).toContainText('25 XP');
    await page.goto('/web/progress');
    await expect(page.getByTestId('progress-streak')).toHaveText('1');
  });

  test('section/active and redirect-to-active-section, with and without the progress cookies', async ({ page, context }) => {
    await signInTo(page, '/web/settings', 'sections');
    expect((await context.cookies()).some((cookie) => cookie.name.startsWith('codetrail_active'))).toBe(false);
    // No cookies: the default track resolves its active section from progress, and remembers it.
    await page.goto('/web/redirect-to-active-section');
    await page.waitForURL(/\/web\/python\/section\/0$/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'codetrail_active_track')?.value).toBe('python');

    const origin = new URL(page.url()).origin;
    const setCookie = (name: string, value: string) => context.addCookies([{ name, value, url: origin }]);

    await setCookie('codetrail_active_track', 'sql');
    await page.goto('/web/redirect-to-active-section');
    await page.waitForURL(/\/web\/sql\/section\/0$/);

    // Section 1 is Pro: a free learner is sent to the section they can open, not to its lock, and
    // that one becomes the remembered section.
    await setCookie('codetrail_active_section_sql', '1');
    await page.goto('/web/redirect-to-active-section');
    await page.waitForURL(/\/web\/sql\/section\/0$/);
    await expect(page.getByTestId('section-pro-lock')).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === 'codetrail_active_section_sql')?.value).toBe('0');

    // After login (here: the login page while signed in) the default destination is the active section.
    await page.goto('/web/login');
    await page.waitForURL(/\/web\/sql\/section\/0$/);

    await context.clearCookies({ name: 'codetrail_active_track' });
    await page.goto('/web/redirect-to-active-section');
    await page.waitForURL(/\/web\/python\/section\/0$/);

    await page.goto('/web/html/section/active');
    await page.waitForURL(/\/web\/html\/section\/0$/);
    await page.goto('/web/html/section/9');
    await page.waitForURL(/\/web\/html\/section\/0$/);
    await expect(page.getByTestId('chapter-html-basics-first-page')).toHaveAccessibleName(/Up next/);
  });

  test('a lesson passed while offline is kept, synced by syncProgress, and counts for today', async ({ page }) => {
    const lessons = (await courseTracks()).find((track) => track.id === 'html')?.tutorials[0]?.chapters[0]?.lessons ?? [];
    const choice = lessons.findIndex((lesson) => lesson.interaction.kind === 'multiple-choice');
    const lesson = lessons[choice];
    if (!lesson) throw new Error('the html chapter has no multiple-choice lesson');
    await signInTo(page, `/web/track/html/tutorial/html-basics/chapter/html-basics-first-page/learn?lesson=${choice}`, 'offline');
    await page.route('**/complete', (route) => route.abort('internetdisconnected'));
    await playLesson(page, lesson);
    await expect(page.getByText('This lesson is saved on this device')).toBeVisible();
    await page.unroute('**/complete');

    // Continue goes through /web/syncProgress, which sends the queued completion with its own time.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/web\/streak\?/);
    await expect(page.getByTestId('streak-count')).toHaveText('1');
    await expect(page.getByTestId('header-xp')).toHaveText(/15\//);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('codetrail.pendingCompletions.') && localStorage.getItem(key)))).toEqual([]);
  });

  test("finishing a guided project's last chapter leads to project-done", async ({ page }) => {
    // About fifty lessons handed in through the API, each graded on the server.
    test.setTimeout(360_000);
    const track = (await courseTracks()).find((entry) => entry.id === 'python');
    const project = track?.tutorials.find((tutorial) => tutorial.kind === 'project');
    const chapters = project?.chapters ?? [];
    const lastChapter = chapters[chapters.length - 1];
    const last = lastChapter?.lessons[lastChapter.lessons.length - 1];
    if (!track || !project || !lastChapter || !last) throw new Error('python has no guided project');

    const { email, password } = await signInTo(page, '/web/settings', 'project');
    // Guided projects are Pro (tests/e2e/subscription.spec.ts meets the paywall).
    await subscribeToPro(page.request, { email, password });
    // Every step but the last through the API, as if done on other days and devices: the
    // project's chapters and, since chapters unlock in path order, every chapter before it.
    const token = await idTokenFor(email, password);
    const inPathOrder = track.sections.flatMap((section) => section.tutorialIds).map((id) => track.tutorials.find((tutorial) => tutorial.id === id));
    const upToProject = inPathOrder.slice(0, inPathOrder.indexOf(project) + 1);
    // Each hands in the lesson's solution, which the server grades (a Python sandbox run per code
    // lesson): three at a time, so the grader's processes use both cores.
    const earlier = upToProject.flatMap((tutorial) => (tutorial?.chapters ?? []).flatMap((chapter) => chapter.lessons.filter((lesson) => lesson.id !== last.id).map((lesson) => ({ tutorialId: tutorial?.id ?? '', chapterId: chapter.id, lesson }))));
    const complete = async ({ tutorialId, chapterId, lesson }: (typeof earlier)[number]) => {
      const response = await page.request.post(`/api/v1/tracks/python/tutorials/${tutorialId}/chapters/${chapterId}/lessons/${lesson.id}/complete`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { mode: 'learn', attempts: 1, usedHints: false, submission: passingSubmissionOf(lesson) },
        timeout: 120_000,
      });
      expect(response.status(), `${lesson.id}: ${await response.text()}`).toBe(201);
    };
    const queue = [...earlier];
    await Promise.all(Array.from({ length: 3 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await complete(next);
    }));

    await page.goto(`/web/track/python/tutorial/${project.id}/chapter/${lastChapter.id}/learn?lesson=${lastChapter.lessons.length - 1}`);
    await playLesson(page, last);
    await continueThrough(page, /\/web\/project-done\?/);
    await expect(page.getByRole('heading', { level: 1, name: `You built it: ${project.title}!` })).toBeVisible();
    await expect(page.getByText('+50 XP for finishing the project')).toBeVisible();
    // The finished project is now one of the learner's own, in the build area.
    await page.getByRole('link', { name: 'Open your projects' }).click();
    await page.waitForURL(/\/web\/build$/);
    await expect(page.getByRole('link', { name: project.title, exact: true })).toBeVisible();
    await expect(page.getByText('From a course')).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/\/web\/python\/section\/1$/);
  });
});

