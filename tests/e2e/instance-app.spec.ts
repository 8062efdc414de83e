import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { machineTemplate } from '@/domain/machines/machine-rules';
import { startAgent, type RunningAgent } from '@/machine-agent';
import { INSTANCE_SECRET_HEADER, type InstanceMachineGrant } from '@/domain/machines/machine-contracts';
import { createInstanceApp, type InstanceApp } from '@/instance-app';
import { axeViolations, describeViolations } from './support/axe';
import { PHONE } from './support/phone';

/**
 * The workspace in a real browser: a real agent on a temp workspace (the node-web template), the
 * real instance app, and as the web app a double of the internal API per machine-contracts.ts
 * (secret header, single-use tokens, activity answering the grant). No web app is needed.
 */
const SECRET = `e2e-instance-secret-${Date.now()}`;
const KEY = `e2e-agent-key-${Date.now()}-xyz`;
const NETWORK_LINE = 'Network: package registries only (registry.npmjs.org, pypi.org, files.pythonhosted.org); everything else is refused.';
const MACHINE_ID = 'm_e2etest00001';

let dir: string;
let agent: RunningAgent;
let webApp: Server;
let app: InstanceApp;
let origin: string;
const tokens = new Set<string>();
/** The web app double's origin: the instance app sends the browser there to bind its token. */
let webAppOrigin = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'instance-app-e2e-'));
  const workspace = path.join(dir, 'workspace');
  const socketPath = path.join(dir, 'agent.sock');
  for (const [file, text] of Object.entries(machineTemplate('node-web')?.files ?? {})) {
    await mkdir(path.dirname(path.join(workspace, file)), { recursive: true });
    await writeFile(path.join(workspace, file), text);
  }
  agent = await startAgent({ listen: `unix:${socketPath}`, workspace, key: KEY, networkLine: NETWORK_LINE });
  const grant: InstanceMachineGrant = { userId: 'u1', machineId: MACHINE_ID, machineName: 'Browser test machine', template: 'node-web', state: 'running', agent: { kind: 'socket', path: socketPath }, agentKey: KEY, network: NETWORK_LINE };
  webApp = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = new URL(req.url ?? '/', 'http://web-app');
      if (req.method === 'GET' && url.pathname === '/web/build/machines/sign-in') {
        // The web app's sign-in page: binds the browser's token to the nonce's hash, back to the instance app.
        const token = url.searchParams.get('token') ?? '';
        if (!tokens.has(token)) return res.writeHead(400).end('Not valid.');
        const bound = `${token}~${url.searchParams.get('binding')}`;
        const back = new URL('/login/confirmed', origin);
        back.searchParams.set('token', bound);
        back.searchParams.set('flow', url.searchParams.get('flow') ?? '');
        back.searchParams.set('redirect', url.searchParams.get('redirect') ?? '/build');
        return res.writeHead(307, { location: back.toString() }).end();
      }
      if (req.headers[INSTANCE_SECRET_HEADER] !== SECRET) return answer(403, { message: 'Not the instance app.' });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      if (req.url === '/api/internal/instance/exchange') {
        const [token, binding] = typeof body.token === 'string' ? body.token.split('~') : [];
        if (!token || binding !== body.binding || !tokens.delete(token)) return answer(401, { message: 'Expired, used or bound to another browser.' });
        return answer(200, grant);
      }
      if (req.url === '/api/internal/instance/activity') return body.machineId === MACHINE_ID && body.userId === 'u1' ? answer(200, grant) : answer(404, { message: 'Gone.' });
      answer(404, { message: 'No such call.' });
    });
  });
  await new Promise<void>((resolve) => webApp.listen(0, '127.0.0.1', resolve));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  webAppOrigin = `http://127.0.0.1:${(webApp.address() as AddressInfo).port}`;
  app = createInstanceApp({
    publicOrigin: origin,
    webAppOrigin,
    internalApiBase: `http://127.0.0.1:${(webApp.address() as AddressInfo).port}`,
    secret: SECRET,
    previewOriginTemplate: `http://m-{machine}-{port}.localhost:${port}`,
  });
  await new Promise<void>((resolve) => app.server.listen(port, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await app?.close();
  await agent?.close();
  await new Promise((resolve) => webApp?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function openWorkspace(page: Page, redirect = '/build'): Promise<void> {
  const token = `t-${Math.random().toString(36).slice(2)}`;
  tokens.add(token);
  await page.goto(`${origin}/login?token=${token}&redirect=${encodeURIComponent(redirect)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Browser test machine' })).toBeVisible();
}

async function typeInTerminal(page: Page, text: string): Promise<void> {
  await page.locator('#terminal .xterm').click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('the workspace: files, editor, terminal and the preview of the learner server', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  await openWorkspace(page);
  await expect(page.locator('#file-tree')).toContainText('server.js');
  await expect(page.locator('#editor-file')).toHaveText('README.md');
  // What the machine can reach: in the header, and as the terminal's first line.
  await expect(page.locator('#machine-network')).toHaveText(NETWORK_LINE);
  await expect(page.locator('#terminal')).toContainText('Network: package registries only (registry.npmjs.org');

  // The editor saves after a second of quiet.
  await page.getByRole('button', { name: 'server.js' }).click();
  await expect(page.locator('#editor-file')).toHaveText('server.js');
  await page.locator('#editor .cm-content').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('// edited in the browser\n');
  await expect(page.locator('#save-status')).toHaveText('Saved');

  await typeInTerminal(page, 'echo "hello-$((6 * 7))"; head -1 server.js');
  await expect(page.locator('#terminal')).toContainText('hello-42');
  await expect(page.locator('#terminal')).toContainText('// edited in the browser');

  const serverPort = await freePort();
  await page.getByLabel('Port').fill(String(serverPort));
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('#preview-status')).toContainText(`Nothing is answering on port ${serverPort}`);

  await typeInTerminal(page, `PORT=${serverPort} node server.js`);
  await expect(page.locator('#terminal')).toContainText(`Listening on port ${serverPort}`);
  await page.getByRole('button', { name: 'Reload' }).click();
  const preview = page.frameLocator('#preview-frame');
  await expect(preview.getByRole('heading', { name: 'My web app' })).toBeVisible();
  await expect(preview.locator('#message')).toContainText('Hello from your machine!');
  expect(await page.locator('#preview-frame').getAttribute('src')).toBe(`/preview/open?port=${serverPort}`);
  expect(page.frames().some((frame) => frame.url().startsWith(`http://m-e2etest00001-${serverPort}.localhost:`))).toBe(true);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    // The preview frame is the learner's own page, not ours.
    expect(await axeViolations(page)).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('at phone width the panels are tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWorkspace(page, '/files');
  await expect(page.locator('#file-tree')).toBeVisible();
  await expect(page.locator('#terminal')).toBeHidden();
  await page.getByRole('button', { name: 'Terminal' }).click();
  await expect(page).toHaveURL(/\/terminal$/);
  await expect(page.locator('#terminal')).toBeVisible();
  await typeInTerminal(page, 'echo "phone-$((2 + 3))"');
  await expect(page.locator('#terminal')).toContainText('phone-5');
  expect(await axeViolations(page)).toEqual([]);
});

test('on a 390x844 phone no panel, and not the sign-in page, is wider than the screen; axe in both themes', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  // A phone lays the page out wider than the screen (and zooms out) when content overflows, so
  // window.innerWidth grows with it: compare with the phone's 390 px, not with innerWidth.
  const fitsThePhone = async (where: string) => {
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect({ where, scrollWidth, innerWidth }).toEqual({ where, scrollWidth: 390, innerWidth: 390 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`${where} (${theme}, phone)`, violations)).toEqual([]);
    }
    await page.screenshot({ path: test.info().outputPath(`instance-app-phone-${where}.png`) });
  };
  await page.goto(`${origin}/login`);
  await fitsThePhone('sign-in');
  await openWorkspace(page, '/files');
  await fitsThePhone('files');
  // The editor opens README.md, whose long line once widened the page to 772 px.
  for (const tab of ['Editor', 'Terminal', 'Preview']) {
    await page.getByRole('button', { name: tab, exact: true }).click();
    await expect(page.getByRole('button', { name: tab, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await fitsThePhone(tab.toLowerCase());
  }
  await context.close();
});

test('without a token: the sign-in state', async ({ page }) => {
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('link', { name: 'Open your machines in Codetrail' })).toHaveAttribute('href', `${webAppOrigin}/web/build`);
  expect(await axeViolations(page)).toEqual([]);
});
