import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations, forceTheme } from './support/axe';
import { subscribeToPro } from './support/billing';
import { signInTo } from './support/course-player';

/**
 * Machines (issue 14): a learner makes a machine in the build area, starts it, opens it in the
 * instance app (a new window on its own origin, signed in with a one-time token), runs commands in
 * a real terminal, starts the template's web server and sees it in the preview. The machine is
 * hostile code with a shell: it cannot read the app's files, and a login token cannot be replayed.
 */

const INSTANCE_PORT = Number(process.env.E2E_PORT || 3100) + 2;
const INSTANCE_ORIGIN = `http://localhost:${INSTANCE_PORT}`;
const APP_ROOT = process.cwd();

async function newRunningMachine(page: Page, name: string): Promise<string> {
  await page.goto('/web/build');
  await page.getByRole('button', { name: 'New machine' }).click();
  await page.getByRole('radio', { name: /Node web app/ }).check();
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByRole('button', { name: 'Create machine' }).click();
  const card = page.getByRole('list', { name: 'Your machines' }).getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('Stopped')).toBeVisible();
  await card.getByRole('button', { name: `Start ${name}` }).click();
  await expect(card.getByText('Running')).toBeVisible({ timeout: 30_000 });
  await card.getByRole('link', { name }).click();
  await page.waitForURL(/\/web\/build\/machines\/m_[a-z0-9]{12}\?backlink=%2Fweb%2Fbuild$/);
  const id = /machines\/(m_[a-z0-9]{12})/.exec(page.url())?.[1];
  if (!id) throw new Error(`no machine id in ${page.url()}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return id;
}

async function openWorkspace(page: Page, name: string): Promise<Page> {
  const [workspace] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: `Open ${name} in a new window` }).click()]);
  await workspace.waitForURL(`${INSTANCE_ORIGIN}/build`);
  await expect(workspace.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(workspace.locator('#terminal-status')).toHaveText('Connected', { timeout: 20_000 });
  return workspace;
}

/** Types a command into the xterm terminal and waits until its output shows `expected`. */
async function run(workspace: Page, command: string, expected: string | RegExp) {
  await workspace.getByLabel('Terminal input').focus();
  await workspace.keyboard.type(command);
  await workspace.keyboard.press('Enter');
  await expect(workspace.locator('.xterm-rows')).toContainText(expected, { timeout: 20_000 });
}

test.describe('machines', () => {
  test.setTimeout(180_000);

  test('create, start and open a machine; run node and ls in its terminal; see its web server in the preview', async ({ page }) => {
    await subscribeToPro(page.request, await signInTo(page, '/web/build', 'machine'));
    await page.reload();
    const id = await newRunningMachine(page, 'My server');
    // What the machine can reach (MACHINE_NETWORK is none here): on its page, in the workspace, in the terminal.
    const noNetwork = 'No network: this machine reaches nothing outside itself, so pip install and npm install from the internet do not work here.';
    await expect(page.locator('#machine-network')).toHaveText(noNetwork);
    const workspace = await openWorkspace(page, 'My server');
    await expect(workspace.locator('#machine-network')).toHaveText(noNetwork);
    await expect(workspace.locator('.xterm-rows')).toContainText('No network: this machine reaches nothing');
    await run(workspace, 'node --version', /v20\.\d+\.\d+/);
    await run(workspace, 'ls; echo LS-$((40+2))', /server\.js[\s\S]*LS-42/);
    await run(workspace, 'node server.js &', 'Listening on port 3000');

    // Desktop shows every pane at once; Reload asks the machine's port 3000 again.
    await workspace.getByRole('button', { name: 'Reload' }).click();
    const preview = workspace.frameLocator('#preview-frame');
    await expect(preview.getByRole('heading', { name: 'My web app' })).toBeVisible({ timeout: 20_000 });
    await expect(preview.getByText(/Hello from your machine! \(visit \d+\)/)).toBeVisible();
    // The learner's server runs on an origin of its own per machine and port, never the instance app's.
    const previewHost = `m-${id.slice(2)}-3000.localhost:${INSTANCE_PORT}`;
    expect(workspace.frames().map((frame) => new URL(frame.url()).host)).toContain(previewHost);

    // Stopping it from the web app ends every process; the files stay.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Stop My server' }).click();
    await expect(page.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  test("a machine's processes cannot read the app's files, and a login token opens the instance app only in its learner's browser", async ({ page, browser }) => {
    await subscribeToPro(page.request, await signInTo(page, '/web/build', 'machine-attack'));
    await page.reload();
    let token = '';
    page.on('response', async (response) => {
      if (response.url().includes('/api/v1/instance/login-token') && response.ok()) token = ((await response.json()) as { token: string }).token;
    });
    await newRunningMachine(page, 'Probe');
    const workspace = await openWorkspace(page, 'Probe');
    // Each command ends with a marker the shell computes, so the wait is for output, not for the typed line.
    await run(workspace, `cat ${APP_ROOT}/package.json 2>&1 | head -c 200; echo; echo CAT-$((40+2))`, 'CAT-42');
    await run(workspace, `ls ${APP_ROOT}/.data 2>&1 | head -1; echo LS-$((40+2))`, 'LS-42');
    const shown = await workspace.locator('.xterm-rows').innerText();
    expect(shown).toContain('No such file or directory');
    expect(shown).not.toContain('"name": "codetrail"');
    await run(workspace, 'echo KEYS-$(env | grep -c AGENT_KEY)-$((40+2))', 'KEYS-0-42');

    // Login CSRF: the link planted in another learner's browser (a page elsewhere sends it there) is
    // refused by the web app, which binds a link only for the learner it names: nothing opens.
    expect(token).not.toBe('');
    const stranger = await browser.newContext();
    const victim = await stranger.newPage();
    await signInTo(victim, '/web/build', 'machine-csrf-victim');
    const answer = await victim.goto(`${INSTANCE_ORIGIN}/login?token=${encodeURIComponent(token)}&redirect=/build`);
    expect(answer?.status()).toBe(403);
    await expect(victim.getByRole('heading', { name: 'Your machine was not opened' })).toBeVisible();
    await expect(victim.getByText('belongs to another Codetrail account')).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await forceTheme(victim, theme);
      expect(describeViolations(`machine sign-in refused (${theme})`, await axeViolations(victim))).toBe('');
    }
    await victim.setViewportSize({ width: 390, height: 844 });
    expect(describeViolations('machine sign-in refused (390 px)', await axeViolations(victim))).toBe('');
    expect(await victim.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await victim.screenshot({ path: test.info().outputPath('machine-sign-in-refused-phone.png'), fullPage: true });
    // No instance session was set (the web app's own cookies are on localhost too: cookies have no port).
    expect((await stranger.cookies(INSTANCE_ORIGIN)).map((cookie) => cookie.name).filter((name) => name.startsWith('codetrail_instance'))).toEqual([]);
    // Signed out of Codetrail, the link leads to Codetrail's sign-in, and opens nothing either.
    const signedOut = await (await browser.newContext()).newPage();
    await signedOut.goto(`${INSTANCE_ORIGIN}/login?token=${encodeURIComponent(token)}&redirect=/build`);
    await signedOut.waitForURL(/\/web\/login\?redirectUrl=/);
    expect((await signedOut.context().cookies(INSTANCE_ORIGIN)).filter((cookie) => cookie.name === 'codetrail_instance')).toEqual([]);
    await signedOut.context().close();
    await stranger.close();
    await page.bringToFront();
    await page.getByRole('button', { name: 'Stop Probe' }).click();
    await expect(page.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  test('when the token cannot be fetched, the error is shown and the instance app opens signed out', async ({ page }) => {
    await subscribeToPro(page.request, await signInTo(page, '/web/build', 'machine-token'));
    await page.reload();
    await newRunningMachine(page, 'No token');
    await page.route('**/api/v1/instance/login-token**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Try again in a moment.' }) }));
    const [workspace] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open No token in a new window' }).click()]);
    await expect(page.getByRole('alert').filter({ hasText: 'Could not fetch a sign-in token for the machine' })).toBeVisible();
    await workspace.waitForURL(new RegExp(`^${INSTANCE_ORIGIN}/`));
    await expect(workspace.getByRole('link', { name: 'Open your machines in Codetrail' })).toBeVisible();
    await page.unroute('**/api/v1/instance/login-token**');
    await page.getByRole('button', { name: 'Stop No token' }).click();
    await expect(page.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  test('a machine stopped over its disk allowance says why, on the build area and its page, on a phone in both themes', async ({ page }) => {
    await subscribeToPro(page.request, await signInTo(page, '/web/build', 'machine-disk'));
    await page.reload();
    const id = await newRunningMachine(page, 'Full disk');
    await page.getByRole('button', { name: 'Stop Full disk' }).click();
    await expect(page.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 30_000 });
    // The server's own notice (machine-service.ts refreshDiskUsage, tested in tests/integration/machines.test.ts)
    // stands where the files are only measured; here the answer carries it, so the page is what is checked.
    const notice = 'Stopped because its files took 600 MB, over its 512 MB. Your files are kept: start it and delete some in the terminal within a minute, or it stops again.';
    const withNotice = (machine: { id: string; lastError: string | null }) => (machine.id === id ? { ...machine, lastError: notice } : machine);
    await page.route('**/api/v1/instances**', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { machines?: { id: string; lastError: string | null }[]; id?: string; lastError?: string | null };
      await route.fulfill({ response: answer, json: body.machines ? { ...body, machines: body.machines.map(withNotice) } : withNotice(body as { id: string; lastError: string | null }) });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const where of ['/web/build', `/web/build/machines/${id}`]) {
      await page.goto(where);
      await expect(page.getByRole('status').filter({ hasText: 'Stopped because its files took 600 MB' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const theme of ['light', 'dark'] as const) {
        await forceTheme(page, theme);
        expect(describeViolations(`${where} with the disk notice (${theme})`, await axeViolations(page))).toBe('');
        await page.screenshot({ path: test.info().outputPath(`disk-notice-${where.split('/').pop()}-${theme}.png`), fullPage: true });
      }
    }
    await page.unroute('**/api/v1/instances**');
  });

  test('the machine page and the workspace have no axe violations in either theme', async ({ page }) => {
    await subscribeToPro(page.request, await signInTo(page, '/web/build', 'machine-axe'));
    await page.reload();
    await newRunningMachine(page, 'Checked');
    for (const theme of ['light', 'dark'] as const) {
      await forceTheme(page, theme);
      expect(await axeViolations(page), describeViolations(`machine page (${theme})`, await axeViolations(page))).toEqual([]);
    }
    const workspace = await openWorkspace(page, 'Checked');
    for (const scheme of ['light', 'dark'] as const) {
      await workspace.emulateMedia({ colorScheme: scheme });
      const found = await axeViolations(workspace);
      expect(found, describeViolations(`instance workspace (${scheme})`, found)).toEqual([]);
    }
    // On a phone: the machine page and the workspace (its panes become tabs), keyboard only.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneFound = await axeViolations(page);
    expect(phoneFound, describeViolations('machine page (390 px)', phoneFound)).toEqual([]);
    await workspace.setViewportSize({ width: 390, height: 844 });
    await workspace.reload();
    await expect(workspace.getByRole('button', { name: 'Terminal' })).toBeVisible();
    await workspace.getByRole('button', { name: 'Terminal' }).focus();
    await workspace.keyboard.press('Enter');
    await expect(workspace.locator('#terminal-pane')).toBeVisible();
    await expect(workspace.locator('#files-pane')).toBeHidden();
    const phoneWorkspace = await axeViolations(workspace);
    expect(phoneWorkspace, describeViolations('instance workspace (390 px)', phoneWorkspace)).toEqual([]);
    await workspace.screenshot({ path: test.info().outputPath('workspace-phone.png') });
    await page.bringToFront();
    await page.getByRole('button', { name: 'Stop Checked' }).click();
    await expect(page.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 30_000 });
  });
});
