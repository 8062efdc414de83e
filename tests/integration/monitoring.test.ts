import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isJsonObject } from '@/domain/json/json-object';
import { itemJson } from '@/domain/monitoring/envelope';
import { startLocalReceiver, type LocalReceiver } from '@/server/monitoring/local-receiver';
import { MAX_ENVELOPE_BYTES, tunnelEnvelope } from '@/server/monitoring/tunnel';
import { monitoringTunnelRoute } from '@/server/monitoring/tunnel-route';

/**
 * Error monitoring against a real local receiver (a stand-in for Sentry's ingest): the tunnel
 * relays only envelopes for the configured project, byte for byte; the real server SDK, started as
 * instrumentation.ts starts it, sends a reported error with every secret scrubbed, and sends
 * nothing at all without a DSN.
 */

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** An envelope as the browser SDK writes it with a tunnel: the DSN in its header, any bytes in its items. */
function envelope(dsn: string, extraBytes = Buffer.alloc(0)): Uint8Array<ArrayBuffer> {
  const event = JSON.stringify({ event_id: 'a'.repeat(32), message: 'tunnel test ✓', level: 'error' });
  return new Uint8Array(Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: 'a'.repeat(32), sent_at: new Date(0).toISOString(), dsn, sdk: { name: 'sentry.javascript.nextjs', version: '11.0.0' } })}\n`),
    Buffer.from(`${JSON.stringify({ type: 'event', length: Buffer.byteLength(event) })}\n${event}\n`),
    Buffer.from(`${JSON.stringify({ type: 'attachment', length: extraBytes.length, filename: 'bytes.bin' })}\n`),
    extraBytes,
    Buffer.from('\n'),
  ]));
}

describe('the /api/monitoring tunnel, against a real receiver', () => {
  let receiver: LocalReceiver;
  let app: Server;
  let appUrl: string;

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    app = createServer(monitoringTunnelRoute({ publicDsn: receiver.dsn }));
    appUrl = `http://127.0.0.1:${await listen(app)}/api/monitoring`;
  });
  afterAll(async () => {
    await close(app);
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  it('forwards a valid envelope byte for byte to /api/1/envelope/ and answers with the receiver’s status and body', async () => {
    const binary = Buffer.from([0, 1, 2, 10, 13, 255, 254, 0xe2, 0x9c, 0x93]);
    const body = envelope(receiver.dsn, binary);
    const response = await fetch(appUrl, { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'a'.repeat(32) });
    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    expect(received?.url).toBe('/api/1/envelope/');
    expect(received?.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(Buffer.compare(received!.raw, Buffer.from(body))).toBe(0);
    // What the browser sent about itself stays in the browser: no cookie, no address is relayed.
    expect(received?.headers.cookie).toBeUndefined();
    expect(received?.headers['x-forwarded-for']).toBeUndefined();
  });

  it('forwards another key of the same project (keys rotate), always to the configured host', async () => {
    const response = await fetch(appUrl, { method: 'POST', body: envelope(receiver.dsn.replace('public@', 'rotated@')) });
    expect(response.status).toBe(200);
    expect(receiver.received).toHaveLength(1);
  });

  it.each([
    ['another project', (dsn: string) => dsn.replace(/\/1$/, '/2')],
    ['another host', () => 'https://public@o1.ingest.sentry.io/1'],
    ['another port', (dsn: string) => dsn.replace(/:(\d+)\//, (_match, port: string) => `:${Number(port) + 1}/`)],
    ['a DSN that is not one', () => 'not a dsn'],
  ])('refuses an envelope for %s with 400 and forwards nothing (no open proxy)', async (_why, dsnFor) => {
    const response = await fetch(appUrl, { method: 'POST', body: envelope(dsnFor(receiver.dsn)) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(receiver.received).toHaveLength(0);
  });

  it.each([
    ['an empty body', ''],
    ['text', 'hello'],
    ['a header without a DSN', '{"event_id":"x"}\n{"type":"event"}\n{}'],
    ['a JSON array', '["dsn"]\n'],
  ])('refuses %s with 400', async (_why, body) => {
    const response = await fetch(appUrl, { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(receiver.received).toHaveLength(0);
  });

  it('answers 405 to anything but POST', async () => {
    const response = await fetch(appUrl);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 413 past 1 MB, declared or streamed, and forwards nothing', async () => {
    const tooLarge = envelope(receiver.dsn, Buffer.alloc(MAX_ENVELOPE_BYTES));
    const declared = await fetch(appUrl, { method: 'POST', body: tooLarge });
    expect(declared.status).toBe(413);
    // Without a Content-Length: counted while it is read.
    const streamed = await fetch(appUrl, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(tooLarge);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // The framework-free function checks the size itself too.
    const direct = await tunnelEnvelope({ method: 'POST', readBody: async () => tooLarge }, { publicDsn: receiver.dsn });
    expect(direct.status).toBe(413);
    expect(receiver.received).toHaveLength(0);
  });

  it('answers 404 { message } when monitoring is not configured', async () => {
    const answer = await tunnelEnvelope({ method: 'POST', readBody: async () => envelope(receiver.dsn) }, { publicDsn: null });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Error monitoring is not configured.' });
    expect(receiver.received).toHaveLength(0);
  });

  it('answers 502 when the receiver is down', async () => {
    const gone = createServer();
    const port = await listen(gone);
    await close(gone);
    const failures: unknown[] = [];
    const dsn = `http://public@127.0.0.1:${port}/1`;
    const answer = await tunnelEnvelope({ method: 'POST', readBody: async () => envelope(dsn) }, { publicDsn: dsn, onUpstreamFailure: (error) => failures.push(error) });
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The error tracker could not be reached.' });
    expect(failures).toHaveLength(1);
  });

  it('answers 502 when the receiver does not answer in time', async () => {
    const silent = createServer(() => undefined);
    const dsn = `http://public@127.0.0.1:${await listen(silent)}/1`;
    try {
      const started = Date.now();
      const answer = await tunnelEnvelope({ method: 'POST', readBody: async () => envelope(dsn) }, { publicDsn: dsn, timeoutMs: 300 });
      expect(answer.status).toBe(502);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await close(silent);
    }
  });

  it('relays the receiver’s status and its rate-limit headers', async () => {
    const limited = createServer((_req, res) => res.writeHead(429, { 'Retry-After': '60', 'X-Sentry-Rate-Limits': '60:error:organization' }).end());
    const dsn = `http://public@127.0.0.1:${await listen(limited)}/1`;
    try {
      const answer = await tunnelEnvelope({ method: 'POST', readBody: async () => envelope(dsn) }, { publicDsn: dsn });
      expect(answer.status).toBe(429);
      expect(answer.headers).toEqual({ 'retry-after': '60', 'x-sentry-rate-limits': '60:error:organization' });
    } finally {
      await close(limited);
    }
  });
});

describe('the real server SDK (in a child process), against a real receiver', () => {
  const CHILD = path.resolve('tests/integration/support/monitoring-child.ts');
  const secrets = {
    SECRET_JWT: 'eyJhbGciOiJSUzI1NiIsImtpZCI6Im1vbml0b3JpbmcifQ.eyJzdWIiOiJsZWFybmVyLTEiLCJlbWFpbCI6ImxlYXJuZXJAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJlLW9mLXRoZS10ZXN0LXRva2Vu',
    SECRET_EMAIL: 'curious.learner@example.com',
    SECRET_CODE: 'print("my very own learner code 4711")',
    SECRET_STRIPE: 'sk_test_51MonitoringSecretKey',
    SECRET_COOKIE: 'session-cookie-value-8f3a9c',
  };

  let receiver: LocalReceiver;
  beforeEach(async () => {
    receiver = await startLocalReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });

  /** Runs the child; it reports one error and flushes before saying DONE. */
  function runChild(dsn: string | null): Promise<{ code: number | null; out: string; err: string }> {
    // Nothing of this process's own monitoring settings leaks into the child's.
    const env: NodeJS.ProcessEnv = { ...process.env, ...secrets, MONITORING_DSN: dsn ?? '' };
    for (const name of ['SENTRY_DSN', 'NEXT_PUBLIC_SENTRY_DSN']) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
  }

  it('sends the reported error, tagged, with no JWT, email, learner code, Stripe key or cookie in the envelope', async () => {
    const { code, out, err } = await runChild(receiver.dsn);
    expect({ code, done: out.match(/DONE .*/)?.[0] ?? err }).toEqual({ code: 0, done: 'DONE started=true sdk-loaded=true' });

    const events = receiver.received.flatMap((received) => (received.envelope?.items ?? []).filter((item) => item.header.type === 'event').map((item) => itemJson(item)));
    expect(events).toHaveLength(1);
    const [event] = events;
    if (!isJsonObject(event)) throw new Error('the event is not an object');
    expect(event.tags).toEqual({ area: 'auth' });
    expect(event.user).toEqual({ id: 'learner-1' });
    expect(event.environment).toBe('integration-test');
    expect(event.extra).toEqual({ log_message: 'auth: sign-in failed for [Filtered]', lessonId: 'py-hello', detail: 'token [Filtered]' });
    expect(event.request).toEqual({ method: 'POST', url: 'http://localhost:3000/api/v1/progress/sync?page=2', query_string: 'page=2', headers: { 'user-agent': 'integration-test' } });
    expect(JSON.stringify(event.exception)).toContain('Sign-in for [Filtered] failed with [Filtered] (key [Filtered])');

    const raw = Buffer.concat(receiver.received.map((received) => received.raw)).toString('utf8');
    for (const [name, value] of Object.entries(secrets)) expect({ name, leaked: raw.includes(value) }).toEqual({ name, leaked: false });
    // Pieces that would give the secrets away too.
    for (const fragment of ['learner code 4711', '@example.com', 'Bearer ey', 'sk_test_', '203.0.113.9', 'session=']) expect({ fragment, leaked: raw.includes(fragment) }).toEqual({ fragment, leaked: false });
  });

  it('sends nothing without a DSN, and does not even load the SDK', async () => {
    const { code, out, err } = await runChild(null);
    expect({ code, done: out.match(/DONE .*/)?.[0] ?? err }).toEqual({ code: 0, done: 'DONE started=false sdk-loaded=false' });
    // The error was still logged.
    expect(err).toContain('[codetrail] auth: sign-in failed for');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(0);
  });
});
