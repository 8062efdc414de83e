import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { machineTemplate } from '@/domain/machines/machine-rules';
import { startAgent, type RunningAgent } from '@/machine-agent';
import { INSTANCE_SECRET_HEADER, type AgentPtyServerMessage, type InstanceMachineGrant, type MachineState } from '@/domain/machines/machine-contracts';
import { createInstanceApp, type InstanceApp } from '@/instance-app';

/**
 * The instance app end to end, in one process with no database: a real machine agent on a temp
 * workspace (the node-web template's files), the real instance app, and as the web app a small
 * HTTP server implementing the two internal endpoints exactly as machine-contracts.ts describes
 * them (shared secret header, single-use tokens answering 401 `{ message }`, activity answering the
 * current grant or 404). Its clock is the test's, so "a minute later" needs no waiting.
 */

jest.setTimeout(90_000);
// The instance app logs each sign-in; the answers are what these tests read.
jest.spyOn(console, 'info').mockImplementation(() => undefined);

const SECRET = `instance-secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const AGENT_KEY = `agent-key-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const MACHINE_ID = 'm_abc123def456';
const USER_ID = 'user-1';

let dir: string;
let agent: RunningAgent;
let webApp: Server;
let webAppOrigin: string;
let app: InstanceApp;
let port: number;
let origin: string;
let clock = Date.parse('2026-01-05T10:00:00Z');

/** The web app's side of the internal API, per the contract. */
const machine = { state: 'running' as MachineState, gone: false, lastActiveAt: 0 };
/** When the learner last signed out of Codetrail (the web app's sessions), by the test's clock. */
let signedOutAt: number | null = null;
const tokens = new Map<string, { used: boolean; owner: string }>();
/** Tokens the web app's sign-in page bound to a browser: bound token → the nonce hash it carries. */
const bound = new Map<string, { token: string; binding: string }>();
/** Who is signed in to the web app in "the browser" of these tests. */
const webAppUser = USER_ID;
const internalCalls: { path: string; secret: string | undefined }[] = [];
let socketPath: string;

function grant(): InstanceMachineGrant {
  const running = machine.state === 'running';
  return {
    userId: USER_ID,
    machineId: MACHINE_ID,
    machineName: 'My <web> app',
    template: 'node-web',
    state: machine.state,
    agent: running ? { kind: 'socket', path: socketPath } : null,
    agentKey: running ? AGENT_KEY : null,
    network: 'Network: package registries only (registry.npmjs.org); everything else is refused.',
  };
}

