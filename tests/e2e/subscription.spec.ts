import { expect, test, type Page } from '@playwright/test';
import type { Track } from '@/domain/content/model';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { subscribeToPro } from './support/billing';
import { courseTracks, playLesson, signInTo } from './support/course-player';
import { createAccount, idTokenFor, uniqueEmail } from './support/emulator';
import { PHONE } from './support/phone';
import { passingCompletion } from './support/submissions';

/**
 * Issue 15's journeys, through the local payment provider: its test checkout completes by
 * sending signed events through the same webhook handler Stripe's would reach. The e2e server
 * runs without a free trial (playwright.config.ts, BILLING_TRIAL_DAYS=0) so that a first payment
 * is really taken and can be refunded; the trial's screens have component and integration tests.
 */

const TRACK = 'html';

/** The track's first Pro lesson: the first lesson of its second section. */
async function firstProLesson(): Promise<{ track: Track; url: string; api: string; title: string; freeLessons: { tutorialId: string; chapterId: string; lessonId: string }[] }> {
  const track = (await courseTracks()).find((candidate) => candidate.id === TRACK);
  if (!track) throw new Error(`no ${TRACK} track`);
  const inSection = (index: number) =>
    (track.sections[index]?.tutorialIds ?? []).flatMap((tutorialId) => {
      const tutorial = track.tutorials.find((candidate) => candidate.id === tutorialId);
      return (tutorial?.chapters ?? []).flatMap((chapter) => chapter.lessons.map((lesson) => ({ tutorialId, chapterId: chapter.id, lessonId: lesson.id, title: lesson.title })));
    });
  const [first] = inSection(1);
  if (!first) throw new Error(`${TRACK} has no second section`);
  return {
    track,
    url: `/web/track/${TRACK}/tutorial/${first.tutorialId}/chapter/${first.chapterId}/learn?lesson=0`,
    api: `/api/v1/tracks/${TRACK}/tutorials/${first.tutorialId}/chapters/${first.chapterId}`,
    title: first.title, freeLessons: inSection(0) };
}

