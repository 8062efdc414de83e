/**
 * The instance app: a process and an origin of its own where a learner uses one machine (files,
 * editor, terminal, preview). It holds no database: the web app signs a learner in here with a
 * short-lived single-use token (exchanged on the internal API with the shared secret) and answers
 * the machine's state on activity. A token is exchanged only in the browser that brought it:
 * /login sets a nonce cookie and sends the token through the web app, which binds it to the
 * nonce's hash for the learner signed in there, back to /login/confirmed (no login CSRF). Everything it does with the machine goes through the machine's
 * agent (machine-contracts.ts).
 *
 * The learner's own web server is previewed on an origin of its own per machine and port (the
 * Host header says which), reached only with a host-only preview cookie from a one-time ticket,
 * so the learner's pages never see the instance app's session cookie or API.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { instanceRedirect, MACHINE_ID_PATTERN } from '@/domain/machines/machine-rules';
import { paths } from '@/domain/routing/paths';
import { INSTANCE_SECRET_HEADER, type AgentPtyClientMessage, type InstanceMachineGrant } from '@/domain/machines/machine-contracts';
import { parseCookieHeader, type CookieTable } from '@/lib/http/cookie-header';
import { isBodyNotJson, isBodyTooLarge, readBody, readJsonBody } from '@/lib/http/read-body';
import { logger } from '@/lib/logger';
import { agentCall, AgentUnreachableError, openAgentPty, proxyToAgentPort, proxyUpgradeToAgentPort, type AgentAnswer, type AgentTarget } from './agent-client';
import { bundleClient, type ClientBundle } from './assets';
import { previewUnauthorizedPage, signInPage, stoppedPage, workspacePage, type SignInReason, type WorkspaceView } from './pages';
import { previewHostMatcher, previewOriginFor, previewTemplateProblem, type PreviewTarget } from './preview-origin';
import { SESSION_MAX_MS, SessionStore, type InstanceSession } from './sessions';

export interface InstanceAppOptions {
  /** The instance app's own origin as browsers see it, e.g. http://localhost:3002. */
  publicOrigin: string;
  /** The web app's origin as browsers see it (links back to the machines list). */
  webAppOrigin: string;
  /** Where this process reaches the web app's internal API (`/api/internal/instance/…` is appended). */
  internalApiBase: string;
  /** INSTANCE_APP_SECRET, shared with the web app; sent only to the internal API. */
  secret: string;
  /** e.g. http://m-{machine}-{port}.localhost:3002 (see preview-origin.ts). */
  previewOriginTemplate: string;
  now?: () => Date;
}

export interface InstanceApp {
  server: Server;
  close: () => Promise<void>;
}

/** At most one activity call per session per minute. */
/**
 * How long the web app's word on a session holds: every use older than this asks again (activity),
 * so a sign-out ends the instance session within a few seconds; open terminals are checked as often.
 */
export const SESSION_CHECK_MS = 5_000;
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** The longest token the exchange accepts (instanceExchangeBodySchema). */
const MAX_TOKEN_LENGTH = 1024;
const AGENT_FILE_MAX = MAX_UPLOAD_BYTES;
const REQUESTED_WITH = 'codetrail';

const VIEWS: Record<string, WorkspaceView> = { '/build': 'build', '/files': 'files', '/terminal': 'terminal', '/preview': 'preview' };

/** Our cookies hold random ids and nonces compared byte for byte: read as sent, nothing decoded. */
function parseCookies(header: string | undefined): CookieTable {
  return parseCookieHeader(header, { raw: true });
}

