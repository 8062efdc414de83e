import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme } from './support/axe';
import { signInTo, typeCode } from './support/course-player';

/**
 * The build area (issue 13): a learner makes a web project, sees the preview follow their typing,
 * finds it after a reload, shares it; someone signed out opens the link; another learner remixes
 * it. A shared project is a stranger's code: its page runs on the project's own origin and can
 * reach nothing of the viewer's (cookies, storage, the app's API, the app's window).
 */

const projectPage = (page: Page) => page.frameLocator('iframe[data-testid="project-preview"]').frameLocator('iframe[title="Project page"]');

async function newWebProject(page: Page): Promise<string> {
  await page.goto('/web/build');
  await expect(page.getByRole('heading', { level: 1, name: 'Your projects' })).toBeVisible();
  await page.getByRole('button', { name: /^Web page/ }).click();
  await page.waitForURL(/\/web\/build\/[a-z2-7]{20}\?backlink=%2Fweb%2Fbuild$/);
  const id = /\/web\/build\/([a-z2-7]{20})/.exec(page.url())?.[1];
  if (!id) throw new Error(`no project id in ${page.url()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'My web page' })).toBeVisible();
  return id;
}

async function signInElsewhere(browser: Browser, target: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInTo(page, target, name);
  return { context, page };
}

test.describe('the build area', () => {
  test.setTimeout(180_000);

  test('make a web page, see it follow the typing, find it after a reload, share it, open it signed out, remix it as someone else', async ({ page, browser }) => {
    await signInTo(page, '/web/build', 'builder');
    const id = await newWebProject(page);

    // The template runs at once, on the project's own origin.
    await expect(projectPage(page).getByRole('heading', { name: 'Hello, world!' })).toBeVisible();
    const previewSrc = await page.getByTestId('project-preview').getAttribute('src');
    expect(previewSrc).toMatch(new RegExp(`^http://p-${id}\\.localhost:\\d+/$`));

    await typeCode(
      page,
      '<h1>Made by me</h1>\n<p id="visits"></p>\n<script>console.log("hello from my page");\nconst visits = Number(localStorage.getItem("visits") ?? 0) + 1;\nlocalStorage.setItem("visits", visits);\ndocument.getElementById("visits").textContent = "Visit " + visits;</script>',
    );
    await expect(projectPage(page).getByRole('heading', { name: 'Made by me' })).toBeVisible();
    await expect(page.getByTestId('project-console')).toContainText('hello from my page');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });

    // A new file, named by the rules (a refused name says why and changes nothing).
    await page.getByRole('button', { name: 'New file' }).click();
    await page.getByLabel('New file name').fill('../escape.html');
    await page.getByRole('button', { name: 'Add file' }).click();
    await expect(page.getByRole('alert').filter({ hasText: "can't contain '..'" })).toBeVisible();
    await page.getByLabel('New file name').fill('about.html');
    await page.getByRole('button', { name: 'Add file' }).click();
    await expect(page.getByRole('tab', { name: 'about.html' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });

    await page.reload();
    await expect(projectPage(page).getByRole('heading', { name: 'Made by me' })).toBeVisible();
    // The page's localStorage outlives the reload (kept by the platform for this learner and project).
    await expect(projectPage(page).locator('#visits')).toHaveText(/^Visit ([2-9]|\d{2,})$/);
    await expect(page.getByRole('tab', { name: 'about.html' })).toBeVisible();
    await page.goto('/web/build');
    await expect(page.getByRole('link', { name: 'My web page' })).toBeVisible();

    // Share: one click, a public link.
    await page.goto(`/web/build/${id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Share a link' }).click();
    const link = await page.getByLabel('Link to your project').inputValue();
    expect(link).toMatch(new RegExp(`/web/shared/${id}$`));

    // Signed out, in another browser: read-only files, the running page, the author, "Sign in to remix".
    const visitor = await browser.newContext();
    const stranger = await visitor.newPage();
    await stranger.goto(new URL(link).pathname);
    await expect(stranger.getByRole('heading', { level: 1, name: 'My web page' })).toBeVisible();
    await expect(stranger.getByText(/^By Curious Learner/)).toBeVisible();
    await expect(projectPage(stranger).getByRole('heading', { name: 'Made by me' })).toBeVisible();
    await expect(stranger.getByRole('link', { name: 'Sign in to remix' })).toBeVisible();
    expect(await stranger.locator('meta[property="og:title"]').getAttribute('content')).toBe('My web page');
    await visitor.close();

    // Another learner remixes it: their own copy, in their own build area.
    const other = await signInElsewhere(browser, new URL(link).pathname, 'remixer');
    await other.page.getByRole('button', { name: 'Remix' }).click();
    await other.page.waitForURL(/\/web\/build\/[a-z2-7]{20}\?backlink=/);
    expect(other.page.url()).not.toContain(id);
    await expect(projectPage(other.page).getByRole('heading', { name: 'Made by me' })).toBeVisible();
    await other.context.close();

    // Stop sharing: the link answers 404.
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.getByRole('button', { name: 'Share a link' })).toBeVisible();
    const gone = await page.request.get(new URL(link).pathname);
    expect(gone.status()).toBe(404);
  });

  test('the entry file stays, errors name the file and line, history follows a restore, the author edits their shared page, a remix credits it, Undo and Recently deleted bring a shared project back with its link', async ({ page, browser }) => {
    await signInTo(page, '/web/build', 'keeper');
    const id = await newWebProject(page);

    // index.html is not offered for deleting (nor renaming), and the page says why; other files are.
    await expect(page.getByRole('tab', { name: 'index.html' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('index.html is where your project starts: it keeps its name and can’t be deleted.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete index.html' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rename index.html' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'script.js' }).click();
    await expect(page.getByRole('button', { name: 'Delete script.js' })).toBeVisible();

    // An error in script.js names script.js and its line, not the assembled document's.
    await typeCode(page, 'const a = 1;\nconst b = 2;\nmissingThing();');
    await expect(page.getByTestId('project-console')).toContainText('missingThing is not defined (script.js:3)');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });

    // History: a restore shows the version it kept, without a reload.
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByLabel('Name this version (optional)').fill('Broken script');
    await page.getByRole('button', { name: 'Save this version' }).click();
    await expect(page.getByText('Broken script')).toBeVisible();
    await typeCode(page, 'console.log("fixed");');
    await expect(page.getByTestId('project-console')).toContainText('fixed');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Restore Broken script/ }).click();
    await expect(page.getByText('Before restoring an earlier version')).toBeVisible();
    await expect(page.getByTestId('project-console')).toContainText('(script.js:3)');
    await page.getByRole('button', { name: 'History' }).click();

    // Shared: the author's own shared page offers Edit, back to the project; nobody else's does.
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Share a link' }).click();
    const link = new URL(await page.getByLabel('Link to your project').inputValue()).pathname;
    await page.goto(link);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', `/web/build/${id}?backlink=%2Fweb%2Fbuild`);
    await expect(page.getByRole('button', { name: 'Remix' })).toHaveCount(0);

    // Someone else sees Remix, and their remix says where it came from, with a link to it.
    const other = await signInElsewhere(browser, link, 'credited');
    await expect(other.page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await other.page.getByRole('button', { name: 'Remix' }).click();
    await other.page.waitForURL(/\/web\/build\/[a-z2-7]{20}\?backlink=/);
    const credit = other.page.getByTestId('remix-credit');
    await expect(credit).toHaveText('Remixed from My web page by Curious Learner');
    await expect(credit.getByRole('link', { name: 'My web page' })).toHaveAttribute('href', link);
    await other.context.close();

    // Delete + Undo: the link is off meanwhile, and works again after, as the notices say.
    await page.goto('/web/build');
    await page.getByRole('button', { name: 'Delete My web page' }).click();
    await expect(page.getByText('“My web page” was deleted. Its public link is off until you bring it back.')).toBeVisible();
    expect((await page.request.get(link)).status()).toBe(404);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('“My web page” is back, shared as before: its public link works again.')).toBeVisible();
    expect((await page.request.get(link)).status()).toBe(200);

    // Deleted, then the page left: Recently deleted keeps it, with its date and days left, and restores it.
    await page.getByRole('button', { name: 'Delete My web page' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await page.reload();
    const recently = page.getByRole('region', { name: 'Recently deleted' });
    await expect(recently.getByRole('listitem').filter({ hasText: 'My web page' })).toContainText(/deleted on .+ · 30 days left to restore · its public link comes back with it/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('recently-deleted-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('recently-deleted-phone.png'), fullPage: true });
    expect(describeViolations('recently deleted', await axeViolations(page))).toBe('');
    await recently.getByRole('button', { name: 'Restore My web page' }).click();
    await expect(page.getByText('“My web page” is back, shared as before: its public link works again.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'My web page' })).toBeVisible();
    expect((await page.request.get(link)).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Recently deleted' })).toHaveCount(0);
  });

  test("a shared project's script cannot read the viewer's session, storage or drafts, nor call the app", async ({ page, browser }) => {
    await signInTo(page, '/web/build', 'attacker');
    await newWebProject(page);
    const app = new URL(page.url()).origin;
    // Everything a thief would try, written into the page so the test can read what it got.
    await typeCode(
      page,
      [
        '<pre id="loot">working</pre>',
        '<script>',
        'const out = [];',
        'const note = (label, value) => out.push(label + "=" + value);',
        'note("cookie", JSON.stringify(document.cookie));',
        'note("storage", JSON.stringify(Object.keys(localStorage)));',
        'try { note("parent", String(parent.parent.document.cookie)); } catch (error) { note("parent", error.name); }',
        'try { note("top", String(top.localStorage.length)); } catch (error) { note("top", error.name); }',
        'Promise.all([',
        '  fetch("/api/v1/projects").then(() => "answered", (error) => error.name),',
        `  fetch("${app}/api/v1/user/me", { credentials: "include" }).then(() => "answered", (error) => error.name),`,
        '  new Promise((resolve) => { try { const request = indexedDB.open("codetrail"); request.onsuccess = () => resolve(Array.from(request.result.objectStoreNames).join(",") || "empty"); request.onerror = () => resolve("refused"); } catch (error) { resolve("refused " + error.name); } }),',
        ']).then(([own, app, drafts]) => {',
        '  note("fetch-own", own); note("fetch-app", app); note("drafts", drafts);',
        '  try { top.location.href = "https://example.com/stolen"; note("navigate", "done"); } catch (error) { note("navigate", error.name); }',
        '  note("prompt", String(prompt("Your session expired. Password:")));',
        '  document.getElementById("loot").textContent = out.join("\\n");',
        '}, (error) => { document.getElementById("loot").textContent = "failed " + error; });',
        '</script>',
      ].join('\n'),
    );
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Share a link' }).click();
    const link = new URL(await page.getByLabel('Link to your project').inputValue()).pathname;

    // The viewer is signed in, has a theme and a lesson draft of their own.
    const viewer = await signInElsewhere(browser, '/web/build', 'viewer');
    await viewer.page.evaluate(() => localStorage.setItem('codetrail-theme', 'dark'));
    // A stranger's page may open no dialog over Codetrail ("Your session expired. Password:").
    const dialogs: string[] = [];
    viewer.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await viewer.page.goto(link);
    const loot = projectPage(viewer.page).locator('#loot');
    await expect(loot).toContainText('navigate=', { timeout: 30_000 });
    const text = (await loot.textContent()) ?? '';
    expect(text).toContain('cookie=""');
    expect(text).toContain('storage=[]');
    expect(text).toContain('parent=SecurityError');
    expect(text).toContain('top=SecurityError');
    expect(text).toContain('fetch-own=TypeError');
    expect(text).toContain('fetch-app=TypeError');
    expect(text).toMatch(/drafts=(empty|refused)/);
    // Its localStorage is the platform's copy for this viewer and project: the app's keys are not in it.
    expect(text).not.toContain('codetrail-theme');
    expect(text).not.toContain('navigate=done');
    expect(text).toContain('prompt=null');
    expect(dialogs).toEqual([]);
    // The viewer stays where they were, still signed in.
    expect(new URL(viewer.page.url()).pathname).toBe(link);
    await expect(viewer.page.getByRole('button', { name: 'Remix' })).toBeVisible();
    await viewer.context.close();
  });

  test('a back-link that is neither the build area nor a course section is refused with an error page', async ({ page }) => {
    await signInTo(page, '/web/build', 'backlink');
    const id = await newWebProject(page);
    await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/web/build');
    for (const backlink of ['https://evil.example/', '//evil.example', '/web/settings', '/web/build/../../api/v1/projects']) {
      const response = await page.goto(`/web/build/${id}?backlink=${encodeURIComponent(backlink)}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole('heading', { level: 1, name: 'This link can’t be opened' })).toBeVisible();
      await expect(page.getByRole('link', { name: /evil|settings/ })).toHaveCount(0);
    }
    await page.goto(`/web/build/${id}?backlink=${encodeURIComponent('/web/python/section/0')}`);
    await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/web/python/section/0');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the build pages have no axe violations (${theme})`, async ({ page }) => {
      await forceTheme(page, theme);
      await signInTo(page, '/web/build', `build-axe-${theme}`);
      const id = await newWebProject(page);
      await expect(projectPage(page).getByRole('heading', { name: 'Hello, world!' })).toBeVisible();
      await page.getByRole('button', { name: 'History' }).click();
      await expect(page.getByText(/No saved versions yet|Saved automatically/)).toBeVisible();
      expect(describeViolations(`project (${theme})`, await axeViolations(page))).toBe('');
      await page.goto('/web/build');
      await expect(page.getByRole('link', { name: 'My web page' })).toBeVisible();
      expect(describeViolations(`build (${theme})`, await axeViolations(page))).toBe('');
      await page.goto(`/web/build/${id}`);
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('button', { name: 'Share a link' }).click();
      const link = new URL(await page.getByLabel('Link to your project').inputValue()).pathname;
      await page.goto(link);
      await expect(projectPage(page).getByRole('heading', { name: 'Hello, world!' })).toBeVisible();
      expect(describeViolations(`shared (${theme})`, await axeViolations(page))).toBe('');
    });
  }
});
