import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import { connectAgentSocket } from '@/lib/machines/agent-socket';
import { AGENT_KEY_HEADER, INSTANCE_SECRET_HEADER, type AgentEndpoint } from '@/domain/machines/machine-contracts';

/**
 * How the instance app talks to a machine's agent (machine-contracts.ts has the protocol): every
 * call carries the machine's agent key, and nothing of the instance app's own (its secret, the
 * learner's cookies) is passed on.
 */
export interface AgentTarget {
  endpoint: AgentEndpoint;
  key: string;
}

export interface AgentAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class AgentUnreachableError extends Error {}

/** A connection to the agent: a unix socket only when it is the machine's own (agent-socket.ts). */
function connectToAgent(endpoint: AgentEndpoint): Socket {
  return endpoint.kind === 'socket' ? connectAgentSocket(endpoint.path, endpoint.owner) : connect(endpoint.port, endpoint.host);
}

function endpointOptions(endpoint: AgentEndpoint): { createConnection: () => Socket } | { host: string; port: number } {
  return endpoint.kind === 'socket' ? { createConnection: () => connectToAgent(endpoint) } : { host: endpoint.host, port: endpoint.port };
}

/** One call to the agent, its whole answer read. */
export function agentCall(target: AgentTarget, method: string, path: string, body?: Buffer, contentType?: string): Promise<AgentAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { [AGENT_KEY_HEADER]: target.key };
    if (body) headers['content-length'] = String(body.length);
    if (contentType) headers['content-type'] = contentType;
    const req = httpRequest({ ...endpointOptions(target.endpoint), method, path, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (error) => reject(new AgentUnreachableError(error.message)));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => reject(new AgentUnreachableError(error.message)));
    req.end(body);
  });
}

/** Request headers as they may go on to the learner's server: no credentials of ours (our cookies, key or secret). */
/** A cookie named in `dropCookies`, or starting with one of its entries that end in `*`. */
function dropped(name: string, dropCookies: readonly string[]): boolean {
  return dropCookies.some((entry) => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry));
}

export function forwardableHeaders(headers: IncomingHttpHeaders, dropCookies: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === AGENT_KEY_HEADER || name === INSTANCE_SECRET_HEADER) continue;
    if (name === 'cookie') {
      const kept = String(value)
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part.length > 0 && !dropped(part.split('=')[0] ?? '', dropCookies));
      if (kept.length > 0) out.cookie = kept.join('; ');
      continue;
    }
    out[name] = value;
  }
  return out;
}

/** Streams a browser's request to the agent's `/ports/{port}/…` and its answer back. */
export function proxyToAgentPort(target: AgentTarget, req: IncomingMessage, res: ServerResponse, port: number, dropCookies: readonly string[], onUnreachable: () => void): void {
  const headers = { ...forwardableHeaders(req.headers, dropCookies), [AGENT_KEY_HEADER]: target.key };
  const upstream = httpRequest({ ...endpointOptions(target.endpoint), method: req.method, path: `/ports/${port}${req.url ?? '/'}`, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    onUnreachable();
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Your machine is not answering. Start it again from Codetrail.');
    } else res.destroy();
  });
  req.pipe(upstream);
}

/** Passes a WebSocket upgrade on the preview host to the agent's `/ports/{port}/…`, bytes both ways. */
export function proxyUpgradeToAgentPort(target: AgentTarget, req: IncomingMessage, socket: Duplex, head: Buffer, port: number, dropCookies: readonly string[]): void {
  const headers = forwardableHeaders(req.headers, dropCookies);
  const upstream: Socket = connectToAgent(target.endpoint);
  upstream.once('connect', () => {
    const lines = [`${req.method ?? 'GET'} /ports/${port}${req.url ?? '/'} HTTP/1.1`, `${AGENT_KEY_HEADER}: ${target.key}`];
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one.replace(/[\r\n]/g, '')}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
}

/** A WebSocket to the agent's shell. */
export function openAgentPty(target: AgentTarget, cols: number, rows: number): WebSocket {
  const query = `/pty?cols=${cols}&rows=${rows}`;
  const { endpoint } = target;
  if (endpoint.kind === 'socket') {
    return new WebSocket(`ws://machine-agent${query}`, { headers: { [AGENT_KEY_HEADER]: target.key }, maxPayload: 1024 * 1024, createConnection: () => connectToAgent(endpoint) });
  }
  return new WebSocket(`ws://${endpoint.host}:${endpoint.port}${query}`, { headers: { [AGENT_KEY_HEADER]: target.key }, maxPayload: 1024 * 1024 });
}