function isGrant(value: unknown): value is InstanceMachineGrant {
  if (typeof value !== 'object' || value === null) return false;
  const grant = value as Record<string, unknown>;
  const agent = grant.agent as Record<string, unknown> | null | undefined;
  const agentOk =
    agent === null ||
    (typeof agent === 'object' && agent !== undefined && ((agent.kind === 'socket' && typeof agent.path === 'string' && (agent.owner === undefined || Number.isInteger(agent.owner))) || (agent.kind === 'tcp' && typeof agent.host === 'string' && typeof agent.port === 'number')));
  return (
    (grant.since === undefined || typeof grant.since === 'string') &&
    typeof grant.userId === 'string' &&
    typeof grant.machineId === 'string' &&
    MACHINE_ID_PATTERN.test(grant.machineId) &&
    typeof grant.machineName === 'string' &&
    typeof grant.template === 'string' &&
    typeof grant.state === 'string' &&
    (grant.agentKey === null || typeof grant.agentKey === 'string') &&
    typeof grant.network === 'string' &&
    agentOk
  );
}

function agentOf(grant: InstanceMachineGrant): AgentTarget | null {
  return grant.state === 'running' && grant.agent && grant.agentKey ? { endpoint: grant.agent, key: grant.agentKey } : null;
}

/** Where the preview goes after its handshake: a path of the preview origin, else `/`. */
function previewNext(requested: string | null): string {
  if (!requested || !requested.startsWith('/') || requested.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(requested)) return '/';
  return requested;
}

