import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type FoundViolation, type Theme } from './support/axe';
import { courseTracks, signInTo } from './support/course-player';
import { openEditor } from './support/code-editor';
import { AFTER_LESSON_QUERY, DESKTOP, lessonOfEachKind, PHONE, recordRequests } from './support/phone';

/**
 * Issue 11, points 10 and 11: a real navigation on phones (bottom tab bar, full user menu), the
 * stats pill and the streak screen's Continue fit 390×844, nothing loads from outside the app on
 * a phone user agent, and every page at 0 axe violations (WCAG 2.1 AA) in both themes, at
 * desktop and phone sizes.
 */

const SIZES = [
  { name: 'desktop', options: DESKTOP },
  { name: 'phone', options: PHONE },
] as const;

interface PageCheck {
  name: string;
  path: string;
  /** Waits until the page shows its content (data loaded), so axe sees the real screen. */
  ready: (page: Page) => Promise<void>;
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

const SIGNED_OUT: PageCheck[] = [
  { name: 'landing', path: '/', ready: h1 },
  { name: 'login', path: '/web/login', ready: h1 },
  { name: 'register', path: '/web/register', ready: h1 },
  { name: 'passwordReset', path: '/web/passwordReset', ready: h1 },
  { name: '404', path: '/web/no-such-page', ready: h1 },
];

const SIGNED_IN: PageCheck[] = [
  { name: 'onboarding chat', path: '/web/onboarding/chat', ready: h1 },
  { name: 'section', path: '/web/python/section/0', ready: (page) => expect(page.getByTestId('section-streak')).toBeVisible() },
  { name: 'streak', path: `/web/streak?${AFTER_LESSON_QUERY}&prevXPCount=0`, ready: (page) => expect(page.getByTestId('streak-count')).toBeVisible() },
  { name: 'daily-goal', path: `/web/daily-goal?${AFTER_LESSON_QUERY}&prevXPCount=0`, ready: (page) => expect(page.getByTestId('goal-xp')).toBeVisible() },
  { name: 'progress', path: '/web/progress', ready: (page) => expect(page.getByTestId('progress-streak')).toBeVisible() },
  { name: 'leaderboard', path: '/web/leaderboard', ready: h1 },
  { name: 'settings', path: '/web/settings', ready: (page) => expect(page.getByRole('radio').first()).toBeVisible() },
  { name: 'project-done', path: `/web/project-done?${AFTER_LESSON_QUERY}`, ready: h1 },
  { name: 'profile', path: '/web/profile', ready: h1 },
  { name: 'build', path: '/web/build', ready: (page) => expect(page.getByRole('button', { name: /^Web page/ })).toBeVisible() },
];

async function check(page: Page, target: PageCheck, where: string): Promise<FoundViolation[]> {
  await page.goto(target.path);
  await target.ready(page);
  // Header stats load after the page; let them settle so they are measured too.
  await page.waitForLoadState('load');
  const violations = await axeViolations(page);
  if (violations.length > 0) console.log(describeViolations(`${where} ${target.name}`, violations));
  return violations;
}

test.describe('accessibility: 0 axe violations on every page', () => {
  test.setTimeout(300_000);

  for (const size of SIZES)
    for (const theme of ['light', 'dark'] as Theme[]) {
      test(`${size.name}, ${theme} theme`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ ...size.options, baseURL });
        const page = await context.newPage();
        await forceTheme(page, theme);
        const where = `[${size.name} ${theme}]`;
        const own: Record<string, FoundViolation[]> = {};

        for (const target of SIGNED_OUT) own[target.name] = await check(page, target, where);
        // The forced theme really applies (so the dark run measures dark colours).
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);

        await signInTo(page, '/web/settings', `axe-${size.name}-${theme}`);
        for (const target of SIGNED_IN) own[target.name] = await check(page, target, where);

        // A lesson of each interaction kind; the code lesson before the learner reaches for the
        // editor (the code in its stand-in) and with CodeMirror built.
        for (const lesson of lessonOfEachKind(await courseTracks())) {
          const ready = async (p: Page) => {
            await expect(p).toHaveURL(/\/learn\?lesson=\d+$/);
            await h1(p);
            if (lesson.kind === 'code') await expect(p.getByRole('textbox', { name: /code editor/ }).first()).toBeVisible();
          };
          own[`lesson (${lesson.kind})`] = await check(page, { name: `lesson (${lesson.kind})`, path: lesson.url, ready }, where);
          if (lesson.kind === 'code') {
            const editing = async (p: Page) => {
              await ready(p);
              await openEditor(p);
            };
            own['lesson (code, editing)'] = await check(page, { name: 'lesson (code, editing)', path: lesson.url, ready: editing }, where);
          }
        }

        const failing = Object.entries(own).filter(([, violations]) => violations.length > 0);
        expect(failing.map(([name, violations]) => describeViolations(`${where} ${name}`, violations)).join('\n')).toBe('');
        await context.close();
      });
    }
});

