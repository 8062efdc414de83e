import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { isJsonObject, type JsonObject } from '@/domain/json/json-object';
import { readBody } from '@/lib/http/read-body';
import { itemJson, parseEnvelope, type Envelope } from '@/domain/monitoring/envelope';

/**
 * A stand-in for Sentry's ingest on this machine: `npm run monitoring:receiver` (scripts/
 * sentry-receiver.ts) prints what the app would send, and the tests assert on it. It accepts
 * `POST /api/<project id>/envelope/` only, as Sentry does.
 */

export interface ReceivedEnvelope {
  projectId: string;
  /** The request's path and query (the server SDK puts its public key in the query). */
  url: string;
  headers: IncomingHttpHeaders;
  /** The envelope as sent (decompressed when the SDK gzipped it). */
  raw: Buffer;
  envelope: Envelope | null;
}

export interface LocalReceiver {
  port: number;
  /** `http://public@<host>:<port>/1`: a DSN that sends here. */
  dsn: string;
  received: ReceivedEnvelope[];
  close: () => Promise<void>;
}

const MAX_BODY_BYTES = 20 * 1024 * 1024;

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

export function startLocalReceiver(options: { port?: number; host?: string; onEnvelope?: (received: ReceivedEnvelope) => void } = {}): Promise<LocalReceiver> {
  const host = options.host ?? '127.0.0.1';
  const received: ReceivedEnvelope[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const match = /^\/api\/(\d+)\/envelope\/?(?:\?.*)?$/.exec(url);
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"not an envelope endpoint"}');
      return;
    }
    const accept = (body: Buffer) => {
      let raw: Buffer;
      try {
        raw = decode(body, req.headers['content-encoding']);
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"detail":"bad encoding"}');
        return;
      }
      const envelope = parseEnvelope(raw);
      const entry: ReceivedEnvelope = { projectId: match[1] ?? '', url, headers: req.headers, raw, envelope };
      received.push(entry);
      options.onEnvelope?.(entry);
      const eventId = envelope && typeof envelope.header.event_id === 'string' ? envelope.header.event_id : null;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(eventId ? { id: eventId } : {}));
    };
    // Past the cap (or when the sender goes away) the connection is dropped without an answer.
    void readBody(req, MAX_BODY_BYTES).then(accept, () => req.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        dsn: `http://public@${host}:${port}/1`,
        received,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

function describeEvent(event: JsonObject): string[] {
  const lines: string[] = [];
  const exceptions = isJsonObject(event.exception) && Array.isArray(event.exception.values) ? event.exception.values.filter(isJsonObject) : [];
  const last = exceptions[exceptions.length - 1];
  const title = last ? `${text(last.type)}: ${text(last.value)}` : text(isJsonObject(event.logentry) ? event.logentry.message : event.message);
  lines.push(`error   ${text(event.level) || 'error'}  ${title}`);
  if (isJsonObject(event.tags)) lines.push(`        tags     ${Object.entries(event.tags).map(([key, value]) => `${key}=${text(value)}`).join(' ')}`);
  if (isJsonObject(event.extra)) lines.push(`        extra    ${JSON.stringify(event.extra).slice(0, 300)}`);
  if (isJsonObject(event.user)) lines.push(`        user     ${JSON.stringify(event.user)}`);
  if (isJsonObject(event.request)) lines.push(`        request  ${text(event.request.method)} ${text(event.request.url)}`);
  const frames = last && isJsonObject(last.stacktrace) && Array.isArray(last.stacktrace.frames) ? last.stacktrace.frames.filter(isJsonObject) : [];
  const top = [...frames].reverse().find((frame) => frame.in_app !== false) ?? frames[frames.length - 1];
  if (top) lines.push(`        at       ${text(top.function) || '?'} (${text(top.filename)}:${text(top.lineno)})`);
  lines.push(`        env      ${text(event.environment)}  event ${text(event.event_id)}`);
  return lines;
}

function describeTransaction(event: JsonObject): string[] {
  const trace = isJsonObject(event.contexts) && isJsonObject(event.contexts.trace) ? event.contexts.trace : {};
  const seconds = typeof event.timestamp === 'number' && typeof event.start_timestamp === 'number' ? event.timestamp - event.start_timestamp : null;
  const spans = Array.isArray(event.spans) ? event.spans.length : 0;
  return [`trace   ${text(event.transaction)} (${text(trace.op)})  ${seconds === null ? '?' : `${Math.round(seconds * 1000)} ms`}, ${spans} span(s)`];
}

/** The received envelope's items as readable lines (what the local receiver prints). */
export function describeEnvelope(received: ReceivedEnvelope): string[] {
  if (!received.envelope) return [`unreadable envelope (${received.raw.length} bytes) for project ${received.projectId}`];
  const lines: string[] = [];
  for (const item of received.envelope.items) {
    const type = text(item.header.type);
    const payload = itemJson(item);
    if (type === 'event' && isJsonObject(payload)) lines.push(...describeEvent(payload));
    else if (type === 'transaction' && isJsonObject(payload)) lines.push(...describeTransaction(payload));
    else if (type === 'session' && isJsonObject(payload)) lines.push(`session ${text(payload.status)}  errors ${text(payload.errors)}`);
    else lines.push(`${type.padEnd(7)} ${item.payload.length} bytes`);
  }
  return lines;
}