function validPort(value: string | null): number | null {
  if (!value || !/^\d{1,5}$/.test(value)) return null;
  const port = Number(value);
  return port >= 1 && port <= 65535 ? port : null;
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

export function createInstanceApp(options: InstanceAppOptions): InstanceApp {
  const publicOrigin = new URL(options.publicOrigin).origin;
  const webAppOrigin = new URL(options.webAppOrigin).origin;
  const internalBase = options.internalApiBase.replace(/\/+$/, '');
  const template = options.previewOriginTemplate.replace(/\/+$/, '');
  const problem = previewTemplateProblem(template, publicOrigin);
  if (problem) throw new Error(problem);
  if (options.secret.length < 16) throw new Error('The instance app secret must have 16 characters or more.');
  const now = options.now ?? (() => new Date());
  const matchPreview = previewHostMatcher(template);

  const secureSession = publicOrigin.startsWith('https:');
  const sessionCookie = secureSession ? '__Host-codetrail_instance' : 'codetrail_instance';
  /** One per sign-in under way (`<prefix><flow>`), so two windows opening machines do not undo each other. */
  const loginCookiePrefix = secureSession ? '__Host-codetrail_login_' : 'codetrail_login_';
  const loginCookieAttributes = `Path=/; HttpOnly; SameSite=Lax${secureSession ? '; Secure' : ''}`;
  const previewHttps = template.startsWith('https:');
  const previewCookie = previewHttps ? '__Host-codetrail_preview' : 'codetrail_preview';
  // The preview is framed by the instance app's page, a different site: its cookie must be
  // SameSite=None (so Secure; browsers count http://*.localhost as secure) and is partitioned
  // under the framing site. A plain-http preview domain gets a Lax cookie (new tab only).
  /** Never passed on to the learner's server (a browser sends only the preview one there). */
  const ownCookies = [sessionCookie, previewCookie, `${loginCookiePrefix}*`];
  const previewCrossSite = previewHttps || /^http:\/\/[^/]*\.localhost(:\d+)?$/.test(template);
  const previewCookieAttributes = previewCrossSite ? 'Path=/; HttpOnly; Secure; SameSite=None; Partitioned' : 'Path=/; HttpOnly; SameSite=Lax';

  const frameSource = template.replace(/^(https?:\/\/)[^.]+\./, '$1*.');
  const socketOrigin = publicOrigin.replace(/^http/, 'ws');
  const securityHeaders: Record<string, string> = {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      // xterm and CodeMirror set styles from script; no inline <style> of ours is needed beyond that.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      `connect-src 'self' ${socketOrigin}`,
      // The frame starts at /preview/open (this origin), which sends it on to the preview origin.
      `frame-src 'self' ${frameSource}`,
      "frame-ancestors 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };

  const sessions = new SessionStore(now);
  const terminals = new Map<string, Set<WebSocket>>();
  sessions.onEnd((sessionId) => {
    for (const socket of terminals.get(sessionId) ?? []) socket.close(4401, 'signed out');
    terminals.delete(sessionId);
  });
  const sweeper = setInterval(() => sessions.sweep(), 5 * 60_000);
  sweeper.unref();
  // A terminal makes no requests of its own: its session is asked about as often as any other.
  const terminalCheck = setInterval(() => {
    for (const sessionId of terminals.keys()) {
      const session = sessions.get(sessionId);
      if (session) void touch(session);
    }
  }, SESSION_CHECK_MS);
  terminalCheck.unref();

  let bundle: Promise<ClientBundle> | null = null;
  const client = (): Promise<ClientBundle> => {
    bundle ??= bundleClient().catch((error: unknown) => {
      bundle = null;
      throw error;
    });
    return bundle;
  };
  client().catch((error: unknown) => logger.error('Instance app: the workspace client could not be bundled', error));

  // ---- The web app's internal API ----

  async function internal(pathname: string, body: unknown): Promise<{ status: number; grant: InstanceMachineGrant | null }> {
    const response = await fetch(`${internalBase}/api/internal/instance/${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INSTANCE_SECRET_HEADER]: options.secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { status: response.status, grant: null };
    }
    const grant: unknown = await response.json();
    if (!isGrant(grant)) throw new Error(`the ${pathname} answer is not a machine grant`);
    return { status: 200, grant };
  }

  /**
   * Tells the web app the learner used the machine (at most once a minute unless `force`) and
   * takes its current grant. Null when the session has ended (404: gone or not theirs).
   */
  function touch(session: InstanceSession, force = false): Promise<InstanceSession | null> {
    if (session.pendingActivity) return session.pendingActivity;
    if (!force && now().getTime() - session.lastActivityAt < SESSION_CHECK_MS) return Promise.resolve(session);
    session.lastActivityAt = now().getTime();
    const pending = internal('activity', { machineId: session.grant.machineId, userId: session.grant.userId, ...(session.grant.since ? { since: session.grant.since } : {}) })
      .then(({ status, grant }) => {
        if (grant) {
          if (grant.machineId !== session.grant.machineId || grant.userId !== session.grant.userId) {
            logger.warn('Instance app: the activity answer named another machine; ending the session');
            sessions.end(session.id);
            return null;
          }
          session.grant = grant;
          return session;
        }
        if (status === 404) {
          logger.info(`Instance app: machine ${session.grant.machineId} is gone or no longer the learner's; session ended`);
          sessions.end(session.id);
          return null;
        }
        logger.warn(`Instance app: the activity call answered ${status}`);
        return session;
      })
      .catch((error: unknown) => {
        logger.warn('Instance app: the activity call failed', error);
        return session;
      })
      .finally(() => {
        session.pendingActivity = null;
      });
    session.pendingActivity = pending;
    return pending;
  }

  // ---- Answers ----

  function html(res: ServerResponse, status: number, body: string, extra: Record<string, string | string[]> = {}): void {
    res.writeHead(status, { ...securityHeaders, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra });
    res.end(body);
  }

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  }

  async function signIn(res: ServerResponse, status: number, reason: SignInReason, clearCookie = false): Promise<void> {
    const page = signInPage((await client()).page, webAppOrigin, reason);
    html(res, status, page, clearCookie ? { 'set-cookie': `${sessionCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureSession ? '; Secure' : ''}` } : {});
  }

  function stoppedMessage(grant: InstanceMachineGrant): { message: string; state: string } {
    return { message: `This machine is ${grant.state}. Start it from Codetrail to use it.`, state: grant.state };
  }

  // ---- Sign-in ----

  /**
   * /login?token&redirect (spec §7): not exchanged here. A nonce goes into this browser's cookie,
   * and the browser goes on to the web app with the token and the nonce's hash; the web app binds
   * the token to that hash only for the learner signed in there, and sends the browser back to
   * /login/confirmed. A token planted in someone else's browser is refused at the web app (another
   * account), and a bound token taken to another browser finds no nonce there.
   */
  function login(res: ServerResponse, url: URL): Promise<void> | void {
    const token = url.searchParams.get('token');
    if (!token) return signIn(res, 200, 'none');
    // No token is this long (the web app's are about 150 characters): refused without asking.
    if (token.length > MAX_TOKEN_LENGTH) return signIn(res, 401, 'refused');
    const nonce = randomBytes(32).toString('base64url');
    const flow = randomBytes(9).toString('base64url');
    const redirect = url.searchParams.get('redirect');
    const next = new URL(paths.machineSignIn({ token, binding: hashOf(nonce), flow, redirect: redirect?.slice(0, 2000) }), webAppOrigin);
    res.writeHead(303, {
      ...securityHeaders,
      location: next.toString(),
      'cache-control': 'no-store',
      'set-cookie': `${loginCookiePrefix}${flow}=${nonce}; ${loginCookieAttributes}; Max-Age=300`,
    });
    res.end();
  }

  const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

  /** /login/confirmed?token&flow&redirect: the bound token, exchanged only with this browser's nonce. */
  async function loginConfirmed(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const token = url.searchParams.get('token');
    const flow = url.searchParams.get('flow') ?? '';
    if (!token) return signIn(res, 200, 'none');
    if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]{12}$/.test(flow)) return signIn(res, 401, 'refused');
    const nonce = parseCookies(req.headers.cookie)[`${loginCookiePrefix}${flow}`];
    if (!nonce) return signIn(res, 401, 'other-browser');
    let exchanged: { status: number; grant: InstanceMachineGrant | null };
    try {
      exchanged = await internal('exchange', { token, binding: hashOf(nonce) });
    } catch (error) {
      logger.error('Instance app: the token exchange failed', error);
      return signIn(res, 502, 'unavailable');
    }
    if (!exchanged.grant) {
      if (exchanged.status !== 401) logger.warn(`Instance app: the token exchange answered ${exchanged.status}`);
      // Any refusal of the token itself (4xx) is the learner's 401; only the web app failing is a 502.
      const refused = exchanged.status >= 400 && exchanged.status < 500;
      return signIn(res, refused ? 401 : 502, refused ? 'refused' : 'unavailable');
    }
    const previous = parseCookies(req.headers.cookie)[sessionCookie];
    if (previous) sessions.end(previous);
    const session = sessions.create(exchanged.grant);
    logger.info(`Instance app: signed in to machine ${session.grant.machineId}`);
    res.writeHead(303, {
      ...securityHeaders,
      location: instanceRedirect(url.searchParams.get('redirect')),
      'cache-control': 'no-store',
      'set-cookie': [`${sessionCookie}=${session.id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MAX_MS / 1000}${secureSession ? '; Secure' : ''}`, `${loginCookiePrefix}${flow}=; ${loginCookieAttributes}; Max-Age=0`],
    });
    res.end();
  }

  function sessionOf(req: IncomingMessage): InstanceSession | null {
    return sessions.get(parseCookies(req.headers.cookie)[sessionCookie]);
  }

  // ---- The workspace page and the preview's entry ----

  async function page(req: IncomingMessage, res: ServerResponse, view: WorkspaceView): Promise<void> {
    const found = sessionOf(req);
    if (!found) return signIn(res, 200, 'none');
    const session = await touch(found);
    if (!session) return signIn(res, 200, 'ended', true);
    const assets = (await client()).page;
    if (!agentOf(session.grant)) return html(res, 200, stoppedPage(assets, webAppOrigin, session.grant.machineName, session.grant.state));
    html(res, 200, workspacePage(assets, { webAppOrigin, machineName: session.grant.machineName, view, network: session.grant.network }));
  }

  /** `GET /preview/open?port=`: a one-time ticket, then on to the preview origin's handshake. */
  async function openPreview(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return html(res, 403, '<!doctype html><title>Refused</title><p>Open the preview from your workspace.</p>');
    const found = sessionOf(req);
    if (!found) return signIn(res, 200, 'none');
    const session = await touch(found);
    if (!session) return signIn(res, 200, 'ended', true);
    if (!agentOf(session.grant)) return html(res, 200, stoppedPage((await client()).page, webAppOrigin, session.grant.machineName, session.grant.state));
    const port = validPort(url.searchParams.get('port'));
    if (port === null) return html(res, 400, '<!doctype html><title>Port</title><p>The port must be a number from 1 to 65535.</p>');
    const target: PreviewTarget = { machineId: session.grant.machineId, port };
    const ticket = sessions.issueTicket(session.id, target);
    const next = previewNext(url.searchParams.get('path'));
    res.writeHead(303, { ...securityHeaders, location: `${previewOriginFor(template, target)}/__codetrail/auth?ticket=${ticket}&next=${encodeURIComponent(next)}`, 'cache-control': 'no-store' });
    res.end();
  }

  // ---- The JSON API ----

  /** Runs an agent call; a key or endpoint that changed (the machine restarted) is asked for once. */
  async function withAgent(session: InstanceSession, call: (target: AgentTarget) => Promise<AgentAnswer>): Promise<AgentAnswer | { stopped: InstanceMachineGrant } | null> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const target = agentOf(session.grant);
      if (!target) return { stopped: session.grant };
      try {
        const answer = await call(target);
        if (answer.status !== 401) return answer;
      } catch (error) {
        if (!(error instanceof AgentUnreachableError)) throw error;
      }
      if (attempt === 0 && !(await touch(session, true))) return null;
    }
    return { status: 502, headers: {}, body: Buffer.from(JSON.stringify({ message: 'Your machine is not answering. Stop and start it again from Codetrail.' })) };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD' && (req.headers['x-requested-with'] !== REQUESTED_WITH || req.headers.origin !== publicOrigin)) {
      return json(res, 403, { message: 'This request must come from the workspace page.' });
    }
    const found = sessionOf(req);
    if (!found) return json(res, 401, { message: 'Sign in through Codetrail first.' });
    const session = await touch(found);
    if (!session) return json(res, 401, { message: 'Your session has ended. Open your machine from Codetrail again.' });
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/machine') return json(res, 200, { name: session.grant.machineName, state: session.grant.state, template: session.grant.template });

    if (route === 'GET /api/preview-status') {
      const port = validPort(url.searchParams.get('port'));
      if (port === null) return json(res, 400, { message: 'The port must be a number from 1 to 65535.' });
      const target = agentOf(session.grant);
      if (!target) return json(res, 409, stoppedMessage(session.grant));
      try {
        const answer = await agentCall(target, 'GET', `/ports/${port}/`);
        if (answer.status === 502 && String(answer.headers['content-type']).startsWith('application/json')) {
          const body = JSON.parse(answer.body.toString('utf8')) as { message?: unknown };
          return json(res, 200, { listening: false, message: typeof body.message === 'string' ? body.message : `Nothing is answering on port ${port} yet.` });
        }
        return json(res, 200, { listening: true, status: answer.status });
      } catch {
        void touch(session, true);
        return json(res, 200, { listening: false, message: 'Your machine is not answering. Stop and start it again from Codetrail.' });
      }
    }

    let call: ((target: AgentTarget) => Promise<AgentAnswer>) | null = null;
    const filePath = url.searchParams.get('path') ?? '';
    const fileUrl = `/file?path=${encodeURIComponent(filePath)}`;
    if (route === 'GET /api/files') call = (target) => agentCall(target, 'GET', '/files');
    else if (route === 'GET /api/file') call = (target) => agentCall(target, 'GET', fileUrl);
    else if (route === 'DELETE /api/file') call = (target) => agentCall(target, 'DELETE', fileUrl);
    else if (route === 'PUT /api/file') {
      let body: Buffer;
      try {
        body = await readBody(req, AGENT_FILE_MAX);
      } catch (error) {
        if (isBodyTooLarge(error)) return json(res, 413, { message: 'Files over 2 MB cannot be saved here.' });
        throw error;
      }
      call = (target) => agentCall(target, 'PUT', fileUrl, body, 'application/octet-stream');
    } else if (route === 'POST /api/rename') {
      let parsed: { from?: unknown; to?: unknown } | null = null;
      try {
        parsed = (await readJsonBody(req, 64 * 1024)) as { from?: unknown; to?: unknown } | null;
      } catch (error) {
        if (!isBodyTooLarge(error) && !isBodyNotJson(error)) throw error;
        parsed = null;
      }
      if (!parsed || typeof parsed.from !== 'string' || typeof parsed.to !== 'string') return json(res, 400, { message: 'Say which file to rename (from) and its new path (to).' });
      const body = Buffer.from(JSON.stringify({ from: parsed.from, to: parsed.to }));
      call = (target) => agentCall(target, 'POST', '/rename', body, 'application/json');
    }
    if (!call) return json(res, 404, { message: 'No such call.' });

    const answer = await withAgent(session, call);
    if (!answer) return json(res, 401, { message: 'Your session has ended. Open your machine from Codetrail again.' });
    if ('stopped' in answer) return json(res, 409, stoppedMessage(answer.stopped));
    const contentType = answer.status === 204 ? undefined : String(answer.headers['content-type'] ?? 'application/octet-stream');
    res.writeHead(answer.status, { ...securityHeaders, 'cache-control': 'no-store', ...(contentType ? { 'content-type': contentType } : {}) });
    res.end(answer.status === 204 ? undefined : answer.body);
  }

  // ---- The preview origin ----

  function previewRefused(res: ServerResponse, status = 401): void {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors *",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    res.end(previewUnauthorizedPage());
  }

  async function previewSessionFor(req: IncomingMessage, target: PreviewTarget): Promise<AgentTarget | null> {
    const found = sessions.previewSession(parseCookies(req.headers.cookie)[previewCookie], target);
    if (!found) return null;
    const session = await touch(found);
    return session && session.grant.machineId === target.machineId ? agentOf(session.grant) : null;
  }

  async function preview(req: IncomingMessage, res: ServerResponse, target: PreviewTarget): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://preview');
    if (url.pathname === '/__codetrail/auth') {
      const id = sessions.redeemTicket(url.searchParams.get('ticket'), target);
      if (!id) return previewRefused(res);
      res.writeHead(303, {
        location: previewNext(url.searchParams.get('next')),
        'set-cookie': `${previewCookie}=${id}; ${previewCookieAttributes}`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      });
      res.end();
      return;
    }
    const agent = await previewSessionFor(req, target);
    if (!agent) return previewRefused(res);
    proxyToAgentPort(agent, req, res, target.port, ownCookies, () => undefined);
  }

  // ---- The terminal ----

  function pipeTerminal(browser: WebSocket, session: InstanceSession, agent: AgentTarget, cols: number, rows: number): void {
    const own = terminals.get(session.id) ?? new Set<WebSocket>();
    own.add(browser);
    terminals.set(session.id, own);
    const shell = openAgentPty(agent, cols, rows);
    const waiting: string[] = [];
    shell.on('open', () => {
      for (const message of waiting.splice(0)) shell.send(message);
    });
    shell.on('message', (data) => {
      if (browser.readyState === browser.OPEN) browser.send(data.toString());
    });
    shell.on('close', (code) => {
      if (browser.readyState === browser.OPEN) browser.close(code === 1000 ? 1000 : 1011, 'the terminal closed');
    });
    shell.on('error', (error) => {
      logger.warn(`Instance app: the terminal of machine ${session.grant.machineId} failed: ${error.message}`);
      if (browser.readyState === browser.OPEN) {
        browser.send(JSON.stringify({ type: 'output', data: '\r\nThe machine did not answer the terminal.\r\n' }));
        browser.close(1011, 'no machine');
      }
    });
    browser.on('message', (raw) => {
      let message: AgentPtyClientMessage;
      try {
        message = JSON.parse(raw.toString()) as AgentPtyClientMessage;
      } catch {
        return;
      }
      let forward: AgentPtyClientMessage | null = null;
      if (message.type === 'input' && typeof message.data === 'string') forward = { type: 'input', data: message.data };
      else if (message.type === 'resize' && Number.isInteger(message.cols) && Number.isInteger(message.rows)) forward = { type: 'resize', cols: message.cols, rows: message.rows };
      if (!forward) return;
      const text = JSON.stringify(forward);
      if (shell.readyState === shell.OPEN) shell.send(text);
      else if (shell.readyState === shell.CONNECTING && waiting.length < 100) waiting.push(text);
      void touch(session).then((fresh) => {
        if (!fresh) browser.close(4401, 'signed out');
        else if (!agentOf(fresh.grant)) browser.close(4409, 'machine stopped');
      });
    });
    browser.on('close', () => {
      own.delete(browser);
      if (shell.readyState === shell.CONNECTING) shell.terminate();
      else shell.close();
    });
  }

  const terminalServer = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const target = matchPreview(req.headers.host);
    if (target) {
      const agent = await previewSessionFor(req, target);
      if (!agent) return refuseUpgrade(socket, '401 Unauthorized');
      return proxyUpgradeToAgentPort(agent, req, socket, head, target.port, ownCookies);
    }
    const url = new URL(req.url ?? '/', publicOrigin);
    if (url.pathname !== '/api/terminal') return refuseUpgrade(socket, '404 Not Found');
    if (req.headers.origin !== publicOrigin) return refuseUpgrade(socket, '403 Forbidden');
    const found = sessionOf(req);
    if (!found) return refuseUpgrade(socket, '401 Unauthorized');
    const session = await touch(found);
    if (!session) return refuseUpgrade(socket, '401 Unauthorized');
    const agent = agentOf(session.grant);
    if (!agent) return refuseUpgrade(socket, '409 Conflict');
    const cols = Math.min(Math.max(Number(url.searchParams.get('cols')) || 80, 2), 500);
    const rows = Math.min(Math.max(Number(url.searchParams.get('rows')) || 24, 2), 200);
    terminalServer.handleUpgrade(req, socket, head, (browser) => pipeTerminal(browser, session, agent, cols, rows));
  }

  // ---- Routing ----

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = matchPreview(req.headers.host);
    if (target) return preview(req, res, target);
    const url = new URL(req.url ?? '/', publicOrigin);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/api/')) return api(req, res, url);
    if (method !== 'GET' && method !== 'HEAD') return html(res, 405, '<!doctype html><title>Not allowed</title><p>Only GET is allowed here.</p>', { allow: 'GET, HEAD' });
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('ok');
      return;
    }
    if (url.pathname.startsWith('/assets/')) {
      const asset = (await client()).files.get(url.pathname.slice('/assets/'.length));
      if (!asset) return html(res, 404, '<!doctype html><title>Not found</title><p>Not found.</p>');
      res.writeHead(200, { ...securityHeaders, 'content-type': asset.contentType, 'cache-control': 'public, max-age=31536000, immutable' });
      res.end(asset.body);
      return;
    }
    if (url.pathname === '/login') return login(res, url);
    if (url.pathname === '/login/confirmed') return loginConfirmed(req, res, url);
    if (url.pathname === '/') {
      res.writeHead(303, { ...securityHeaders, location: '/build' }).end();
      return;
    }
    if (url.pathname === '/preview/open') return openPreview(req, res, url);
    const view = Object.entries(VIEWS).find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    if (view) return page(req, res, view[1]);
    html(res, 404, '<!doctype html><title>Not found</title><p>There is no such page here.</p>');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error('Instance app: a request failed', error);
      if (!res.headersSent) json(res, 500, { message: 'Something went wrong here. Try again.' });
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    upgrade(req, socket, head).catch((error: unknown) => {
      logger.error('Instance app: an upgrade failed', error);
      refuseUpgrade(socket, '500 Internal Server Error');
    });
  });

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper);
        clearInterval(terminalCheck);
        for (const client of terminalServer.clients) client.terminate();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
