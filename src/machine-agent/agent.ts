/**
 * The machine agent: the one process the web platform starts inside a machine. Everything the
 * instance app does with a machine goes through it (machine-contracts.ts has the protocol): the
 * file tree, a shell on a pty, and a proxy to web servers the learner starts inside the machine.
 * It runs with the machine's limits and sees only the machine's workspace, so it is learner-side
 * code: it holds no secret but its own key, and trusts nothing it is sent.
 *
 * Run as a program: AGENT_LISTEN (`unix:/path.sock` or `tcp:host:port`), AGENT_WORKSPACE, AGENT_KEY;
 * optionally AGENT_NETWORK_LINE (what the machine can reach, the terminal's first line),
 * AGENT_PROXY_URL (the egress proxy the terminal's tools are pointed at) and AGENT_EGRESS_SOCKET
 * (the local driver's: the host's egress proxy, relayed from 127.0.0.1:3128 of the machine's own
 * loopback, since the machine has no network to reach it by).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readFile, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type * as NodePty from 'node-pty';
import { WebSocketServer, type WebSocket } from 'ws';
import { MACHINE_PROXY_PORT } from '@/domain/machines/egress-rules';
import { isBodyNotJson, isBodyTooLarge, parseJsonBody, readBody } from '@/lib/http/read-body';
import { AGENT_KEY_HEADER, type AgentFileEntry, type AgentPtyClientMessage, type AgentPtyServerMessage } from '@/domain/machines/machine-contracts';

export const AGENT_MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_ENTRIES = 5000;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '__pycache__']);

export interface AgentOptions {
  /** `unix:/path.sock` or `tcp:host:port`. */
  listen: string;
  workspace: string;
  key: string;
  /** The shell for the terminal (default: bash when present, else sh). */
  shell?: string;
  onActivity?: () => void;
  /** Printed first in every terminal: what the machine can reach. */
  networkLine?: string;
  /** The egress proxy (http://host:port) the shell's HTTP_PROXY and friends point at. */
  proxyUrl?: string;
  /** A unix socket to relay 127.0.0.1:{MACHINE_PROXY_PORT} to (the host's egress proxy). */
  egressSocket?: string;
}

export interface RunningAgent {
  server: Server;
  startedAt: string;
  close: () => Promise<void>;
}

class AgentError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function keyMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A workspace-relative path to an absolute one inside the workspace, or a 400. */
export function resolveInside(workspace: string, relative: string | null): string {
  if (relative === null || relative.length === 0 || relative.length > 1024) throw new AgentError(400, 'A path inside the workspace is needed.');
  if (relative.includes('\0') || path.isAbsolute(relative) || relative.split(/[\\/]/).includes('..')) throw new AgentError(400, `"${relative}" is not a path inside the workspace.`);
  const absolute = path.resolve(workspace, relative);
  if (absolute !== workspace && !absolute.startsWith(workspace + path.sep)) throw new AgentError(400, `"${relative}" is not a path inside the workspace.`);
  return absolute;
}

/** Refuses a path whose existing part leaves the workspace through a symlink. */
async function checkNoEscape(workspace: string, absolute: string): Promise<void> {
  let probe = absolute;
  while (!existsSync(probe) && probe !== workspace) probe = path.dirname(probe);
  const real = await realpath(probe);
  if (real !== workspace && !real.startsWith(workspace + path.sep)) throw new AgentError(400, 'That path leads out of the workspace.');
}

async function readAgentBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  try {
    return await readBody(req, limit);
  } catch (error) {
    if (isBodyTooLarge(error)) throw new AgentError(413, `Files over ${limit / 1024 / 1024} MB cannot be saved here.`);
    throw error;
  }
}

