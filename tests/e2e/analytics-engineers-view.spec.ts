import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { decidedVisitor } from './support/consent';
import { signInTo } from './support/course-player';
import { idTokenFor } from './support/emulator';
import { signInAsEngineer } from './support/engineer';
import { DESKTOP, PHONE } from './support/phone';

/**
 * The course engineers' analytics view (docs/analytics.md, "The engineers' view"): counts per
 * event and day and the funnels, aggregated by the server. A learner who agreed to analytics opens
 * a lesson three times; the engineer sees three more lesson_started events today and one more
 * person. A learner is refused the page (404) and the API (403).
 */

const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const VIEW = '/web/preview/analytics';
const DAYS = 14;

const eventRow = (page: Page, name: string): Locator => page.getByRole('region', { name: 'Events per day (scrolls sideways)' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: name, exact: true }) });
/** Today's cell (the last day column) and the window's total, as numbers. */
async function todayAndTotal(page: Page, name: string): Promise<[number, number]> {
  const cells = eventRow(page, name).getByRole('cell');
  await expect(cells).toHaveCount(DAYS + 3);
  const read = async (index: number) => Number((await cells.nth(index).innerText()).replace(/[^\d]/g, ''));
  return [await read(DAYS - 1), await read(DAYS)];
}

async function openView(page: Page) {
  await page.goto(VIEW);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage events' })).toBeVisible();
  await expect(page.getByRole('table', { name: /per event and day, last 14 days .* days in UTC$/ })).toBeVisible();
}

test.describe('the engineers\' analytics view', () => {
  test.setTimeout(240_000);

  test('an engineer sees counts for events a learner just caused; a burst is one person; a learner is refused', async ({ browser, baseURL, request }) => {
    const engineer = await (await browser.newContext({ ...DESKTOP, timezoneId: 'Europe/Berlin' })).newPage();
    await signInAsEngineer(engineer, VIEW);
    await openView(engineer);
    const before = await todayAndTotal(engineer, 'lesson_started');
    await engineer.getByRole('radio', { name: 'Distinct people' }).check();
    await expect(engineer.getByRole('table', { name: /^Distinct people per event and day/ })).toBeVisible();
    const peopleBefore = await todayAndTotal(engineer, 'lesson_started');

    // A learner who agreed to analytics opens the same lesson three times: three events, one person.
    const learnerContext = await browser.newContext({ storageState: decidedVisitor(baseURL ?? '', ['analytics']) });
    const learner = await learnerContext.newPage();
    const collected = () => learner.waitForResponse((response) => response.url().endsWith('/api/v1/analytics/events') && response.request().method() === 'POST' && response.status() === 202);
    let arrived = collected();
    const account = await signInTo(learner, LESSON, 'analytics-view');
    await arrived;
    for (let visit = 0; visit < 2; visit += 1) {
      arrived = collected();
      await learner.reload();
      await arrived;
    }

    // The learner is refused the page and the API.
    expect((await learner.goto(VIEW))?.status()).toBe(404);
    const learnerToken = await idTokenFor(account.email, account.password);
    const refused = await request.get('/api/v1/analytics/summary', { headers: { Authorization: `Bearer ${learnerToken}` } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This call is for course engineers only.' });
    await learnerContext.close();

    await engineer.reload();
    await expect(engineer.getByRole('table', { name: /^Events per event and day/ })).toBeVisible();
    const after = await todayAndTotal(engineer, 'lesson_started');
    expect(after[0] - before[0]).toBe(3);
    expect(after[1] - before[1]).toBe(after[0] - before[0]);
    await engineer.getByRole('radio', { name: 'Distinct people' }).check();
    await expect(engineer.getByRole('table', { name: /^Distinct people per event and day/ })).toBeVisible();
    const peopleAfter = await todayAndTotal(engineer, 'lesson_started');
    expect(peopleAfter[0] - peopleBefore[0]).toBe(1);
    // The onboarding funnel counts the learner once at "lesson_started" at most: never the three events.
    const onboarding = engineer.getByRole('table', { name: /^Onboarding: distinct people at each step/ });
    await expect(onboarding.getByRole('row')).toHaveCount(4);

    // The engineer's own time zone, said on the screen.
    await engineer.getByLabel('Days in').selectOption({ label: 'Your time zone (Europe/Berlin)' });
    await expect(engineer.getByRole('table', { name: /days in Europe\/Berlin$/ })).toBeVisible();
    await expect(engineer.getByText('Days run midnight to midnight in Europe/Berlin')).toBeVisible();
    await engineer.getByLabel('Window').selectOption({ label: 'Last 7 days' });
    await expect(engineer.getByRole('table', { name: /last 7 days/ }).first()).toBeVisible();

    // A bad window is a 400 with the reason, never a 500.
    const engineerToken = await idTokenFor('engineer@codetrail.local', 'build-courses');
    const bad = await request.get('/api/v1/analytics/summary?days=90&timeZone=UTC', { headers: { Authorization: `Bearer ${engineerToken}` } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Invalid query.days: days must be 7, 14 or 30' });

    // The newest events stay collapsed until asked for.
    await expect(engineer.getByRole('table', { name: /^The newest events/ })).toBeHidden();
    await engineer.getByText('Latest 50 events').click();
    await expect(engineer.getByRole('table', { name: /^The newest events/ }).getByRole('row').nth(1)).toBeVisible();
    await engineer.context().close();
  });

  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`the view passes axe in both themes on a ${device}; on a phone the table scrolls inside its own region`, async ({ browser }) => {
      const page = await (await browser.newContext(options)).newPage();
      await signInAsEngineer(page, VIEW);
      for (const theme of ['light', 'dark'] as Theme[]) {
        await forceTheme(page, theme);
        await openView(page);
        await page.getByText('Latest 50 events').click();
        await expect(page.getByRole('table', { name: /^The newest events/ })).toBeVisible();
        const violations = await axeViolations(page);
        expect(violations, describeViolations(`${VIEW} (${device}, ${theme})`, violations)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`analytics-${device}-${theme}.png`), fullPage: true });
      }
      if (device === 'phone') {
        const region = page.getByRole('region', { name: 'Events per day (scrolls sideways)' });
        const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, page: document.documentElement.scrollWidth }));
        expect(widths.scroll).toBeGreaterThan(widths.client);
        expect(widths.page).toBeLessThanOrEqual(390);
        await region.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      }
      await page.context().close();
    });
  }
});