/** Finishes the free section through the API (as if done over the past weeks), so the path opens the next. */
async function finishFreeSection(page: Page, account: { email: string; password: string }, lessons: { tutorialId: string; chapterId: string; lessonId: string }[]) {
  const headers = { Authorization: `Bearer ${await idTokenFor(account.email, account.password)}` };
  for (const { tutorialId, chapterId, lessonId } of lessons) {
    const response = await page.request.post(`/api/v1/tracks/${TRACK}/tutorials/${tutorialId}/chapters/${chapterId}/lessons/${lessonId}/complete`, { headers, data: await passingCompletion(TRACK, lessonId) });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Pays on the local test checkout with the card that succeeds, on to the purchase page. */
async function payOnTestCheckout(page: Page): Promise<void> {
  await page.waitForURL('**/web/billing/test-checkout/**');
  await expect(page.getByText('Test mode — this checkout exists only on this server', { exact: false })).toBeVisible();
  await expect(page.getByRole('radio', { name: /4242/ })).toBeChecked();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/web/purchase-successful?checkout=**');
}

const HOSTILE = ['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(document.cookie)', 'http://127.0.0.1.evil.example/'];

/** Every link and form target on the page: none may lead off the app (or run script). */
async function expectNoHostileTarget(page: Page, where: string) {
  const targets = await page.locator('a[href], form[action]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? node.getAttribute('action') ?? ''));
  for (const target of targets) {
    expect(target, `${where}: ${target}`).not.toMatch(/evil|^javascript:|^\/\/|^\/\\/i);
  }
}

test.describe('subscription', () => {
  test('a free learner meets the paywall on a Pro lesson, subscribes through the local checkout and lands back on that lesson, unlocked', async ({ page }) => {
    test.setTimeout(240_000);
    const { url, title, freeLessons } = await firstProLesson();
    const account = await signInTo(page, '/web/settings', 'paywall');
    await finishFreeSection(page, account, freeLessons);

    // The Pro lesson: the paywall, which says what Pro gives, the prices, renewal and how to cancel.
    await page.goto(url);
    await page.waitForURL('**/web/pro?**');
    const paywall = new URL(page.url());
    expect(paywall.searchParams.get('redirectUrl')).toBe(url);
    expect(paywall.searchParams.get('trackingReferer')).toBe('lesson');
    await expect(page.getByRole('heading', { level: 1, name: 'Keep going with Codetrail Pro' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What Pro gives you' })).toBeVisible();
    await expect(page.getByText('$9.99', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('$79.99', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/Save \d+%/).first()).toBeVisible();
    await expect(page.getByText(/then every month until you cancel/).first()).toBeVisible();
    await expect(page.getByText(/How to cancel: any time in Settings → Billing/)).toBeVisible();
    // The section page says the same, and its lock leads to the same paywall.
    await page.getByRole('link', { name: 'See plans and subscribe' }).click();
    await page.waitForURL('**/web/subscribe?**');
    const subscribe = new URL(page.url());
    expect(subscribe.searchParams.get('redirectUrl')).toBe(url);
    expect(subscribe.searchParams.get('trackingReferer')).toBe('lesson');

    // Plans by keyboard: the yearly plan, then Subscribe.
    await expect(page.getByText('Payments are in test mode on this server')).toBeVisible();
    await page.getByRole('radio', { name: /Yearly/ }).check();
    await expect(page.getByText(/\$79\.99.*year/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payOnTestCheckout(page);

    // The purchase page waits (a visible state) until the webhook has made the learner Pro.
    await expect(page.getByRole('status')).toContainText('Your payment is confirmed and Pro is open to you.', { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Codetrail Pro' })).toBeVisible();
    await expect(page.getByText('Your plan: Codetrail Pro Yearly')).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((current) => current.pathname + current.search === url);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Settings → Billing shows the plan and the receipt.
    await page.goto('/web/settings#billing');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText('Codetrail Pro Yearly')).toBeVisible();
    await expect(billing.getByText('Paid', { exact: true })).toBeVisible();
  });

  test('the lock first, then Pro: the library shows a Pro lesson the path has not reached as locked; once reached, the learner opens it from the library, pays with the test card and plays it', async ({ page }) => {
    test.setTimeout(240_000);
    const { track, url, title, freeLessons } = await firstProLesson();
    const lesson = track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)).find((candidate) => candidate.title === title);
    const firstChapter = track.tutorials.find((tutorial) => tutorial.id === track.sections[0]?.tutorialIds[0])?.chapters[0];
    if (!lesson || !firstChapter) throw new Error('no Pro lesson or first chapter');
    const account = await signInTo(page, '/web/library', 'library-pro');
    const search = `/web/library?${new URLSearchParams({ q: title, kind: 'lesson', language: TRACK }).toString()}`;
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

    // A new learner: the library says it is Pro and what opens it, and leads to where they continue.
    await page.goto(search);
    await expect(card.getByText('Pro', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Opens after “${firstChapter.title}”`);
    await expect(card).not.toContainText('Not started');
    await expect(card.getByRole('link', { name: 'Continue there' })).toHaveAttribute('href', `/web/${TRACK}/section/0`);
    for (const theme of ['light', 'dark'] as const) {
      await forceTheme(page, theme);
      expect(describeViolations(`library, locked Pro lesson (${theme})`, await axeViolations(page))).toBe('');
    }
    await page.screenshot({ path: test.info().outputPath('library-locked-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('library-locked-phone.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    // Its own link goes to the section with the lock's notice, never to the paywall.
    await card.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**/web/${TRACK}/section/0`);
    await expect(page.getByText(`Finish “${firstChapter.title}” first to unlock`)).toBeVisible();

    // The free section done: the library opens it, the paywall names it, and paying lands in it.
    await finishFreeSection(page, account, freeLessons);
    await page.goto(search);
    await expect(card).not.toContainText('Opens after');
    await expect(card).toContainText('Not started');
    await card.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL('**/web/pro?**');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(url);
    await expect(page.getByTestId('paywall-path-order')).toContainText(`After you subscribe you go straight back to “${title}”.`);
    await page.getByRole('link', { name: 'See plans and subscribe' }).click();
    await page.waitForURL('**/web/subscribe?**');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payOnTestCheckout(page);
    await expect(page.getByRole('status')).toContainText('Pro is open to you', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((current) => current.pathname + current.search === url);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await playLesson(page, lesson);
  });

  test('"Not now" on the paywall lands a free learner on a section they can open, from a Pro section and from a Pro lesson', async ({ page }) => {
    test.setTimeout(180_000);
    const { url, freeLessons } = await firstProLesson();
    const account = await signInTo(page, '/web/settings', 'notnow');
    // Past the free section: the path's next section (their "current" one) is Pro.
    await finishFreeSection(page, account, freeLessons);

    /** On the free section: no Pro lock, and a lesson link that opens its lesson (not the paywall). */
    const expectOpenSection = async () => {
      await page.waitForURL((current) => current.pathname === `/web/${TRACK}/section/0`);
      await expect(page.getByTestId('section-pro-lock')).toHaveCount(0);
      const lesson = page.locator(`a[href^="/web/track/${TRACK}/"][href*="/learn"]`).first();
      const href = await lesson.getAttribute('href');
      expect(href).toBeTruthy();
      await lesson.click();
      await page.waitForURL((current) => current.pathname + current.search === href);
      await expect(page).not.toHaveURL(/\/web\/pro/);
    };

    // The Pro section itself: its lock leads to the paywall; "Not now" must not lead back to the lock.
    await page.goto(`/web/${TRACK}/section/1`);
    await expect(page.getByTestId('section-pro-lock')).toBeVisible();
    await page.getByRole('link', { name: 'See what Pro gives you' }).click();
    await page.waitForURL('**/web/pro?**');
    await page.getByRole('link', { name: 'Not now' }).click();
    await expectOpenSection();

    // A Pro lesson's paywall, then "Not now", then the Learn tab: the same open section.
    await page.goto(url);
    await page.waitForURL('**/web/pro?**');
    await page.getByRole('link', { name: 'Not now' }).click();
    await expectOpenSection();
    await page.goto('/web/redirect-to-active-section');
    await page.waitForURL((current) => current.pathname === `/web/${TRACK}/section/0`);
  });

  test('past the free allowance the build area says what Pro gives and leads to the paywall; machines too', async ({ page }) => {
    const account = await signInTo(page, '/web/build', 'allowance');
    const headers = { Authorization: `Bearer ${await idTokenFor(account.email, account.password)}` };
    for (const template of ['web', 'python', 'sql']) expect((await page.request.post('/api/v1/projects', { headers, data: { template } })).status()).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: /^Web page/ }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Part of Codetrail Pro' }).filter({ hasText: '3 projects' });
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL(/\/web\/build$/);

    await page.getByRole('button', { name: 'New machine' }).click();
    await page.getByRole('button', { name: 'Create machine' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Part of Codetrail Pro' }).filter({ hasText: /[Mm]achines/ })).toBeVisible();

    await notice.getByRole('link', { name: 'See Codetrail Pro' }).click();
    await page.waitForURL('**/web/pro?**');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/web/build');
    await expect(page.getByRole('heading', { level: 1, name: 'Keep going with Codetrail Pro' })).toBeVisible();
    await expect(page.getByText(/3 projects/).first()).toBeVisible();
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.waitForURL('**/web/build');
  });

  test('the Pro notice in the build area is readable in both themes (its button keeps white on violet), on a desktop and a phone', async ({ browser }) => {
    test.setTimeout(180_000);
    for (const options of [{}, PHONE]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const account = await signInTo(page, '/web/build', `pro-notice-${options === PHONE ? 'phone' : 'desktop'}`);
      const headers = { Authorization: `Bearer ${await idTokenFor(account.email, account.password)}` };
      for (const template of ['web', 'python', 'sql']) expect((await page.request.post('/api/v1/projects', { headers, data: { template } })).status()).toBe(201);
      await page.reload();
      await page.getByRole('button', { name: /^Web page/ }).click();
      const notice = page.getByRole('status').filter({ hasText: 'Part of Codetrail Pro' });
      const button = notice.getByRole('link', { name: 'See Codetrail Pro' });
      await expect(button).toBeVisible();
      for (const theme of ['light', 'dark'] as Theme[]) {
        await forceTheme(page, theme);
        const [text, fill] = await button.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
        // The button's own colours (primary-contrast on primary), not the alert's text colour.
        expect({ theme, text, fill }).toEqual(theme === 'light' ? { theme, text: 'rgb(255, 255, 255)', fill: 'rgb(109, 40, 217)' } : { theme, text: 'rgb(20, 11, 46)', fill: 'rgb(167, 139, 250)' });
        const violations = await axeViolations(page);
        expect(violations, describeViolations(`build area Pro notice (${theme})`, violations)).toEqual([]);
        await notice.scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`build-pro-notice-${theme}-${options === PHONE ? 'phone' : 'desktop'}.png`) });
      }
      await context.close();
    }
  });

  test('web2app: a learner from the mobile app signs up, subscribes and is sent back to the app', async ({ page }) => {
    test.setTimeout(180_000);
    const appLink = 'codetrail://lesson/html-header-element';
    await page.goto(`/web2app/signup?redirectUrl=${encodeURIComponent(appLink)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your Codetrail account' })).toBeVisible();
    await page.getByLabel('Your name').fill('Mobile Mo');
    await page.getByLabel('Email').fill(uniqueEmail('web2app'));
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm password').fill('secret-123');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/web2app/subscribe?**');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(appLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan, then finish in the app' })).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payOnTestCheckout(page);
    await expect(page.getByRole('status')).toContainText('Pro is open to you', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Continue' }).click();

    await page.waitForURL('**/web2app/success?**');
    await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();
    // The yearly plan is the one preselected (its saving shown); the learner kept it.
    await expect(page.getByText('Your Codetrail Pro Yearly plan is active.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the Codetrail app' })).toHaveAttribute('href', appLink);

    // Signed in already, the sign-up page goes straight on to the plans (who are Pro are told so).
    await page.goto(`/web2app/signup?redirectUrl=${encodeURIComponent(appLink)}`);
    await page.waitForURL('**/web2app/subscribe?**');
  });

  test('web2app: an existing account signs in on the same page and keeps its identity', async ({ page }) => {
    const email = uniqueEmail('web2app-known');
    await createAccount(email, 'secret-123', 'Known Kim');
    await page.goto('/web2app/signup');
    await page.getByRole('button', { name: 'I already have an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/web2app/subscribe**');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan, then finish in the app' })).toBeVisible();
  });

  test('cancel at period end, keep it after all, then a refund from Settings → Billing ends Pro', async ({ page }) => {
    // Signed in elsewhere: going to /web/settings#billing must load the page, not just move to its anchor.
    const account = await signInTo(page, '/web/build', 'refund');
    await subscribeToPro(page.request, account);
    await page.goto('/web/settings#billing');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText('Codetrail Pro Monthly')).toBeVisible();

    // Cancel: the question says what happens; Pro stays until the period's end, the very day it would renew.
    const renewsOn = /Renews on (.+)\./.exec((await billing.getByText(/Renews on /).textContent()) ?? '')?.[1];
    expect(renewsOn).toBeTruthy();
    await billing.getByRole('button', { name: 'Cancel subscription' }).click();
    const question = billing.getByRole('group', { name: /Cancel your subscription\? You keep Pro until/ });
    await expect(question).toBeVisible();
    await expect(question).toContainText(`You keep Pro until ${renewsOn}.`);
    await expect(question.getByRole('button', { name: 'Cancel subscription' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(billing.getByRole('alert').or(billing.getByRole('status')).filter({ hasText: 'Your subscription is cancelled. You keep Pro until' })).toBeVisible();
    await page.reload();
    await expect(billing.getByText(`Pro until ${renewsOn}, then it stops.`)).toBeVisible();
    await expect(billing.getByRole('button', { name: 'Keep my subscription' })).toBeVisible();
    await billing.getByRole('button', { name: 'Keep my subscription' }).click();
    await expect(billing.getByText('Your subscription continues. Thank you for staying!')).toBeVisible();
    await expect(billing.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

    // Refund within 14 days: confirm, and Pro ends at once.
    await billing.getByRole('button', { name: /^Refund \$9\.99 paid on/ }).click();
    const refund = billing.getByRole('group', { name: 'Refund $9.99? Pro ends now.' });
    await refund.getByRole('button', { name: 'Refund $9.99' }).click();
    await expect(billing.getByRole('cell', { name: /^Refunded/ })).toBeVisible({ timeout: 15_000 });
    await expect(billing.getByText(/Your Pro plan ended on/)).toContainText(new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }));
    await expect(billing.getByText('Free plan')).toBeVisible({ timeout: 15_000 });
    await expect(billing.getByRole('button', { name: /^Refund / })).toHaveCount(0);

    // The server agrees: Pro content is a 402 with a clear message again.
    const headers = { Authorization: `Bearer ${await idTokenFor(account.email, account.password)}` };
    const chapter = await page.request.get((await firstProLesson()).api, { headers });
    expect(chapter.status()).toBe(402);
    expect(((await chapter.json()) as { message: string }).message).toMatch(/Codetrail Pro/);
  });

  test('a hostile redirectUrl on every subscription route stays home', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const account = await signInTo(page, '/web/settings', 'hostile');
    for (const hostile of HOSTILE) {
      const encoded = encodeURIComponent(hostile);
      for (const route of [`/web/pro?redirectUrl=${encoded}&trackingReferer=lesson`, `/web/subscribe?redirectUrl=${encoded}`, `/web2app/subscribe?redirectUrl=${encoded}`, `/web2app/success?redirectUrl=${encoded}`]) {
        const response = await page.goto(route);
        expect(response?.status(), route).toBe(200);
        await expectNoHostileTarget(page, route);
      }
      await expect(page.getByRole('link', { name: 'Open the Codetrail app' })).toHaveAttribute('href', 'codetrail://subscription/success');
    }
    // The checkout API checks it too: the purchase's Continue leads home, not to the attacker.
    const headers = { Authorization: `Bearer ${await idTokenFor(account.email, account.password)}` };
    const started = await page.request.post('/api/v1/billing/checkout', { headers, data: { plan: 'monthly', redirectUrl: 'https://evil.example/steal' } });
    expect(started.ok()).toBe(true);
    const { url } = (await started.json()) as { url: string };
    expect(url).not.toMatch(/evil/);
    await page.goto(url);
    await payOnTestCheckout(page);
    await expect(page.getByRole('status')).toContainText('Pro is open to you', { timeout: 30_000 });
    await expectNoHostileTarget(page, 'purchase-successful');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((current) => current.origin === new URL(page.url()).origin && !/evil/.test(current.href) && !current.pathname.startsWith('/web/purchase-successful'));

    // Signed out (a browser of its own), web2app's sign-up keeps only an app link.
    const visitor = await (await browser.newContext()).newPage();
    for (const hostile of HOSTILE) {
      await visitor.goto(`/web2app/signup?redirectUrl=${encodeURIComponent(hostile)}`);
      await expectNoHostileTarget(visitor, 'web2app/signup');
      await visitor.goto(`/web2app/subscribe?redirectUrl=${encodeURIComponent(hostile)}`);
      await visitor.waitForURL('**/web2app/signup**');
      expect(visitor.url()).not.toMatch(/evil|javascript/);
    }
    await visitor.context().close();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`the subscription screens have no axe violations (${theme}), on a desktop and a phone`, async ({ browser }) => {
      test.setTimeout(240_000);
      for (const viewport of [null, PHONE.viewport] as const) {
        const context = await browser.newContext(viewport ? { ...PHONE } : {});
        const page = await context.newPage();
        await forceTheme(page, theme);
        await page.goto('/web2app/signup');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(describeViolations(`web2app-signup ${theme}`, await axeViolations(page))).toBe('');
        await signInTo(page, '/web/settings', `axe-${theme}`);
        const { url } = await firstProLesson();
        const screens: [string, string][] = [
          ['pro', `/web/pro?redirectUrl=${encodeURIComponent(url)}&trackingReferer=lesson`],
          ['subscribe', `/web/subscribe?redirectUrl=${encodeURIComponent(url)}`],
          ['web2app-subscribe', '/web2app/subscribe'],
        ];
        for (const [name, screen] of screens) {
          await page.goto(screen);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          expect(describeViolations(`${name} ${theme}`, await axeViolations(page))).toBe('');
          await page.screenshot({ path: test.info().outputPath(`${name}-${theme}-${viewport ? 'phone' : 'desktop'}.png`), fullPage: true });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
        }
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await page.waitForURL('**/web/billing/test-checkout/**');
        expect(describeViolations(`test-checkout ${theme}`, await axeViolations(page))).toBe('');
        await page.screenshot({ path: test.info().outputPath(`test-checkout-${theme}-${viewport ? 'phone' : 'desktop'}.png`), fullPage: true });
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL('**/web/purchase-successful?checkout=**');
        await expect(page.getByRole('status')).toContainText('Pro is open to you', { timeout: 30_000 });
        expect(describeViolations(`purchase-successful ${theme}`, await axeViolations(page))).toBe('');
        await page.screenshot({ path: test.info().outputPath(`purchase-successful-${theme}-${viewport ? 'phone' : 'desktop'}.png`), fullPage: true });
        await page.goto('/web/settings#billing');
        await expect(page.getByRole('region', { name: 'Billing' }).getByText('Paid', { exact: true })).toBeVisible();
        // The receipts' section and its scrolling table are two regions with two names (landmark-unique).
        await expect(page.getByRole('region', { name: 'Receipts table' })).toBeVisible();
        expect(describeViolations(`settings billing ${theme}`, await axeViolations(page, { extraRules: ['landmark-unique'] }))).toBe('');
        // The receipt's Refund is in view on a phone too, without scrolling sideways.
        const refund = await page.getByRole('button', { name: /^Refund / }).boundingBox();
        expect((refund?.x ?? Infinity) + (refund?.width ?? 0)).toBeLessThanOrEqual(viewport?.width ?? 1280);
        await page.screenshot({ path: test.info().outputPath(`settings-billing-${theme}-${viewport ? 'phone' : 'desktop'}.png`), fullPage: true });
        await page.goto('/web2app/success');
        expect(describeViolations(`web2app-success ${theme}`, await axeViolations(page))).toBe('');
        await page.screenshot({ path: test.info().outputPath(`web2app-success-${theme}-${viewport ? 'phone' : 'desktop'}.png`), fullPage: true });
        await context.close();
      }
    });
  }
});