function startWebAppDouble(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = new URL(req.url ?? '/', 'http://web-app');
      if (req.method === 'GET' && url.pathname === '/web/build/machines/sign-in') {
        // The web app's page (build-pages.ts machineSignInPage): binds only the signed-in learner's own token.
        const token = url.searchParams.get('token') ?? '';
        const issued = tokens.get(token);
        if (!issued) return res.writeHead(400).end('This link to a machine is not valid or has expired.');
        if (issued.owner !== webAppUser) return res.writeHead(403).end('This link to a machine belongs to another Codetrail account, so it was not opened.');
        const boundToken = `b-${Math.random().toString(36).slice(2)}`;
        bound.set(boundToken, { token, binding: url.searchParams.get('binding') ?? '' });
        const back = new URL('/login/confirmed', origin);
        back.searchParams.set('token', boundToken);
        back.searchParams.set('flow', url.searchParams.get('flow') ?? '');
        if (url.searchParams.has('redirect')) back.searchParams.set('redirect', url.searchParams.get('redirect') ?? '');
        return res.writeHead(307, { location: back.toString() }).end();
      }
      internalCalls.push({ path: req.url ?? '', secret: req.headers[INSTANCE_SECRET_HEADER] as string | undefined });
      if (req.headers[INSTANCE_SECRET_HEADER] !== SECRET) return answer(403, { message: 'Not the instance app.' });
      if (req.method !== 'POST') return answer(405, { message: 'POST only.' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(400, { message: 'Not JSON.' });
      }
      if (req.url === '/api/internal/instance/exchange') {
        const binding = typeof body.token === 'string' ? bound.get(body.token) : undefined;
        if (!binding || binding.binding !== body.binding) return answer(401, { message: 'This sign-in link was opened in another browser than the one that asked for it.' });
        const token = tokens.get(binding.token);
        if (!token || token.used) return answer(401, { message: 'This sign-in link has expired or was already used.' });
        token.used = true;
        return answer(200, { ...grant(), since: new Date(clock).toISOString() });
      }
      if (req.url === '/api/internal/instance/activity') {
        if (machine.gone || body.machineId !== MACHINE_ID || body.userId !== USER_ID) return answer(404, { message: 'No such machine.' });
        // As the web app does: a sign-out since the session began ends it.
        if (signedOutAt !== null && typeof body.since === 'string' && signedOutAt >= Date.parse(body.since)) return answer(404, { message: 'No such machine.' });
        machine.lastActiveAt = clock;
        return answer(200, { ...grant(), ...(typeof body.since === 'string' ? { since: body.since } : {}) });
      }
      answer(404, { message: 'No such call.' });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function newToken(owner = USER_ID): string {
  const token = `t-${Math.random().toString(36).slice(2)}`;
  tokens.set(token, { used: false, owner });
  return token;
}

// ---- The browser's side: every answer is kept, to prove no secret ever reaches it ----

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}
const answers: Answer[] = [];

function call(method: string, url: string, options: { headers?: Record<string, string>; body?: string; host?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: options.host ?? `localhost:${port}`, ...options.headers };
    const req = request({ host: '127.0.0.1', port, method, path: url, headers }, (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const answer = { status: res.statusCode ?? 0, headers: res.headers, text };
        answers.push(answer);
        resolve(answer);
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const sessionCookieOf = (answer: Answer) => (answer.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('codetrail_instance='));
const cookieValue = (setCookie: string | undefined) => (setCookie ?? '').split(';')[0] ?? '';

const loginCookieOf = (answer: Answer) => (answer.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('codetrail_login_'));

/** The web app's page, as the browser reaches it from the instance app's redirect. */
function webAppPage(location: string): Promise<{ status: number; location: string | undefined; text: string }> {
  const url = new URL(location);
  expect(url.origin).toBe('http://localhost:3000');
  return new Promise((resolve, reject) => {
    const req = request(`${webAppOrigin}${url.pathname}${url.search}`, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * What a browser does with /login?token: the instance app sets its nonce cookie and sends it to the
 * web app, which binds the token and sends it back to /login/confirmed. `cookieJar: false` plays a
 * browser that never held the nonce (the bound link carried to another browser).
 */
async function followLogin(query: string, options: { cookieJar?: boolean } = {}): Promise<{ first: Answer; page: { status: number; location: string | undefined; text: string } | null; last: Answer | null }> {
  const first = await call('GET', `/login?${query}`);
  if (first.status !== 303) return { first, page: null, last: null };
  const page = await webAppPage(first.headers.location ?? '');
  if (page.status !== 307 || !page.location) return { first, page, last: null };
  const back = new URL(page.location);
  const nonce = cookieValue(loginCookieOf(first));
  const last = await call('GET', `${back.pathname}${back.search}`, options.cookieJar === false ? {} : { headers: { cookie: nonce } });
  return { first, page, last };
}

async function signIn(redirect = '/build'): Promise<string> {
  const { last } = await followLogin(`token=${newToken()}&redirect=${encodeURIComponent(redirect)}`);
  expect(last?.status).toBe(303);
  return cookieValue(last ? sessionCookieOf(last) : undefined);
}

const writeHeaders = (cookie: string) => ({ cookie, origin, 'x-requested-with': 'codetrail' });

/** A terminal on the instance app; `waitFor` resolves when the output so far matches. */
function terminal(cookie: string, headers: Record<string, string> = { origin }): Promise<{ ws: WebSocket; output: () => string; waitFor: (pattern: RegExp) => Promise<string>; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/terminal?cols=100&rows=30`, { headers: { host: `localhost:${port}`, cookie, ...headers } });
    let output = '';
    const waiters: { pattern: RegExp; resolve: (text: string) => void }[] = [];
    const closed = new Promise<number>((resolveClosed) => ws.on('close', (code) => resolveClosed(code)));
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as AgentPtyServerMessage;
      if (message.type === 'output') output += message.data;
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(output)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(output);
        }
      }
    });
    ws.on('open', () =>
      resolve({
        ws,
        output: () => output,
        closed,
        waitFor: (pattern) =>
          pattern.test(output)
            ? Promise.resolve(output)
            : new Promise((resolveWait, rejectWait) => {
                const timer = setTimeout(() => rejectWait(new Error(`terminal never showed ${pattern}; it showed:\n${output}`)), 30_000);
                waiters.push({ pattern, resolve: (text) => (clearTimeout(timer), resolveWait(text)) });
              }),
      }),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

function send(ws: WebSocket, data: string): void {
  ws.send(JSON.stringify({ type: 'input', data }));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/** Everything the agent was sent, to prove the instance app's secret never reaches it. */
const agentSaw: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'instance-app-test-'));
  socketPath = path.join(dir, 'agent.sock');
  const workspace = path.join(dir, 'workspace');
  agent = await startAgent({ listen: `unix:${socketPath}`, workspace, key: AGENT_KEY });
  agent.server.prependListener('request', (req: IncomingMessage) => agentSaw.push(`${req.url} ${JSON.stringify(req.headers)}`));
  agent.server.prependListener('upgrade', (req: IncomingMessage) => agentSaw.push(`${req.url} ${JSON.stringify(req.headers)}`));
  const { writeFile, mkdir } = await import('node:fs/promises');
  for (const [file, text] of Object.entries(machineTemplate('node-web')?.files ?? {})) {
    await mkdir(path.dirname(path.join(workspace, file)), { recursive: true });
    await writeFile(path.join(workspace, file), text);
  }
  webApp = await startWebAppDouble();
  webAppOrigin = `http://127.0.0.1:${(webApp.address() as AddressInfo).port}`;
  port = await freePort();
  origin = `http://localhost:${port}`;
  app = createInstanceApp({
    publicOrigin: origin,
    webAppOrigin: 'http://localhost:3000',
    internalApiBase: webAppOrigin,
    secret: SECRET,
    previewOriginTemplate: `http://m-{machine}-{port}.localhost:${port}`,
    now: () => new Date(clock),
  });
  await new Promise<void>((resolve) => app.server.listen(port, '127.0.0.1', resolve));
});

afterAll(async () => {
  await app?.close();
  await agent?.close();
  await new Promise((resolve) => webApp?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('signing in', () => {
  it('without a token shows the sign-in state with the way back to Codetrail', async () => {
    const answer = await call('GET', '/login');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Open your machines in Codetrail');
    expect(answer.text).toContain('href="http://localhost:3000/web/build"');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('with a token sets a nonce cookie and sends the browser to the web app to bind it, exchanging nothing yet', async () => {
    const calls = internalCalls.length;
    const answer = await call('GET', `/login?token=${newToken()}&redirect=/terminal`);
    expect(answer.status).toBe(303);
    const next = new URL(answer.headers.location ?? '');
    expect(`${next.origin}${next.pathname}`).toBe('http://localhost:3000/web/build/machines/sign-in');
    expect(next.searchParams.get('binding')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.searchParams.get('flow')).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(next.searchParams.get('redirect')).toBe('/terminal');
    const nonce = loginCookieOf(answer) ?? '';
    expect(nonce).toMatch(new RegExp(`^codetrail_login_${next.searchParams.get('flow')}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300$`));
    // The web app sees only the nonce's hash, never the nonce.
    expect(answer.headers.location).not.toContain(cookieValue(nonce).split('=')[1]);
    expect(sessionCookieOf(answer)).toBeUndefined();
    expect(internalCalls.length).toBe(calls);
  });

  it('with a refused token answers 401 with the sign-in state', async () => {
    const { last } = await followLogin(`token=${newToken()}&redirect=/build`);
    expect(last?.status).toBe(303);
    // A bound token the web app never made, with this browser's nonce: refused at the exchange.
    const first = await call('GET', `/login?token=${newToken()}`);
    const flow = new URL(first.headers.location ?? '').searchParams.get('flow');
    const answer = await call('GET', `/login/confirmed?token=never-issued&flow=${flow}`, { headers: { cookie: cookieValue(loginCookieOf(first)) } });
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('expired or was already used');
    expect(answer.text).toContain('Open your machines in Codetrail');
    expect(sessionCookieOf(answer)).toBeUndefined();
  });

  it('login CSRF: a link made for someone else, planted in this browser, is refused by the web app and opens nothing', async () => {
    // Mallory asks for a link to her own machine and sends this learner's browser to it.
    const { first, page, last } = await followLogin(`token=${newToken('mallory')}&redirect=/build`);
    expect(first.status).toBe(303);
    expect(page?.status).toBe(403);
    expect(page?.text).toContain('belongs to another Codetrail account');
    expect(last).toBeNull();
    expect(sessionCookieOf(first)).toBeUndefined();
  });

  it('login CSRF: a link bound in one browser, carried to another, finds no nonce there and opens nothing', async () => {
    const token = newToken();
    const carried = await followLogin(`token=${token}&redirect=/build`, { cookieJar: false });
    expect(carried.last?.status).toBe(401);
    expect(carried.last?.text).toContain('was not started in this browser');
    expect(carried.last ? sessionCookieOf(carried.last) : 'none').toBeUndefined();
    // With another sign-in's nonce of the victim's own (a second flow): the hash does not match.
    const victim = await call('GET', `/login?token=${newToken()}`);
    const victimFlow = new URL(victim.headers.location ?? '').searchParams.get('flow') ?? '';
    const attacker = await call('GET', `/login?token=${newToken()}`);
    const attackerPage = await webAppPage(attacker.headers.location ?? '');
    const back = new URL(attackerPage.location ?? '');
    back.searchParams.set('flow', victimFlow);
    const swapped = await call('GET', `${back.pathname}${back.search}`, { headers: { cookie: cookieValue(loginCookieOf(victim)) } });
    expect(swapped.status).toBe(401);
    expect(sessionCookieOf(swapped)).toBeUndefined();
  });

  it('answers 401 to a token too long to be one, as to any refused token', async () => {
    for (const length of [1025, 5000]) {
      const answer = await call('GET', `/login?token=${'a'.repeat(length)}`);
      expect({ length, status: answer.status }).toEqual({ length, status: 401 });
      expect(answer.text).toContain('expired or was already used');
    }
  });

  it('with a good token sets a host-only HttpOnly session cookie and goes on to the redirect', async () => {
    const token = newToken();
    const { last } = await followLogin(`token=${token}&redirect=/terminal`);
    if (!last) throw new Error('the sign-in did not come back');
    const answer = last;
    expect(answer.status).toBe(303);
    // The nonce is spent with the sign-in.
    expect(loginCookieOf(answer)).toMatch(/^codetrail_login_[A-Za-z0-9_-]{12}=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    expect(answer.headers.location).toBe('/terminal');
    const cookie = sessionCookieOf(answer) ?? '';
    expect(cookie).toMatch(/^codetrail_instance=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // Host-only: no Domain, so a browser never sends it to a preview host.
    expect(cookie.toLowerCase()).not.toContain('domain=');
    expect(cookie).not.toContain('Secure'); // http origin
    // Single use: the same link again is refused.
    expect((await followLogin(`token=${token}`)).last?.status).toBe(401);
  });

  it('refuses redirects off the instance app', async () => {
    for (const redirect of ['//evil.example', 'https://evil.example/build', '/\\evil.example', '/api/files']) {
      const { last } = await followLogin(`token=${newToken()}&redirect=${encodeURIComponent(redirect)}`);
      expect([redirect, last?.headers.location]).toEqual([redirect, '/build']);
    }
  });

  it('shows the workspace only with a session, with the security headers', async () => {
    const without = await call('GET', '/build');
    expect(without.status).toBe(200);
    expect(without.text).toContain('Open your machines in Codetrail');
    const cookie = await signIn();
    const page = await call('GET', '/files', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('My &lt;web&gt; app');
    expect(page.text).toContain('data-view="files"');
    expect(page.text).toContain('<p class="status machine-network" id="machine-network">Network: package registries only (registry.npmjs.org); everything else is refused.</p>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`frame-src 'self' http://*.localhost:${port}`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const script = /<script type="module" src="(\/assets\/workspace-[A-Z0-9]+\.js)">/.exec(page.text)?.[1];
    const style = /<link rel="stylesheet" href="(\/assets\/workspace-[A-Z0-9]+\.css)">/.exec(page.text)?.[1];
    expect(script && style).toBeTruthy();
    const js = await call('GET', script ?? '');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.headers['cache-control']).toContain('immutable');
    const css = await call('GET', style ?? '');
    expect(css.text).toContain('.xterm'); // xterm's own stylesheet is served with the page's
  });
});

describe('the JSON API', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/files')).status).toBe(401);
    expect((await call('GET', '/api/files', { headers: { cookie: 'codetrail_instance=forged' } })).status).toBe(401);
  });

  it('refuses a write without x-requested-with or from a foreign origin', async () => {
    const url = '/api/file?path=evil.txt';
    expect((await call('PUT', url, { headers: { cookie, origin }, body: 'x' })).status).toBe(403);
    expect((await call('PUT', url, { headers: { ...writeHeaders(cookie), origin: 'http://evil.example' }, body: 'x' })).status).toBe(403);
    expect((await call('PUT', url, { headers: { cookie, 'x-requested-with': 'codetrail' }, body: 'x' })).status).toBe(403);
    expect((await call('DELETE', '/api/file?path=server.js', { headers: { cookie, origin: `http://m-abc123def456-3000.localhost:${port}`, 'x-requested-with': 'codetrail' } })).status).toBe(403);
    expect((await call('GET', '/api/file?path=evil.txt', { headers: { cookie } })).status).toBe(404);
  });

  it('lists, writes, reads, renames and deletes files in the machine', async () => {
    const listed = JSON.parse((await call('GET', '/api/files', { headers: { cookie } })).text) as { entries: { path: string }[] };
    expect(listed.entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(['server.js', 'public', 'public/index.html', 'README.md']));
    expect((await call('PUT', '/api/file?path=notes/todo.txt', { headers: writeHeaders(cookie), body: 'buy milk ✓' })).status).toBe(204);
    expect(await call('GET', '/api/file?path=notes/todo.txt', { headers: { cookie } })).toMatchObject({ status: 200, text: 'buy milk ✓' });
    expect((await call('POST', '/api/rename', { headers: { ...writeHeaders(cookie), 'content-type': 'application/json' }, body: JSON.stringify({ from: 'notes/todo.txt', to: 'todo.txt' }) })).status).toBe(204);
    expect((await call('GET', '/api/file?path=notes/todo.txt', { headers: { cookie } })).status).toBe(404);
    expect((await call('GET', '/api/file?path=todo.txt', { headers: { cookie } })).text).toBe('buy milk ✓');
    expect((await call('DELETE', '/api/file?path=todo.txt', { headers: writeHeaders(cookie) })).status).toBe(204);
    expect((await call('GET', '/api/file?path=todo.txt', { headers: { cookie } })).status).toBe(404);
    // The agent's refusals come through as they are.
    const outside = await call('GET', `/api/file?path=${encodeURIComponent('../agent.sock')}`, { headers: { cookie } });
    expect(outside.status).toBe(400);
    expect(JSON.parse(outside.text).message).toContain('not a path inside the workspace');
  });
});

describe('the terminal', () => {
  it('runs commands in the machine', async () => {
    const cookie = await signIn();
    const shell = await terminal(cookie);
    send(shell.ws, 'echo "hello-$((6 * 7))"\r');
    await shell.waitFor(/hello-42/);
    send(shell.ws, 'node --version\r');
    await shell.waitFor(/v\d+\.\d+\.\d+/);
    shell.ws.close();
  });

  it('refuses an upgrade without a session or from another origin', async () => {
    const cookie = await signIn();
    await expect(terminal('codetrail_instance=forged')).rejects.toThrow('401');
    await expect(terminal(cookie, { origin: 'http://evil.example' })).rejects.toThrow('403');
    await expect(terminal(cookie, { origin: `http://m-abc123def456-3000.localhost:${port}` })).rejects.toThrow('403');
  });
});

describe('the preview', () => {
  let cookie: string;
  let appPort: number;
  let echoPort: number;
  const servers: { ws: WebSocket }[] = [];
  const previewHost = (target: number) => `m-abc123def456-${target}.localhost:${port}`;

  beforeAll(async () => {
    cookie = await signIn();
    appPort = await freePort();
    echoPort = await freePort();
    // A second learner server that answers with the headers it was sent.
    const echo = "require('node:http').createServer((req, res) => res.end(JSON.stringify(req.headers))).listen(Number(process.env.PORT), () => console.log('echo up'));\n";
    expect((await call('PUT', '/api/file?path=echo.js', { headers: writeHeaders(cookie), body: echo })).status).toBe(204);
    const web = await terminal(cookie);
    send(web.ws, `PORT=${appPort} node server.js\r`);
    await web.waitFor(new RegExp(`Listening on port ${appPort}`));
    const headers = await terminal(cookie);
    send(headers.ws, `PORT=${echoPort} node echo.js\r`);
    await headers.waitFor(/echo up/);
    servers.push(web, headers);
  });

  afterAll(() => {
    for (const server of servers) server.ws.close();
  });

  /** The workspace's way in: /preview/open hands a one-time ticket to the preview origin. */
  async function handshake(target: number): Promise<string> {
    const open = await call('GET', `/preview/open?port=${target}`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(open.status).toBe(303);
    const location = new URL(String(open.headers.location));
    expect(location.origin).toBe(`http://${previewHost(target)}`);
    expect(location.pathname).toBe('/__codetrail/auth');
    const auth = await call('GET', `${location.pathname}${location.search}`, { host: location.host });
    expect(auth.status).toBe(303);
    expect(auth.headers.location).toBe('/');
    const set = (auth.headers['set-cookie'] ?? []).find((one) => one.startsWith('codetrail_preview='));
    expect(set).toBeDefined();
    expect((set ?? '').toLowerCase()).not.toContain('domain=');
    expect(set).toContain('HttpOnly');
    // The ticket is single use.
    expect((await call('GET', `${location.pathname}${location.search}`, { host: location.host })).status).toBe(401);
    return cookieValue(set);
  }

  it('is refused without the preview cookie, even with the instance session cookie', async () => {
    const bare = await call('GET', '/', { host: previewHost(appPort) });
    expect(bare.status).toBe(401);
    expect(bare.text).not.toContain('My web app');
    expect((await call('GET', '/api/hello', { host: previewHost(appPort), headers: { cookie } })).status).toBe(401);
    expect((await call('GET', '/__codetrail/auth?ticket=made-up&next=/', { host: previewHost(appPort) })).status).toBe(401);
  });

  it('shows the learner server through the handshake: the page and api/hello', async () => {
    const previewCookie = await handshake(appPort);
    const page = await call('GET', '/', { host: previewHost(appPort), headers: { cookie: previewCookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>My web app</h1>');
    const hello = await call('GET', '/api/hello', { host: previewHost(appPort), headers: { cookie: previewCookie } });
    expect(hello.status).toBe(200);
    expect(JSON.parse(hello.text)).toMatchObject({ message: 'Hello from your machine!' });
    // The preview cookie is for this machine's port only.
    expect((await call('GET', '/', { host: previewHost(echoPort), headers: { cookie: previewCookie } })).status).toBe(401);
    expect((await call('GET', '/', { host: `m-zzz123def456-${appPort}.localhost:${port}`, headers: { cookie: previewCookie } })).status).toBe(401);
  });

  it('refuses a ticket after its minute', async () => {
    const open = await call('GET', `/preview/open?port=${appPort}`, { headers: { cookie } });
    const location = new URL(String(open.headers.location));
    clock += 61_000;
    expect((await call('GET', `${location.pathname}${location.search}`, { host: location.host })).status).toBe(401);
    // A ticket for one port does not open another.
    const other = new URL(String((await call('GET', `/preview/open?port=${appPort}`, { headers: { cookie } })).headers.location));
    expect((await call('GET', `${other.pathname}${other.search}`, { host: previewHost(echoPort) })).status).toBe(401);
    // Only the workspace itself (or the address bar) may ask for one.
    expect((await call('GET', `/preview/open?port=${appPort}`, { headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
  });

  it('says whether anything listens on a port', async () => {
    const listening = JSON.parse((await call('GET', `/api/preview-status?port=${appPort}`, { headers: { cookie } })).text);
    expect(listening).toMatchObject({ listening: true });
    const silent = JSON.parse((await call('GET', `/api/preview-status?port=${await freePort()}`, { headers: { cookie } })).text);
    expect(silent.listening).toBe(false);
    expect(silent.message).toMatch(/Nothing is answering on port \d+/);
  });

  it("never passes the instance app's cookies, key or secret to the learner's server", async () => {
    const previewCookie = await handshake(echoPort);
    // Even if a browser sent the session cookie along, it would not reach the learner's code.
    const answer = await call('GET', '/', { host: previewHost(echoPort), headers: { cookie: `${previewCookie}; theme=dark; ${cookie}; codetrail_login_abcdefghijkl=nonce-of-a-sign-in` } });
    expect(answer.status).toBe(200);
    const seen = JSON.parse(answer.text) as Record<string, string>;
    expect(seen.cookie).toBe('theme=dark');
    expect(answer.text).not.toContain(previewCookie.split('=')[1] ?? 'never');
    expect(answer.text).not.toContain(cookie.split('=')[1] ?? 'never');
    expect(answer.text).not.toContain('nonce-of-a-sign-in');
    expect(answer.text).not.toContain(AGENT_KEY);
    expect(answer.text).not.toContain(SECRET);
  });
});

describe('activity', () => {
  it('is asked of the web app at most every five seconds and follows the machine state', async () => {
    machine.state = 'running';
    const cookie = await signIn();
    const before = internalCalls.filter((one) => one.path.endsWith('/activity')).length;
    await call('GET', '/api/files', { headers: { cookie } });
    await call('GET', '/api/files', { headers: { cookie } });
    expect(internalCalls.filter((one) => one.path.endsWith('/activity')).length).toBe(before); // the sign-in counted
    clock += 61_000;
    await call('GET', '/api/files', { headers: { cookie } });
    await call('GET', '/api/files', { headers: { cookie } });
    expect(internalCalls.filter((one) => one.path.endsWith('/activity')).length).toBe(before + 1);
    expect(machine.lastActiveAt).toBe(clock);

    // The machine was stopped in Codetrail: the next activity answer says so.
    machine.state = 'stopped';
    clock += 61_000;
    const stopped = await call('GET', '/api/files', { headers: { cookie } });
    expect(stopped.status).toBe(409);
    expect(JSON.parse(stopped.text)).toMatchObject({ state: 'stopped' });
    const page = await call('GET', '/build', { headers: { cookie } });
    expect(page.text).toContain('This machine is not running');
    expect(page.text).toContain('start it from Codetrail');
    machine.state = 'running';
    clock += 61_000;
    expect((await call('GET', '/api/files', { headers: { cookie } })).status).toBe(200);
  });

  it('ends the session (and its terminals) when the machine is gone or no longer theirs', async () => {
    machine.state = 'running';
    const cookie = await signIn();
    const shell = await terminal(cookie);
    machine.gone = true;
    try {
      clock += 61_000;
      expect((await call('GET', '/api/files', { headers: { cookie } })).status).toBe(401);
      expect(await shell.closed).toBe(4401);
      expect((await call('GET', '/api/files', { headers: { cookie } })).status).toBe(401);
      expect((await call('GET', '/build', { headers: { cookie } })).text).toContain('Open your machines in Codetrail');
    } finally {
      machine.gone = false;
    }
  });

  it('ends the session and its open terminals within seconds of a sign-out in Codetrail', async () => {
    machine.state = 'running';
    const cookie = await signIn();
    const shell = await terminal(cookie);
    const other = await terminal(cookie);
    try {
      signedOutAt = clock + 1000;
      clock += 5_000;
      // A terminal asks nothing: it is checked on the instance app's own five-second round.
      expect(await other.closed).toBe(4401);
      expect(await shell.closed).toBe(4401);
      expect((await call('GET', '/api/files', { headers: { cookie } })).status).toBe(401);
      // Signing in again (a token made after the sign-out) opens the machine as usual.
      clock += 1000;
      const again = await signIn();
      expect((await call('GET', '/api/files', { headers: { cookie: again } })).status).toBe(200);
    } finally {
      signedOutAt = null;
    }
  }, 30_000);

  it('ends a session after two idle hours', async () => {
    const cookie = await signIn();
    clock += 2 * 60 * 60_000;
    expect((await call('GET', '/api/files', { headers: { cookie } })).status).toBe(401);
  });
});

describe('the secrets', () => {
  it('sent the shared secret to the web app on every internal call, and to nobody else', () => {
    expect(internalCalls.length).toBeGreaterThan(5);
    expect(internalCalls.every((one) => one.secret === SECRET)).toBe(true);
    expect(agentSaw.length).toBeGreaterThan(5);
    for (const seen of agentSaw) expect(seen).not.toContain(SECRET);
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      const all = JSON.stringify(answer.headers) + answer.text;
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain(AGENT_KEY);
    }
  });
});
