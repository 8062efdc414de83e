import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { assignVariant } from '@/domain/experiments/experiments';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { signInTo } from './support/course-player';
import { CONSENT_COOKIE } from './support/consent';
import { DESKTOP, PHONE } from './support/phone';
import { engineerPage } from './support/engineer';

/**
 * Analytics with consent (issue 16): before a visitor answers the banner nothing but strictly
 * necessary cookies is set and no analytics request leaves; "necessary only" keeps it that way;
 * "accept all" sends catalogue events to Codetrail's own store, which course engineers can read;
 * the cookie settings page takes the choice back. Every request is watched, so any destination
 * (our collector or a third party) would show up.
 */

const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const NEXT_LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=1';
/** Cookies Codetrail sets without consent: the session, progress and notification cookies, the consent record. */
const NECESSARY = /^(Codetrail\.(Session|AuthUser|AuthUserTokens)(\.sig)?|codetrail_active_(track|section)(_[\w-]+)?|codetrail-notification|codetrail-consent|__session)$/;

function watch(page: Page) {
  const analytics: string[] = [];
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.protocol.startsWith('http')) return;
    if (url.pathname.startsWith('/api/v1/analytics')) analytics.push(`${request.method()} ${url.pathname}`);
    if (!/^(localhost|127\.0\.0\.1|p-[a-z0-9]+\.localhost)$/.test(url.hostname)) outside.push(url.href);
  });
  return { analytics, outside };
}

async function visitorContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  // No answer yet: this context starts without the consent cookie the other journeys are given.
  return browser.newContext({ ...options, storageState: { cookies: [], origins: [] } });
}

const GLOSSARY_EXPERIMENT = 'experiment-glossary-fixed-cta-variations';
/** The first bucket id the split puts in the glossary's variant (a random bucket may well be the control). */
const VARIANT_BUCKET = (() => {
  for (let index = 0; ; index += 1) if (assignVariant(GLOSSARY_EXPERIMENT, `bucket-${index}`) === 'variant_learn_daily') return `bucket-${index}`;
})();
const glossaryCta = (page: Page) => page.getByRole('complementary', { name: 'Learn HTML with Codetrail' });

const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookies on Codetrail' });
const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name);