test.describe('phone (390×844)', () => {
  test.use(PHONE);
  test.setTimeout(120_000);

  test('a bottom tab bar with every destination, a full user menu, and a stats pill that fits', async ({ page }) => {
    await signInTo(page, '/web/python/section/0', 'phone-nav');
    await expect(page.getByTestId('section-streak')).toBeVisible();

    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs).toHaveCount(1);
    for (const name of ['Learn', 'Leaderboard', 'Progress', 'Profile', 'Settings']) await expect(tabs.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
    await expect(tabs.getByRole('link', { name: 'Learn' })).toHaveAttribute('aria-current', 'page');
    const bar = await tabs.boundingBox();
    expect(bar && bar.y + bar.height).toBeCloseTo(844, 0);

    // The stats pill is whole: inside the viewport and not clipped ("15/5" was cut off).
    const pill = page.getByRole('link', { name: /^Streak \d+ days/ });
    await expect(pill).toBeInViewport({ ratio: 1 });
    expect(await pill.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    await expect(page.getByTestId('header-xp')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('header-freezes')).toBeInViewport({ ratio: 1 });
    // Nothing sits on top of it: the header's theme button moves into the user menu on phones.
    await expect(page.getByRole('banner').getByRole('button', { name: /^Theme:/ })).toBeHidden();
    const pillBox = await pill.boundingBox();
    const avatarBox = await page.getByRole('button', { name: /Curious Learner/ }).boundingBox();
    expect(pillBox && avatarBox && pillBox.x + pillBox.width).toBeLessThanOrEqual(avatarBox?.x ?? 0);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await tabs.getByRole('link', { name: 'Leaderboard' }).tap();
    await page.waitForURL('**/web/leaderboard');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');

    // The user menu: Profile, Settings, the theme and Sign out.
    await page.getByRole('button', { name: /Curious Learner/ }).tap();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Cookie settings', /Theme: System/, 'Sign out']);
    await menu.getByRole('menuitem', { name: /Theme: System/ }).tap();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await menu.getByRole('menuitem', { name: 'Settings', exact: true }).tap();
    await page.waitForURL('**/web/settings');
  });

  test("the streak screen's Continue is visible without scrolling, above the tab bar", async ({ page }) => {
    await signInTo(page, `/web/streak?${AFTER_LESSON_QUERY}&prevXPCount=0`, 'phone-streak');
    await expect(page.getByTestId('streak-count')).toBeVisible();
    const cont = page.getByRole('link', { name: 'Continue' });
    await expect(cont).toBeInViewport({ ratio: 1 });
    const button = await cont.boundingBox();
    const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(button && bar && button.y + button.height).toBeLessThanOrEqual(bar?.y ?? 0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('nothing loads from outside the app on a phone user agent', async ({ page, baseURL }) => {
    const requests = recordRequests(page);
    await page.goto('/');
    await h1(page);
    await signInTo(page, '/web/python/section/0', 'phone-hosts');
    await expect(page.getByTestId('section-streak')).toBeVisible();
    const lesson = lessonOfEachKind(await courseTracks()).find((each) => each.kind === 'code');
    if (!lesson) throw new Error('the course has no code lesson');
    await page.goto(lesson.url);
    await h1(page);
    await page.waitForLoadState('load');
    // The app, and the local Auth emulator (production talks to Firebase's identity API only).
    const allowed = new Set([new URL(baseURL ?? 'http://localhost:3100').host, '127.0.0.1:9099']);
    expect(requests.length).toBeGreaterThan(5);
    expect([...new Set(requests.map((url) => url.host))].filter((host) => !allowed.has(host))).toEqual([]);
  });
});

test.describe('desktop', () => {
  test.use(DESKTOP);

  test('links in the header, no tab bar, theme toggle beside the user menu', async ({ page }) => {
    await signInTo(page, '/web/progress', 'desktop-nav');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(1);
    const box = await nav.boundingBox();
    expect(box?.y ?? 999).toBeLessThan(80);
    for (const name of ['Learn', 'Leaderboard', 'Progress', 'Profile', 'Settings']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Progress' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByRole('button', { name: /^Theme:/ })).toBeVisible();
    await page.getByRole('button', { name: /Curious Learner/ }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Cookie settings', /Theme:/, 'Sign out']);
  });

});
