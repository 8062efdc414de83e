import { expect, test, type Browser, type Page } from '@playwright/test';
import { decidedVisitor } from './support/consent';
import { createAccount, uniqueEmail } from './support/emulator';

/**
 * Previews at either local spelling of the app (docs/features/build-area-previews.md): the start
 * script listens on 127.0.0.1 while APP_ORIGIN says localhost, and a learner may open either. A
 * web project's preview and a shared project's preview must render their page at both, not a blank
 * frame refused by the preview's frame-ancestors.
 */

const projectPage = (page: Page) => page.frameLocator('iframe[data-testid="project-preview"]').frameLocator('iframe[title="Project page"]');

async function contextAt(browser: Browser, origin: string) {
  // The consent record for this host (cookies are per host), so the banner does not cover the page.
  return browser.newContext({ baseURL: origin, storageState: decidedVisitor(origin) });
}

for (const hostname of ['localhost', '127.0.0.1']) {
  test(`at http://${hostname}: a web project's preview and its shared page's preview render the page`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const origin = `http://${hostname}:${new URL(baseURL ?? 'http://localhost:3100').port}`;
    const context = await contextAt(browser, origin);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to frame/.test(message.text())) refused.push(message.text());
    });

    const email = uniqueEmail(`loopback-${hostname.replace(/\W/g, '')}`);
    await createAccount(email, 'secret-123', 'Loopback Learner');
    await page.goto(`${origin}/web/login?redirectUrl=${encodeURIComponent('/web/build')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${origin}/web/build`);
    await page.getByRole('button', { name: /^Web page/ }).click();
    await page.waitForURL(new RegExp(`^${origin.replace(/\./g, '\\.')}/web/build/[a-z2-7]{20}\\?backlink=%2Fweb%2Fbuild$`));
    const id = /\/web\/build\/([a-z2-7]{20})/.exec(page.url())?.[1] ?? '';

    // The template's page, inside the preview frame: the preview origin let this app origin frame it.
    await expect(projectPage(page).getByRole('heading', { name: 'Hello, world!' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`preview-${hostname}.png`) });

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Share a link' }).click();
    await expect(page.getByLabel('Link to your project')).toHaveValue(new RegExp(`/web/shared/${id}$`));

    // The shared page, signed out, at the same spelling.
    const visitor = await contextAt(browser, origin);
    const stranger = await visitor.newPage();
    await stranger.goto(`${origin}/web/shared/${id}`);
    await expect(stranger.getByRole('heading', { level: 1, name: 'My web page' })).toBeVisible();
    await expect(projectPage(stranger).getByRole('heading', { name: 'Hello, world!' })).toBeVisible();
    expect(refused).toEqual([]);
    await visitor.close();
    await context.close();
  });
}