test.describe('analytics only with consent', () => {
  test.setTimeout(180_000);

  test('before an answer: only necessary cookies, no analytics request; "Necessary only" (keyboard, phone) keeps it so', async ({ browser }) => {
    const context = await visitorContext(browser, PHONE);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await signInTo(page, LESSON, 'consent-none');
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('banner-phone.png') });
    for (const name of await cookieNames(context)) expect(name).toMatch(NECESSARY);

    // Keyboard only: Tab to the banner's "Necessary only" and press Enter.
    const refuse = banner(page).getByRole('button', { name: 'Necessary only' });
    for (let press = 0; press < 80 && !(await refuse.evaluate((button) => button === document.activeElement)); press += 1) {
      // Tab indents inside the code editor; Escape first leaves it (what the editor tells the learner).
      if (await page.evaluate(() => document.activeElement?.classList.contains('cm-content') ?? false)) await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
    }
    await expect(refuse).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    const record = (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);
    expect(JSON.parse(decodeURIComponent(record?.value ?? '{}'))).toMatchObject({ categories: ['necessary'], revision: 1 });

    await page.goto(NEXT_LESSON);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForTimeout(2500);
    await expect(banner(page)).toHaveCount(0);
    for (const name of await cookieNames(context)) expect(name).toMatch(NECESSARY);
    expect(seen.analytics).toEqual([]);
    expect(seen.outside).toEqual([]);
    await context.close();
  });

  test('"Accept all": events reach our own store, engineers read them; the cookie settings page takes it back', async ({ browser }) => {
    const context = await visitorContext(browser);
    const page = await context.newPage();
    const seen = watch(page);
    await signInTo(page, LESSON, 'consent-all');
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toBeHidden();

    const collected = page.waitForResponse((response) => response.url().endsWith('/api/v1/analytics/events') && response.request().method() === 'POST');
    await page.goto(NEXT_LESSON);
    const response = await collected;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toMatchObject({ events: [{ name: 'lesson_started', properties: { trackId: 'python', tutorialId: 'python-basics', chapterId: 'python-basics-first-steps', mode: 'learn' } }] });
    expect(response.request().headers().authorization).toMatch(/^Bearer /);
    const aid = (await context.cookies()).find((cookie) => cookie.name === 'codetrail-aid');
    // Spec §9: the analytics cookie expires after one day.
    expect((aid?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(86_400 - 120);
    expect((aid?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(86_400 + 5);
    expect(seen.outside).toEqual([]);

    const engineer = await engineerPage(browser, '/web/preview/analytics');
    await engineer.getByText('Latest 50 events').click();
    await engineer.getByLabel('Event', { exact: true }).selectOption('lesson_started');
    await expect(engineer.getByRole('row').filter({ hasText: '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn' }).first()).toBeVisible();
    await engineer.context().close();

    await page.goto('/web/cookies');
    await expect(page.getByRole('switch', { name: 'Allow analytics' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Allow marketing' })).toBeChecked();
    await page.getByRole('switch', { name: 'Allow analytics' }).uncheck();
    await page.getByRole('switch', { name: 'Allow marketing' }).uncheck();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    // Signed in: experiments follow the account, and the confirmation says so.
    await expect(page.getByRole('status')).toHaveText('Saved: necessary cookies only. Analytics is off. While you are signed in, experiments follow your account, not a cookie.');
    await expect.poll(() => cookieNames(context)).not.toContain('codetrail-aid');

    const before = seen.analytics.length;
    await page.goto(LESSON);
    await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
    await page.waitForTimeout(2500);
    expect(seen.analytics.length).toBe(before);
    await context.close();
  });

  test('the learner\'s experiment bucket cookie waits for consent; the banner and the settings page pass axe in both themes', async ({ browser }) => {
    const context = await visitorContext(browser);
    const page = await context.newPage();
    await page.goto('/web/cookies');
    await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeVisible();
    await expect(page.getByText('You have not chosen yet')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    for (const theme of ['light', 'dark'] as Theme[]) {
      await forceTheme(page, theme);
      expect(await axeViolations(page), describeViolations(`/web/cookies (${theme})`, await axeViolations(page))).toEqual([]);
    }
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    for (const theme of ['light', 'dark'] as Theme[]) {
      await forceTheme(page, theme);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`the banner (${theme})`, violations)).toEqual([]);
    }
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    const choices = page.getByRole('dialog', { name: 'Cookie choices' });
    await expect(choices).toBeVisible();
    const violations = await axeViolations(page);
    expect(violations, describeViolations('the cookie choices dialog', violations)).toEqual([]);
    await choices.getByRole('button', { name: 'Necessary only' }).click();
    await expect(choices).toBeHidden();
    expect(await cookieNames(context)).not.toContain('codetrail-ab');
    await context.close();
  });

  test('withdrawing consent takes the visitor out of experiments: the bucket cookie goes, the control shows, none is set again', async ({ browser, baseURL }) => {
    const context = await visitorContext(browser, DESKTOP);
    const page = await context.newPage();
    const bucketCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'codetrail-ab');

    await page.goto('/web/cookies');
    await page.getByRole('switch', { name: 'Allow analytics' }).check();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved: analytics and experiments are on, marketing is off.');

    // With consent the glossary entry sets the bucket: HttpOnly, a year.
    await page.goto('/glossary/html/table');
    await expect(glossaryCta(page)).toBeVisible();
    const set = await bucketCookie();
    expect(set?.httpOnly).toBe(true);
    expect((set?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86_400);
    // The anonymous id comes with the page's first event (the dispatcher loads after hydration).
    await expect.poll(() => cookieNames(context)).toContain('codetrail-aid');
    // The random bucket may be the control: take one the split puts in the variant, to see it leave.
    await context.addCookies([{ ...set!, value: VARIANT_BUCKET }]);
    await page.reload();
    await expect(glossaryCta(page)).toHaveAttribute('data-variant', 'variant_learn_daily');

    await page.goto('/web/cookies');
    await page.getByRole('button', { name: 'Necessary only' }).click();
    const confirmation = page.getByRole('status');
    await expect(confirmation).toHaveText('Saved: necessary cookies only. Analytics and experiments are off.');
    // Announced politely: the status sits in the page's live region.
    await expect(page.getByRole('main').locator('[aria-live="polite"]')).toContainText('Analytics and experiments are off.');
    const names = await cookieNames(context);
    expect(names).not.toContain('codetrail-ab');
    expect(names).not.toContain('codetrail-aid');
    await page.screenshot({ path: test.info().outputPath('withdrawn-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await confirmation.scrollIntoViewIfNeeded();
    await expect(confirmation).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('withdrawn-phone.png') });
    for (const theme of ['light', 'dark'] as Theme[]) {
      await forceTheme(page, theme);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`/web/cookies saved (${theme})`, violations)).toEqual([]);
    }

    const entry = await page.goto('/glossary/html/table');
    expect(entry?.headers()['set-cookie'] ?? '').not.toMatch(/codetrail-ab=[^;]/);
    await expect(glossaryCta(page)).toHaveAttribute('data-variant', 'original');
    expect(await cookieNames(context)).not.toContain('codetrail-ab');

    // The server decides: a bucket cookie that survived (a failed call, another tab) is neither believed nor kept.
    await context.addCookies([{ name: 'codetrail-ab', value: VARIANT_BUCKET, domain: new URL(baseURL ?? '').hostname, path: '/', httpOnly: true, sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 86_400 }]);
    await page.reload();
    await expect(glossaryCta(page)).toHaveAttribute('data-variant', 'original');
    await expect.poll(() => cookieNames(context)).not.toContain('codetrail-ab');
    await context.close();
  });
});
