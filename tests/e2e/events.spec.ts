import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme, type Theme } from './support/axe';
import { signInTo } from './support/course-player';
import { PHONE } from './support/phone';

/**
 * Events (issue 17): upcoming and past events in the learner's time zone and locale, RSVP (stored,
 * optimistic, rolled back on failure), "Add to calendar" as an .ics download, and the "starts
 * today" reminder in the app's notifications, dismissed for the day. Keyboard only where it counts.
 */

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const JS_CHALLENGE = 'Weekly JavaScript challenge';
const PY_CHALLENGE = 'Weekly Python challenge';

/** Tabs forward until `target` has focus: proves it is reachable with the keyboard alone. */
async function tabTo(page: Page, target: Locator, maxTabs = 120): Promise<void> {
  for (let tabs = 0; tabs < maxTabs; tabs += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Not reachable with ${maxTabs} presses of Tab`);
}

/** The next Tuesday after today (UTC) at a UTC time: the weekly JavaScript challenge runs 18:00 to 19:00 UTC that day. */
function nextTuesdayAt(hours: number, minutes = 0): Date {
  const day = new Date();
  day.setUTCHours(hours, minutes, 0, 0);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 2);
  return day;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The reminder covers neither the header nor any navigation on screen (the phone's tab bar too). */
async function expectClearOfNavigation(page: Page, reminder: Locator): Promise<void> {
  const box = await reminder.boundingBox();
  expect(box).not.toBeNull();
  const landmarks = [page.getByRole('banner'), ...(await page.getByRole('navigation').all())];
  for (const landmark of landmarks) {
    if (!(await landmark.isVisible())) continue;
    const other = await landmark.boundingBox();
    if (box && other) expect(overlaps(box, other), `the reminder covers ${(await landmark.getAttribute('aria-label')) ?? 'the header'}`).toBe(false);
  }
}

test.describe('events', () => {
  test('upcoming and past events; join with the keyboard, stored; a failed change rolls back; .ics download; the reminder on the day', async ({ page }) => {
    const account = await signInTo(page, '/web/events', 'events');
    await expect(page.getByRole('heading', { level: 1, name: 'Learn together, live' })).toBeVisible();
    await expect(page.getByText('Times are in your time zone, UTC.')).toBeVisible();
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const past = page.getByRole('region', { name: 'Past events' });
    await expect(upcoming.getByRole('article', { name: JS_CHALLENGE })).toBeVisible();
    await expect(card(page, JS_CHALLENGE)).toContainText(/Tuesday, [A-Z][a-z]+ \d{1,2}, 20\d\d/);
    await expect(card(page, JS_CHALLENGE)).toContainText('6:00 – 7:00 PM UTC');
    await expect(card(page, JS_CHALLENGE)).toContainText('Every week until Tuesday, December 28, 2027');
    // A new learner's path has not reached the warm-up lesson: the card says what opens it and
    // leads to where they continue (the lesson's own URL would only redirect there).
    await expect(card(page, JS_CHALLENGE)).toContainText(/Warm up with the lesson “Keep some items with filter”\. Opens after “[^”]+”: continue there\./);
    await expect(card(page, JS_CHALLENGE).getByRole('link', { name: 'continue there' })).toHaveAttribute('href', /^\/web\/javascript\/section\/\d+$/);
    // Where it happens says what it is: online, with the lesson named (there is no "challenge room" to go to).
    await expect(card(page, JS_CHALLENGE).getByRole('definition')).toContainText(['The Codetrail JavaScript team', 'Online']);
    await expect(page.getByText(/challenge room/)).toHaveCount(0);
    const workshop = past.getByRole('article', { name: 'Live workshop: forms everyone can fill in' });
    await expect(workshop).toBeVisible();
    await expect(workshop.getByRole('button')).toHaveCount(0);
    await expect(workshop.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);

    // Join with the keyboard alone.
    const join = card(page, JS_CHALLENGE).getByRole('button', { name: 'Join' });
    await tabTo(page, join);
    const stored = page.waitForResponse((response) => response.url().includes('/api/v1/events/weekly-javascript-challenge/rsvp') && response.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    await expect(card(page, JS_CHALLENGE).getByRole('button', { name: 'Leave' })).toBeVisible();
    await expect(card(page, JS_CHALLENGE).getByText('Going', { exact: true })).toBeVisible();
    expect((await stored).status()).toBe(200);
    await page.reload();
    await expect(card(page, JS_CHALLENGE).getByText('Going', { exact: true })).toBeVisible();

    // The server refuses a change: the optimistic "Going" is taken back and the reason shown.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/v1/events/weekly-python-challenge/rsvp', async (route) => {
      await answered;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Try again in a moment.' }) });
    });
    await card(page, PY_CHALLENGE).getByRole('button', { name: 'Join' }).click();
    // Optimistic: "Going" before the server has answered.
    await expect(card(page, PY_CHALLENGE).getByText('Going', { exact: true })).toBeVisible();
    answer();
    await expect(card(page, PY_CHALLENGE).getByRole('alert')).toContainText('Could not change your RSVP. Try again in a moment.');
    // A human sentence: never the status text or code.
    await expect(card(page, PY_CHALLENGE).getByRole('alert')).not.toContainText(/Service Unavailable|\(\d{3}\)|503/);
    await expect(card(page, PY_CHALLENGE).getByRole('button', { name: 'Join' })).toBeVisible();
    await expect(card(page, PY_CHALLENGE).getByText('Going', { exact: true })).toHaveCount(0);
    await page.unroute('**/api/v1/events/weekly-python-challenge/rsvp');

    // Add to calendar: an RFC 5545 file for the whole weekly series.
    const downloading = page.waitForEvent('download');
    await card(page, JS_CHALLENGE).getByRole('link', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('weekly-javascript-challenge.ics');
    const ics = readFileSync((await download.path()) ?? '', 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('\r\nRRULE:FREQ=WEEKLY;UNTIL=20271228T235959Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Weekly JavaScript challenge\r\n');
    const file = await page.request.get('/api/v1/events/weekly-javascript-challenge/ics');
    expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'a'.repeat(300), 'no-such-event']) {
      const response = await page.request.get(`/api/v1/events/${bad}/ics`);
      expect(response.status(), bad).toBe(404);
    }

    // The challenge's day: the browser's clock on next Tuesday (the learner's zone is UTC).
    // The same browser context, so the Firebase session (IndexedDB) gives tokens as on any day.
    await page.clock.install({ time: nextTuesdayAt(10) });
    await page.goto('/web/library');
    const reminder = page.getByRole('status').filter({ hasText: 'Weekly JavaScript challenge' });
    await expect(reminder).toHaveText(/Weekly JavaScript challenge starts today at 6:00 PM\. You joined it\. See the events/);
    await expect(reminder).toHaveCount(1);
    // A real link to the event's card, not a path written out.
    await expect(reminder.getByRole('link', { name: 'See the events' })).toHaveAttribute('href', '/web/events#event-weekly-javascript-challenge');
    await expect(reminder).not.toContainText('/web/events');

    // Within the hour it counts the minutes; while it runs it says so, until its end.
    await page.clock.setSystemTime(nextTuesdayAt(17, 30));
    await page.goto('/web/library');
    await expect(reminder).toContainText('Weekly JavaScript challenge starts in 30 minutes.');
    await page.clock.setSystemTime(nextTuesdayAt(18, 48));
    await page.goto('/web/library');
    await expect(reminder).toContainText('Weekly JavaScript challenge is on now, until 7:00 PM.');
    await expect(reminder).not.toContainText('starts today');
    await expectClearOfNavigation(page, reminder);
    await page.screenshot({ path: test.info().outputPath('events-reminder-live-desktop.png') });
    await reminder.getByRole('link', { name: 'See the events' }).click();
    await page.waitForURL('**/web/events#event-weekly-javascript-challenge');
    await expect(card(page, JS_CHALLENGE)).toBeInViewport();

    // Dismissed, it stays away for the day.
    await reminder.getByRole('button', { name: 'Dismiss' }).click();
    await expect(reminder).toHaveCount(0);
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/v1/events/reminders'));
    await page.goto('/web/progress');
    expect((await asked).status()).toBe(200);
    await expect(page.getByText(/Weekly JavaScript challenge (starts|is on)/)).toHaveCount(0);
    expect(account.email).toContain('events');
  });

  test('times follow the browser locale, rendered by the server with no hydration mismatch; a template starts a project', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
    });
    await signInTo(page, '/web/events', 'events-de');
    await expect(card(page, JS_CHALLENGE)).toContainText(/Dienstag, \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ 20\d\d/);
    await expect(card(page, JS_CHALLENGE)).toContainText('18:00–19:00 Uhr UTC');
    const html = await (await page.request.get('/web/events', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } })).text();
    expect(html).toMatch(/Dienstag/);
    await card(page, JS_CHALLENGE).getByRole('button', { name: 'Join' }).click();
    await expect(card(page, JS_CHALLENGE).getByText('Going', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);

    // A workshop with a build template starts a project from it, as the build area does.
    await card(page, 'Live workshop: your first portfolio page').getByRole('button', { name: 'Start a Web page project' }).click();
    await page.waitForURL(/\/web\/build\/[^/?]+\?backlink=%2Fweb%2Fbuild$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Live workshop: your first portfolio page' })).toBeVisible();
    await expect(page.getByText(/back-link/i)).toHaveCount(0);
    await context.close();
  });

  test('the lesson page never loads the reminder check', async ({ page }) => {
    // The events page asks for reminders; wait for that before listening on the lesson page.
    const remindersAsked = page.waitForResponse((response) => response.url().endsWith('/api/v1/events/reminders'));
    await signInTo(page, '/web/events', 'events-lesson');
    await remindersAsked;
    // A free lesson (the JavaScript challenge's lesson is in a Pro section: the paywall, not a lesson).
    const lesson = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/events/') || /event-reminders/.test(request.url())) asked.push(request.url());
    });
    await page.goto(lesson);
    await expect(page.getByRole('heading', { level: 1, name: 'Say hello' })).toBeVisible();
    expect(page.url()).toContain(lesson);
    // Long enough for an idle-time or post-hydration check to have run.
    await page.waitForTimeout(3000);
    expect(asked).toEqual([]);
  });

  test('axe finds nothing in both themes, on desktop and on a phone without sideways scrolling', async ({ browser }) => {
    for (const options of [{}, PHONE]) {
      // Signed in in each context: the Firebase session lives in the context's IndexedDB.
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await signInTo(page, '/web/events', 'events-axe');
      // Open one description so its markup is checked too.
      await card(page, JS_CHALLENGE).getByText('Details').click();
      for (const theme of ['light', 'dark'] as Theme[]) {
        await forceTheme(page, theme);
        const violations = await axeViolations(page);
        expect(violations, describeViolations(`/web/events (${theme}${options === PHONE ? ', phone' : ''})`, violations)).toEqual([]);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`events-${options === PHONE ? 'phone' : 'desktop'}.png`), fullPage: true });

      // Mid-event, the reminder: clear of the header and the navigation, and axe-clean in both themes.
      await card(page, JS_CHALLENGE).getByRole('button', { name: 'Join' }).click();
      await expect(card(page, JS_CHALLENGE).getByText('Going', { exact: true })).toBeVisible();
      await page.clock.install({ time: nextTuesdayAt(18, 48) });
      await page.goto('/web/library');
      const reminder = page.getByRole('status').filter({ hasText: 'Weekly JavaScript challenge is on now, until 7:00 PM.' });
      await expect(reminder).toBeVisible();
      await expectClearOfNavigation(page, reminder);
      for (const theme of ['light', 'dark'] as Theme[]) {
        await forceTheme(page, theme);
        const violations = await axeViolations(page);
        expect(violations, describeViolations(`reminder (${theme}${options === PHONE ? ', phone' : ''})`, violations)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`events-reminder-${theme}-${options === PHONE ? 'phone' : 'desktop'}.png`) });
      }
      await context.close();
    }
  });
});
