import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { signInTo } from './support/course-player';
import { signInAsEngineer } from './support/engineer';
import { createAccount, idTokenFor, uniqueEmail } from './support/emulator';

/**
 * The course engineer's toolbar (issue 16): on every page for that role only, never in a learner's
 * HTML; ids, the other prefix, the solution through the checks, the cache, jumping, and forcing an
 * experiment's variant for the engineer alone.
 */

const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const PROJECT_SECTION = '/web/python/section/1';

const toolbar = (page: Page) => page.getByRole('complementary', { name: 'Course engineer toolbar' });

async function openToolbar(page: Page) {
  await toolbar(page).getByRole('button', { name: 'Engineer tools' }).click();
  return toolbar(page);
}

test.describe('the course engineer toolbar', () => {
  test.setTimeout(180_000);

  test('shows where the engineer is, runs the solution through the checks, clears the cache and jumps to any lesson', async ({ page }) => {
    await signInAsEngineer(page, LESSON);
    const tools = await openToolbar(page);
    await expect(tools.getByRole('region', { name: 'This page' }).getByText('python-basics-first-steps')).toBeVisible();
    await expect(tools.getByText(/^py-[\w-]+ \(#0\)$/)).toBeVisible();
    await expect(tools.getByRole('link', { name: 'Open under /ssr' })).toHaveAttribute('href', LESSON.replace('/web/', '/ssr/'));

    await tools.getByRole('button', { name: /^Show the checks \(\d+\)$/ }).click();
    await expect(tools.getByRole('listitem').first()).toBeVisible();
    await tools.getByRole('button', { name: 'Run the solution' }).click();
    await expect(tools.getByRole('status').filter({ hasText: /The solution passes all \d+ checks\./ })).toBeVisible({ timeout: 60_000 });

    await tools.getByRole('button', { name: 'Clear the server cache' }).click();
    await expect(tools.getByRole('status').filter({ hasText: /Cache cleared/ })).toBeVisible();

    const jump = tools.getByRole('form', { name: 'Jump to a lesson' });
    await jump.getByLabel('Track').selectOption('html');
    await jump.getByLabel('Tutorial').selectOption({ index: 1 });
    await jump.getByLabel('Chapter').selectOption({ index: 1 });
    await expect(jump.getByLabel('Lesson')).toBeEnabled();
    await jump.getByLabel('Lesson').selectOption({ index: 1 });
    await jump.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL(/\/web\/track\/html\/tutorial\/[^/]+\/chapter\/[^/]+\/learn\?lesson=1$/);
    await expect(toolbar(page).getByRole('button', { name: 'Engineer tools' })).toBeVisible();
  });

  test('forces an experiment variant for the engineer alone: guided projects required, optional or hidden in the path', async ({ page }) => {
    await signInAsEngineer(page, PROJECT_SECTION);
    const project = page.getByRole('heading', { level: 2 }).filter({ hasText: /project/i });
    const tools = await openToolbar(page);
    const select = tools.getByLabel('experiment-optional-guided-project-in-path');

    await select.selectOption('variant2_no_optional_projects');
    await expect(project).toHaveCount(0);
    await select.selectOption('variant1_optional_in_path');
    await expect(page.getByText('Optional guided project')).toBeVisible();
    await select.selectOption('original');
    await expect(page.getByText('Guided project', { exact: true })).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'codetrail-ab-force')?.value).toContain('original');
    await select.selectOption('');
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'codetrail-ab-force')).toBe(false);
  });

  test('a learner gets neither the toolbar nor its HTML, and a forcing cookie changes nothing for them', async ({ page, context }) => {
    await signInTo(page, LESSON, 'no-toolbar');
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
    await expect(toolbar(page)).toHaveCount(0);
    const html = await (await page.request.get(LESSON)).text();
    expect(html).not.toMatch(/engineer tools|Course engineer toolbar/i);

    // Force the variant that would change what this learner's path shows, were it honoured.
    const badges = async () => ((await (await page.request.get(PROJECT_SECTION)).text()).match(/>(Optional guided project|Guided project)</g) ?? []).length;
    const before = await badges();
    const other = before === 0 ? 'original' : 'variant2_no_optional_projects';
    await context.addCookies([{ name: 'codetrail-ab-force', value: encodeURIComponent(JSON.stringify({ 'experiment-optional-guided-project-in-path': other })), url: page.url() }]);
    expect(await badges()).toBe(before);
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`the open toolbar has no axe violations (${theme})`, async ({ page }) => {
      await forceTheme(page, theme);
      await signInAsEngineer(page, LESSON);
      const tools = await openToolbar(page);
      await expect(tools.getByRole('region', { name: 'This page' }).getByText('python-basics-first-steps')).toBeVisible();
      await expect(tools.getByRole('button', { name: /^Show the checks/ })).toBeVisible();
      expect(describeViolations(`toolbar ${theme}`, await axeViolations(page))).toBe('');
      await page.screenshot({ path: test.info().outputPath(`engineer-toolbar-${theme}.png`) });
    });
  }
  test('the toolbar says what this deployment serves and publishes the content on demand', async ({ page }) => {
    await signInAsEngineer(page, LESSON);
    const tools = await openToolbar(page);
    const content = tools.getByRole('region', { name: 'Content' });
    await expect(content.getByTestId('toolbar-content')).toHaveText(/^Published content\. Publish set \d+\.$/);
    await content.getByRole('button', { name: 'Publish the content now' }).click();
    await expect(content.getByRole('status')).toHaveText(/^Published content as publish set \d+: /, { timeout: 60_000 });
    const shown = Number(/publish set (\d+)/.exec((await content.getByRole('status').textContent()) ?? '')?.[1]);
    await expect(content.getByTestId('toolbar-content')).toHaveText(`Published content. Publish set ${shown}.`);
  });

  test('content:publish while the server holds the embedded database: the running server publishes, and the engineers’ content call shows the new set', async ({ request }) => {
    const headers = { Authorization: `Bearer ${await idTokenFor('engineer@codetrail.local', 'build-courses')}` };
    const before = await request.get('/api/v1/preview/content', { headers });
    expect(before.status()).toBe(200);
    const { publishSetVersion: was } = (await before.json()) as { publishSetVersion: number };

    // The e2e server holds .data/e2e's embedded database (playwright.config.ts): the command asks it.
    const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/content-publish.ts'], { env: { ...process.env, DATA_DIR: '.data/e2e' }, timeout: 120_000 });
    const published = /Published content as publish set (\d+).*answered by the running server at http:\/\/[\d.]+:\d+, which holds the embedded database/.exec(stdout);
    expect(published, stdout).not.toBeNull();
    expect(Number(published?.[1])).toBeGreaterThan(was);
    const after = (await (await request.get('/api/v1/preview/content', { headers })).json()) as { publishSetVersion: number; deployment: string; workingTree: unknown };
    expect(after).toMatchObject({ publishSetVersion: Number(published?.[1]), deployment: 'standard', workingTree: null });

    // Learners may neither read it nor publish.
    const theirs = { Authorization: `Bearer ${(await createAccount(uniqueEmail('publish'), 'learn-to-code-1')).idToken}` };
    expect((await request.get('/api/v1/preview/content', { headers: theirs })).status()).toBe(403);
    expect((await request.post('/api/v1/preview/content/publish', { headers: theirs, data: {} })).status()).toBe(403);
    // The server's own control call without its token publishes nothing.
    expect((await request.post('/api/internal/content/publish', { headers: { 'x-codetrail-control': 'x'.repeat(43) }, data: {} })).status()).toBe(401);
  });
});
