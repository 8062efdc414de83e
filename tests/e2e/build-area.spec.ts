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
