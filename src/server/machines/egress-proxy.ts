import { lookup } from 'node:dns/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { egressVerdict, reachableAddresses, splitHostPort, type EgressRule } from '@/domain/machines/egress-rules';

/**
 * The egress proxy (docs/machines.md, "Network"; docs/security.md): the only way out of a machine
 * with MACHINE_NETWORK=allow-list. It speaks what pip, npm, curl and Python's urllib speak to an HTTP
 * proxy: CONNECT host:port (HTTPS, then opaque bytes) and absolute-URI requests (plain HTTP). Every
 * decision is made here, on the host, with the pure rules of egress-rules.ts:
 *
 * - the host must be on the allow list (for absolute-URI requests: again for every request on a
 *   kept-alive connection, and the Host header must name the same host);
 * - a name is resolved here and connected to by the address checked, never re-resolved, and only
 *   public addresses are used (a name pointing at 127.0.0.1, 10.x or 169.254.169.254 is refused);
 *   private addresses are reached only when the operator wrote that IP literal and port in the list;
 * - refusals are 403 with a sentence in the status line and the body, which pip and curl show.
 *
 * Written on node:net/node:http (about 200 lines) rather than a library: the proxies on npm
 * (proxy, http-proxy, …) forward anything by default and their hooks run after the name is
 * resolved by the socket, which is the check this must own.
 */

export interface EgressProxyOptions {
  rules: readonly EgressRule[];
  /** An operator's own proxy to go through (http://[user:pass@]host:port): it then resolves names. */
  upstreamProxy?: string | null;
  /** Resolves a name to its addresses (tests replace it). Default: the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
  /** Connections at once per client address (a unix socket is one client: one machine). */
  maxConnectionsPerClient?: number;
  /** A tunnel or request with no bytes either way for this long is closed. */
  idleTimeoutMs?: number;
  log?: (message: string) => void;
}

const DEFAULT_MAX_CONNECTIONS = 32;
const DEFAULT_IDLE_MS = 120_000;
/** Request and response headers that concern only one hop, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A sentence as an HTTP reason phrase (visible characters only). */
const reasonPhrase = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);

async function systemResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

interface Target {
  /** Where to open the TCP connection (an address, or the upstream proxy). */
  host: string;
  port: number;
  /** The authority as the request named it (for the upstream proxy and the Host header). */
  authority: string;
}

