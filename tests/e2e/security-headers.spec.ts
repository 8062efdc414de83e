import { createHash } from 'node:crypto';
import { expect, test, type Page, type Response } from '@playwright/test';
import { themeInitScript } from '@/ui/theme';
import { courseTracks, playLesson, signInTo } from './support/course-player';

/**
 * The app's Content-Security-Policy is enforced and the app lives within it: the main journeys
 * (signed out, a code lesson of each language run through the real runtimes, the habit screens,
 * the course engineer's verification page) cause no policy violation in Chromium, and every
 * page carries the security headers.
 */

const TRACKS = ['python', 'javascript', 'html', 'css', 'sql'] as const;

interface Watch {
  problems: string[];
  pages: { url: string; response: Response }[];
}

/** Collects violations reported in any frame (the event) and Chromium's own console reports. */
async function watchPolicy(page: Page): Promise<Watch> {
  const watch: Watch = { problems: [], pages: [] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/securitypolicyviolation|Content Security Policy|Permissions-Policy|Permissions Policy/i.test(text)) watch.problems.push(`${message.location().url}: ${text}`);
  });
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.request().frame() === page.mainFrame()) watch.pages.push({ url: response.url(), response });
  });
  return watch;
}

async function expectAppHeaders(response: Response) {
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy, `${response.url()} policy`).toContain("default-src 'self'");
  expect(policy).toContain(`'sha256-${createHash('sha256').update(themeInitScript).digest('base64')}'`);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy-report-only']).toBeUndefined();
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['permissions-policy']).toContain('camera=()');
  // The test server's origin is http: no HSTS (the unit table covers https).
  expect(headers['strict-transport-security']).toBeUndefined();
}

async function expectCleanJourney(watch: Watch) {
  expect(watch.problems).toEqual([]);
  expect(watch.pages.length).toBeGreaterThan(0);
  for (const { response } of watch.pages) await expectAppHeaders(response);
}

test.describe('security headers and the Content-Security-Policy', () => {
  test.setTimeout(240_000);

  test('signed out: landing, login and register pages', async ({ page }) => {
    const watch = await watchPolicy(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: /sign in|log in/i }).first()).toBeVisible();
    await page.goto('/web/register');
    await expect(page.getByRole('button', { name: /create|register|sign up/i })).toBeVisible();
    await page.goto('/web/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The Auth emulator answered (connect-src allows it): a sign-in error, not a blocked request.
    await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toBeVisible();
    await expectCleanJourney(watch);
  });

  test('a learner: a code lesson of every language run, then section, progress, leaderboard and settings', async ({ page }) => {
    const watch = await watchPolicy(page);
    const tracks = await courseTracks();
    await signInTo(page, '/web/settings', 'csp');
    for (const trackId of TRACKS) {
      const track = tracks.find((entry) => entry.id === trackId);
      const tutorial = track?.tutorials[0];
      const chapter = tutorial?.chapters.find((candidate) => candidate.lessons.some((lesson) => lesson.interaction.kind === 'code'));
      const index = chapter?.lessons.findIndex((lesson) => lesson.interaction.kind === 'code') ?? -1;
      const lesson = chapter?.lessons[index];
      if (!track || !tutorial || !chapter || !lesson) throw new Error(`${trackId} has no code lesson`);
      await test.step(`${trackId}: ${lesson.id}`, async () => {
        await page.goto(`/web/track/${track.id}/tutorial/${tutorial.id}/chapter/${chapter.id}/learn?lesson=${index}`);
        await expect(page.getByRole('heading', { level: 1, name: lesson.title, exact: true })).toBeVisible();
        await playLesson(page, lesson);
      });
    }
    for (const path of ['/web/python/section/0', '/web/progress', '/web/leaderboard', '/web/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expectCleanJourney(watch);
  });

  test('a course engineer: /web/preview/verify runs a track in every runtime without a violation', async ({ page }) => {
    const watch = await watchPolicy(page);
    await page.goto('/web/login?redirectUrl=%2Fweb%2Fpreview%2Fverify');
    await page.getByLabel('Email').fill('engineer@codetrail.local');
    await page.getByLabel('Password', { exact: true }).fill('build-courses');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/web/preview/verify');
    for (const trackId of ['sql', 'html']) {
      await page.goto(`/web/preview/verify?track=${trackId}`);
      await expect(page.getByTestId('verify-summary')).toHaveAttribute('data-done', 'true', { timeout: 120_000 });
      await expect(page.getByTestId('verify-summary')).toHaveAttribute('data-failures', '0');
    }
    await expectCleanJourney(watch);
  });

  test('the watch itself sees a violation (so an empty list means none happened)', async ({ page }) => {
    const watch = await watchPolicy(page);
    await page.goto('/web/login');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => watch.problems.length).toBeGreaterThan(0);
    expect(watch.problems.join('\n')).toContain('script-src');
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  });

  test('sandbox documents carry their own policy; vendored files can be read by them', async ({ request }) => {
    for (const kind of ['python', 'javascript', 'sql', 'page']) {
      const response = await request.get(`/api/sandbox/${kind}`);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers['content-security-policy']).toMatch(kind === 'page' ? /^sandbox allow-scripts allow-forms; default-src 'none';/ : /^sandbox allow-scripts; default-src 'none';/);
      expect(headers['content-security-policy']).not.toContain('allow-same-origin');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      // The app's own framing ban would stop the frame from loading.
      expect(headers['x-frame-options']).toBeUndefined();
    }
    // The frame's script is inline (a sandboxed frame's own requests never hit the HTTP cache), allowed by its hash.
    const python = await request.get('/api/sandbox/python');
    const html = await python.text();
    const inline = /<script[^>]*>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline.length).toBeGreaterThan(500);
    expect(python.headers()['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    // Only the current version (which the pages ask for) may be kept; see editor-and-runtimes.spec.ts.
    expect(python.headers()['cache-control']).toBe('no-store');
    expect((await request.get('/api/sandbox/python?v=000000000000')).headers()['cache-control']).toBe('no-store');
    const worker = / data-worker="([^"]+)"/.exec(html)?.[1];
    expect(worker).toMatch(/\/vendor\/python-worker\.[0-9a-f]{12}\.mjs$/);
    const vendored = await request.get(new URL(worker ?? '').pathname);
    expect(vendored.headers()['access-control-allow-origin']).toBe('*');
    expect(vendored.headers()['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await request.get('/api/sandbox/not-a-runtime')).status()).toBe(404);
  });
});
