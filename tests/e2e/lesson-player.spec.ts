import { expect, test, type Page } from '@playwright/test';
import { idTokenFor } from './support/emulator';
import { continueThrough, followCelebrations, signInTo as signInAs, typeCode } from './support/course-player';
import { shownCode } from './support/code-editor';

const CHAPTER = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps';

const signInTo = (page: Page, path: string) => signInAs(page, path, 'player');

test.describe('lesson player', () => {
  test.setTimeout(120_000);

  test('the lesson text and starter code are in the server-rendered HTML', async ({ page, request }) => {
    await signInTo(page, `${CHAPTER}/learn?lesson=0`);
    const cookies = await page.context().cookies();
    const html = await (await request.get(`${CHAPTER}/learn?lesson=0`, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })).text();
    expect(html).toContain('Say hello');
    expect(html).toContain('# Show the message Hello, world! on the line below');
  });

  test('unknown ids get the 404 page; a lesson index out of range goes to the first unfinished lesson', async ({ page }) => {
    await signInTo(page, `${CHAPTER}/learn?lesson=0`);
    const missing = await page.goto('/web/track/python/tutorial/python-basics/chapter/no-such-chapter/learn?lesson=0');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
    await page.goto(`${CHAPTER}/challenge?lesson=99`);
    await expect(page).toHaveURL(/\/challenge\?lesson=0$/);
    await page.goto(`/ssr/track/python/tutorial/python-basics/chapter/python-basics-first-steps/tutor?lesson=abc`);
    await expect(page).toHaveURL(/\/ssr\/track\/python\/.*\/tutor\?lesson=0$/);
    await expect(page.getByText('Tutor', { exact: true })).toBeVisible();
  });

  test('a Python code lesson: typed, run, failed, fixed, passed, recorded', async ({ page }) => {
    await signInTo(page, `${CHAPTER}/learn?lesson=0`);
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();

    await typeCode(page, 'print("Hello world")');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('log', { name: 'Program output' })).toHaveText('Hello world', { timeout: 60_000 });
    await expect(page.getByRole('list', { name: 'Checks' })).toContainText('✗');
    await expect(page.getByRole('status').filter({ hasText: 'Not yet' })).toBeVisible();

    await typeCode(page, 'print("Hello, world!")');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
    await expect(page.getByText('Correct! Well done.')).toBeVisible();

    // Today's first lesson extended the streak: the streak screen comes first, then lesson 2.
    expect(await continueThrough(page, /lesson=1$/)).toEqual(['/web/streak']);
    // The completion was recorded: the first step of the progress bar is done.
    await expect(page.locator('[data-done]')).toHaveCount(1);
  });

  test('a runaway loop is stopped and the learner is told why', async ({ page }) => {
    await signInTo(page, `${CHAPTER}/tutor?lesson=0`);
    await typeCode(page, 'while True:\n    pass');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'ran for too long' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'did not finish' })).toBeVisible();
    // The page stays responsive and the runtime is usable again.
    await typeCode(page, 'print("Hello, world!")');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: 30_000 });
  });

  test("an HTML lesson's preview updates as the learner types, and its checks run in the sandbox", async ({ page }) => {
    await signInTo(page, '/web/track/html/tutorial/html-basics/chapter/html-basics-first-page/learn?lesson=0');
    // The learner's page is nested in the /api/sandbox/page document (see docs/security.md).
    const preview = page.frameLocator('iframe[title="Preview of your page"]').frameLocator('iframe[title="Your page"]');
    await typeCode(page, '<h1>Codetrail rocks</h1>');
    await expect(preview.locator('h1')).toHaveText('Codetrail rocks');
    await typeCode(page, '<h1>Codetrail rocks</h1>\n<p>Live preview</p>');
    await expect(preview.locator('p')).toHaveText('Live preview');
    // The sandboxed page cannot reach the app: an opaque origin, from the app's sandbox document.
    expect(await page.locator('iframe[title="Preview of your page"]').getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    expect(await page.locator('iframe[title="Preview of your page"]').getAttribute('src')).toMatch(/^\/api\/sandbox\/page\?v=[0-9a-f]{12}$/);
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('list', { name: 'Checks' })).toBeVisible();
  });

  test('input() reads the lines the learner gives the program', async ({ page }) => {
    await signInTo(page, `${CHAPTER}/learn?lesson=0`);
    await typeCode(page, 'name = input()\nprint("Hello, " + name + "!")');
    await page.getByLabel(/Input for your program/).fill('Ada');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('log', { name: 'Program output' })).toHaveText('Hello, Ada!', { timeout: 60_000 });
  });

  test('a reorder lesson completed with the keyboard alone', async ({ page }) => {
    await signInTo(page, `${CHAPTER}/learn?lesson=3`);
    const target = ['mood = "sleepy"', 'print(mood)', 'mood = "awake"', 'print(mood)'];
    const lines = page.getByRole('list', { name: 'Lines to put in order' }).locator('[aria-pressed]');
    await expect(lines).toHaveCount(4);
    for (let position = 0; position < target.length; position += 1) {
      const texts = (await lines.allTextContents()).map((text) => text.trim());
      const from = texts.findIndex((text, index) => index >= position && text.includes(target[position] ?? ''));
      await lines.nth(from).focus();
      await page.keyboard.press('Space');
      for (let step = from; step > position; step -= 1) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
    }
    await page.getByRole('button', { name: 'Check' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
    await page.keyboard.press('Enter');
    await followCelebrations(page, /lesson=4$/);
  });

  test('code typed while the API is unreachable survives a reload and syncs when back online', async ({ page, context, request }) => {
    const account = await signInTo(page, `${CHAPTER}/learn?lesson=4`);
    await expect(page.getByRole('heading', { name: 'Join text together' })).toBeVisible();
    await page.route('**/savefiles**', (route) => route.abort('internetdisconnected'));
    await typeCode(page, 'name = "Offline Ada"');
    await expect(page.locator('[data-save-status]')).toHaveText(/Not synced yet|Offline/);
    await expect(page.locator('.cm-content').first()).toContainText('name = "Offline Ada"');

    await page.reload();
    await expect.poll(() => shownCode(page)).toContain('name = "Offline Ada"');

    await page.unroute('**/savefiles**');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });

    // The server now has the code typed while it was unreachable.
    const token = await idTokenFor(account.email, account.password);
    const headers = { Authorization: `Bearer ${token}` };
    const { tracks } = (await (await request.get('/api/v1/tracks', { headers })).json()) as { tracks: { id: string; trackVersion: number }[] };
    const trackVersion = tracks.find((track) => track.id === 'python')?.trackVersion;
    const saved = await request.get(`/api/v1/tracks/python/tutorials/python-basics/chapters/python-basics-first-steps/savedFiles?trackVersion=${trackVersion}`, { headers });
    const body = (await saved.json()) as { savedFiles: { lessonId: string; files: { content: string }[] }[] };
    expect(body.savedFiles.find((entry) => entry.lessonId === 'py-join-text')?.files[0]?.content).toBe('name = "Offline Ada"');
  });
});