export function createEgressProxy(options: EgressProxyOptions): Server {
  const resolve = options.resolve ?? systemResolve;
  const maxPerClient = options.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS;
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_MS;
  const log = options.log ?? (() => undefined);
  const upstream = options.upstreamProxy ? new URL(options.upstreamProxy) : null;
  const upstreamAuth = upstream && upstream.username ? `Basic ${Buffer.from(`${decodeURIComponent(upstream.username)}:${decodeURIComponent(upstream.password)}`).toString('base64')}` : null;
  const perClient = new Map<string, number>();

  /** Checks host:port against the list and picks the address to connect to. */
  async function decide(host: string, port: number): Promise<Target> {
    const verdict = egressVerdict(options.rules, host, port);
    if (!verdict.allowed) throw new Refusal(403, verdict.reason);
    const authority = verdict.kind === 'address' ? (verdict.address.includes(':') ? `[${verdict.address}]:${port}` : `${verdict.address}:${port}`) : `${verdict.host}:${port}`;
    if (upstream) return { host: upstream.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(upstream.port || 80), authority };
    if (verdict.kind === 'address') return { host: verdict.address, port, authority };
    let addresses: string[];
    try {
      addresses = await resolve(verdict.host);
    } catch {
      throw new Refusal(502, `codetrail: ${verdict.host} could not be found (DNS)`);
    }
    const usable = reachableAddresses(addresses.filter((address) => isIP(address) !== 0));
    if (usable.length === 0) throw new Refusal(403, `codetrail: ${verdict.host} points at a private or local address, which machines may not reach`);
    return { host: usable[0]!, port, authority };
  }

  function refuse(socket: Duplex, status: number, sentence: string): void {
    const body = `${sentence}\n`;
    socket.end(`HTTP/1.1 ${status} ${reasonPhrase(sentence)}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  }

  /** A TCP connection to the target; through the upstream proxy, a CONNECT tunnel there first. */
  function open(target: Target): Promise<Socket> {
    return new Promise((resolveSocket, reject) => {
      const socket = connect({ host: target.host, port: target.port });
      socket.setTimeout(idleMs, () => socket.destroy(new Error('timed out')));
      socket.once('error', reject);
      socket.once('connect', () => {
        if (!upstream) {
          socket.off('error', reject);
          resolveSocket(socket);
          return;
        }
        socket.write(`CONNECT ${target.authority} HTTP/1.1\r\nhost: ${target.authority}\r\n${upstreamAuth ? `proxy-authorization: ${upstreamAuth}\r\n` : ''}\r\n`);
        let answer = Buffer.alloc(0);
        const onData = (chunk: Buffer) => {
          answer = Buffer.concat([answer, chunk]);
          const end = answer.indexOf('\r\n\r\n');
          if (end < 0) {
            if (answer.length > 16_384) socket.destroy(new Error('the upstream proxy sent too long an answer'));
            return;
          }
          socket.off('data', onData);
          const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer.subarray(0, end).toString('latin1'))?.[1];
          if (status !== '200') {
            socket.destroy();
            reject(new Refusal(502, `codetrail: the operator's proxy refused ${target.authority} (${status ?? 'no answer'})`));
            return;
          }
          socket.off('error', reject);
          const rest = answer.subarray(end + 4);
          if (rest.length > 0) socket.unshift(rest);
          resolveSocket(socket);
        };
        socket.on('data', onData);
      });
    });
  }

  async function tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    const parts = splitHostPort(req.url ?? '');
    if (!parts || parts.port === null) throw new Refusal(400, 'codetrail: CONNECT needs host:port');
    const target = await decide(parts.host, parts.port);
    const server = await open(target).catch((error: unknown) => {
      throw error instanceof Refusal ? error : new Refusal(502, `codetrail: ${target.authority} did not answer`);
    });
    if (client.destroyed) {
      server.destroy();
      return;
    }
    client.write('HTTP/1.1 200 Connection established\r\n\r\n');
    if (head.length > 0) server.write(head);
    (client as Socket).setTimeout?.(idleMs, () => client.destroy());
    server.pipe(client).pipe(server);
    server.on('error', () => client.destroy());
    client.on('error', () => server.destroy());
    server.on('close', () => client.destroy());
    client.on('close', () => server.destroy());
    log(`egress: tunnel to ${target.authority}`);
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      throw new Refusal(400, 'codetrail: this is a proxy: send absolute http:// URLs or CONNECT');
    }
    if (url.protocol !== 'http:' || !(req.url ?? '').startsWith('http://')) throw new Refusal(400, 'codetrail: this is a proxy: send absolute http:// URLs or CONNECT');
    if (url.username || url.password) throw new Refusal(400, 'codetrail: user names in URLs are not forwarded');
    const port = url.port === '' ? 80 : Number(url.port);
    const hostHeader = req.headers.host;
    // A Host header naming another host than the URL would be routed by the target to that one.
    if (hostHeader !== undefined && hostHeader.toLowerCase() !== url.host.toLowerCase() && hostHeader.toLowerCase() !== `${url.hostname}:${port}`.toLowerCase()) {
      throw new Refusal(400, `codetrail: the Host header (${reasonPhrase(hostHeader).slice(0, 80)}) does not match the URL's host`);
    }
    const target = await decide(url.hostname, port);
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = url.host;
    if (upstreamAuth) headers['proxy-authorization'] = upstreamAuth;
    const path = upstream ? `http://${target.authority}${url.pathname}${url.search}` : `${url.pathname}${url.search}`;
    await new Promise<void>((done, fail) => {
      const outgoing = httpRequest({ host: target.host, port: target.port, method: req.method, path, headers, agent: false, timeout: idleMs }, (answer) => {
        const back: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
        answer.on('end', () => done());
        answer.on('error', () => res.destroy());
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', () => fail(new Refusal(502, `codetrail: ${target.authority} did not answer`)));
      req.pipe(outgoing);
    });
    log(`egress: ${req.method} http://${target.authority}${url.pathname}`);
  }

  const server = createServer({ requestTimeout: 300_000, headersTimeout: 30_000, maxHeaderSize: 16_384 }, (req, res) => {
    forward(req, res).catch((error: unknown) => {
      const refusal = error instanceof Refusal ? error : new Refusal(502, 'codetrail: the request could not be forwarded');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(refusal.status, reasonPhrase(refusal.message), { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end(`${refusal.message}\n`);
    });
  });

  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    client.on('error', () => undefined);
    tunnel(req, client, head).catch((error: unknown) => {
      const refusal = error instanceof Refusal ? error : new Refusal(502, 'codetrail: the tunnel could not be opened');
      refuse(client, refusal.status, refusal.message);
    });
  });

  // WebSocket and other upgrades through an HTTP proxy go by CONNECT; a plain Upgrade is refused.
  server.on('upgrade', (_req: IncomingMessage, client: Duplex) => refuse(client, 400, 'codetrail: use CONNECT for upgrades'));

  server.on('connection', (socket: Socket) => {
    const key = socket.remoteAddress ?? 'local';
    const count = (perClient.get(key) ?? 0) + 1;
    if (count > maxPerClient) {
      socket.end(`HTTP/1.1 429 codetrail: too many connections at once from this machine (${maxPerClient})\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`, () => socket.destroy());
      return;
    }
    perClient.set(key, count);
    socket.once('close', () => {
      const left = (perClient.get(key) ?? 1) - 1;
      if (left <= 0) perClient.delete(key);
      else perClient.set(key, left);
    });
  });

  // An HTTP connection with no bytes either way for idleMs is closed (tunnels set their own).
  server.timeout = idleMs;
  return server;
}