async function listTree(workspace: string): Promise<{ entries: AgentFileEntry[]; truncated: boolean }> {
  const entries: AgentFileEntry[] = [];
  let truncated = false;
  const walk = async (dir: string): Promise<void> => {
    const children = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) {
      if (entries.length >= MAX_ENTRIES) {
        truncated = true;
        return;
      }
      const absolute = path.join(dir, child.name);
      const relative = path.relative(workspace, absolute).split(path.sep).join('/');
      if (child.isDirectory()) {
        entries.push({ path: relative, type: 'dir', size: 0 });
        if (!SKIPPED_FOLDERS.has(child.name)) await walk(absolute);
      } else if (child.isFile()) {
        entries.push({ path: relative, type: 'file', size: (await stat(absolute)).size });
      }
    }
  };
  await walk(workspace);
  return { entries, truncated };
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const PORT_PATH = /^\/ports\/(\d{1,5})(\/.*)?$/;

function targetPort(url: string): { port: number; rest: string } | null {
  const match = PORT_PATH.exec(url.split('?')[0] ?? '');
  if (!match) return null;
  const port = Number(match[1]);
  if (port < 1 || port > 65535) return null;
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return { port, rest: `${match[2] ?? '/'}${query}` };
}

function proxyHttp(req: IncomingMessage, res: ServerResponse, port: number, rest: string): void {
  const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: `127.0.0.1:${port}` };
  delete headers[AGENT_KEY_HEADER];
  const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: rest, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) send(res, 502, { message: `Nothing is answering on port ${port} inside the machine yet. Start your server in the terminal (for example: node server.js).` });
    else res.destroy();
  });
  req.pipe(upstream);
}

function proxyUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, port: number, rest: string): void {
  const upstream: Socket = connect(port, '127.0.0.1', () => {
    const lines = [`${req.method} ${rest} HTTP/1.1`];
    for (let index = 0; index < req.rawHeaders.length; index += 2) {
      const name = req.rawHeaders[index] ?? '';
      if (name.toLowerCase() === AGENT_KEY_HEADER) continue;
      lines.push(`${name}: ${name.toLowerCase() === 'host' ? `127.0.0.1:${port}` : (req.rawHeaders[index + 1] ?? '')}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
}

type PtyModule = typeof NodePty;

function loadPty(): PtyModule {
  // node-pty is a native addon: required at run time, never bundled.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node-pty') as PtyModule;
}

function defaultShell(): string {
  return existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';
}

/**
 * What pip, npm, curl, Python and most other tools read to use a proxy. Local servers stay direct:
 * a learner's own `curl localhost:3000` must not go to the proxy (which would refuse it).
 */
export function proxyEnvironment(proxyUrl: string | undefined): Record<string, string> {
  if (!proxyUrl) return {};
  const direct = 'localhost,127.0.0.1,::1';
  return {
    HTTP_PROXY: proxyUrl,
    HTTPS_PROXY: proxyUrl,
    http_proxy: proxyUrl,
    https_proxy: proxyUrl,
    npm_config_proxy: proxyUrl,
    npm_config_https_proxy: proxyUrl,
    PIP_PROXY: proxyUrl,
    NO_PROXY: direct,
    no_proxy: direct,
  };
}

/**
 * Over its memory, the kernel kills within the machine, and it may pick the agent, which ends the
 * whole machine. The terminal's shell (and so everything the learner starts from it, which inherits
 * the value) is made the kernel's first choice instead. Raising a process's own score needs no
 * privilege; where /proc cannot be written (not Linux) nothing changes.
 */
function preferAsOomVictim(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/oom_score_adj`, '500');
  } catch {
    // not Linux, or the process is already gone
  }
}

function attachPty(socket: WebSocket, options: AgentOptions, workspace: string, cols: number, rows: number): void {
  const pty = loadPty();
  const shell = options.shell ?? defaultShell();
  const emit = (message: AgentPtyServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  // Before the shell's first prompt: a learner who runs `pip install` knows what to expect.
  if (options.networkLine) emit({ type: 'output', data: `${options.networkLine.replace(/[\r\n]+/g, ' ')}\r\n` });
  const term = pty.spawn(shell, shell.endsWith('bash') ? ['-l'] : [], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: workspace,
    env: { HOME: workspace, PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8', PS1: '\\w $ ', ...proxyEnvironment(options.proxyUrl) },
  });
  preferAsOomVictim(term.pid);
  term.onData((data) => emit({ type: 'output', data }));
  term.onExit(({ exitCode }) => {
    emit({ type: 'exit', code: exitCode });
    socket.close(1000, 'shell exited');
  });
  socket.on('message', (raw) => {
    let message: AgentPtyClientMessage;
    try {
      message = JSON.parse(raw.toString()) as AgentPtyClientMessage;
    } catch {
      return;
    }
    options.onActivity?.();
    if (message.type === 'input' && typeof message.data === 'string') term.write(message.data.slice(0, 65_536));
    else if (message.type === 'resize' && Number.isInteger(message.cols) && Number.isInteger(message.rows)) {
      term.resize(Math.min(Math.max(message.cols, 2), 500), Math.min(Math.max(message.rows, 2), 200));
    }
  });
  socket.on('close', () => {
    try {
      term.kill('SIGHUP');
    } catch {
      // already gone
    }
  });
}

/** 127.0.0.1:{MACHINE_PROXY_PORT} → the host's egress proxy on a unix socket: bytes only, it decides nothing. */
async function startEgressRelay(socketPath: string): Promise<NetServer> {
  const relay = createNetServer((client) => {
    const upstream = connect(socketPath);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(MACHINE_PROXY_PORT, '127.0.0.1', resolve);
  });
  return relay;
}

export async function startAgent(options: AgentOptions): Promise<RunningAgent> {
  await mkdir(options.workspace, { recursive: true });
  const workspace = await realpath(options.workspace);
  const startedAt = new Date().toISOString();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://agent');
    const proxied = targetPort(req.url ?? '/');
    if (proxied) {
      options.onActivity?.();
      proxyHttp(req, res, proxied.port, proxied.rest);
      return;
    }
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /health') return send(res, 200, { ok: true, startedAt });
    if (route === 'GET /files') return send(res, 200, await listTree(workspace));
    if (route === 'POST /rename') {
      const raw = await readAgentBody(req, 64 * 1024);
      const body = (raw.length === 0 ? {} : parseJsonBody(raw)) as { from?: unknown; to?: unknown };
      const from = resolveInside(workspace, typeof body.from === 'string' ? body.from : null);
      const to = resolveInside(workspace, typeof body.to === 'string' ? body.to : null);
      await checkNoEscape(workspace, from);
      await checkNoEscape(workspace, to);
      if (!existsSync(from)) throw new AgentError(404, `There is no "${String(body.from)}".`);
      if (existsSync(to)) throw new AgentError(409, `"${String(body.to)}" already exists.`);
      await mkdir(path.dirname(to), { recursive: true });
      await rename(from, to);
      options.onActivity?.();
      return send(res, 204);
    }
    if (url.pathname === '/file') {
      const target = resolveInside(workspace, url.searchParams.get('path'));
      if (target === workspace) throw new AgentError(400, 'The workspace itself is not a file.');
      await checkNoEscape(workspace, target);
      if (req.method === 'GET') {
        const info = await lstat(target).catch(() => null);
        if (!info || !info.isFile()) throw new AgentError(404, `There is no file "${url.searchParams.get('path')}".`);
        if (info.size > AGENT_MAX_FILE_BYTES) throw new AgentError(413, 'This file is too large to open in the editor.');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' });
        res.end(await readFile(target));
        return;
      }
      if (req.method === 'PUT') {
        const body = await readAgentBody(req, AGENT_MAX_FILE_BYTES);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, body);
        options.onActivity?.();
        return send(res, 204);
      }
      if (req.method === 'DELETE') {
        await rm(target, { recursive: true, force: true });
        options.onActivity?.();
        return send(res, 204);
      }
      throw new AgentError(405, 'Use GET, PUT or DELETE.');
    }
    throw new AgentError(404, 'No such agent call.');
  }

  const server = createServer((req, res) => {
    if (!keyMatches(options.key, req.headers[AGENT_KEY_HEADER])) return send(res, 401, { message: 'A valid agent key is needed.' });
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof AgentError ? error.status : isBodyNotJson(error) ? 400 : 500;
      const message = error instanceof AgentError ? error.message : isBodyNotJson(error) ? 'The body is not JSON.' : 'The machine could not do that.';
      if (!res.headersSent) send(res, status, { message });
      else res.destroy();
    });
  });

  server.on('upgrade', (req, socket, head) => {
    if (!keyMatches(options.key, req.headers[AGENT_KEY_HEADER])) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nconnection: close\r\n\r\n');
      return;
    }
    const proxied = targetPort(req.url ?? '/');
    if (proxied) return proxyUpgrade(req, socket, head, proxied.port, proxied.rest);
    const url = new URL(req.url ?? '/', 'http://agent');
    if (url.pathname !== '/pty') {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
      return;
    }
    const cols = Math.min(Math.max(Number(url.searchParams.get('cols')) || 80, 2), 500);
    const rows = Math.min(Math.max(Number(url.searchParams.get('rows')) || 24, 2), 200);
    sockets.handleUpgrade(req, socket, head, (ws) => {
      options.onActivity?.();
      try {
        attachPty(ws, options, workspace, cols, rows);
      } catch (error) {
        ws.send(JSON.stringify({ type: 'output', data: `The terminal could not start: ${(error as Error).message}\r\n` } satisfies AgentPtyServerMessage));
        ws.close(1011, 'no pty');
      }
    });
  });

  const listen = options.listen;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (listen.startsWith('unix:')) {
      const socketPath = listen.slice('unix:'.length);
      if (existsSync(socketPath)) unlinkSync(socketPath);
      server.listen(socketPath, resolve);
    } else if (listen.startsWith('tcp:')) {
      const [host, port] = [listen.slice(4, listen.lastIndexOf(':')), Number(listen.slice(listen.lastIndexOf(':') + 1))];
      server.listen(port, host, resolve);
    } else {
      reject(new Error(`AGENT_LISTEN must be unix:/path or tcp:host:port, not "${listen}"`));
    }
  });

  const relay = options.egressSocket ? await startEgressRelay(options.egressSocket) : null;

  return {
    server,
    startedAt,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        relay?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** As a program: the environment says where to listen and what to serve. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { AGENT_LISTEN, AGENT_WORKSPACE, AGENT_KEY, AGENT_NETWORK_LINE, AGENT_PROXY_URL, AGENT_EGRESS_SOCKET } = env;
  if (!AGENT_LISTEN || !AGENT_WORKSPACE || !AGENT_KEY || AGENT_KEY.length < 16) {
    console.error('machine agent: AGENT_LISTEN, AGENT_WORKSPACE and AGENT_KEY (16+ characters) are required');
    process.exit(2);
  }
  // The key is in our memory now; learner processes we start must not inherit it.
  delete process.env.AGENT_KEY;
  await startAgent({
    listen: AGENT_LISTEN,
    workspace: AGENT_WORKSPACE,
    key: AGENT_KEY,
    ...(AGENT_NETWORK_LINE ? { networkLine: AGENT_NETWORK_LINE } : {}),
    ...(AGENT_PROXY_URL ? { proxyUrl: AGENT_PROXY_URL } : {}),
    ...(AGENT_EGRESS_SOCKET ? { egressSocket: AGENT_EGRESS_SOCKET } : {}),
  });
  console.log(`machine agent listening on ${AGENT_LISTEN}`);
}
