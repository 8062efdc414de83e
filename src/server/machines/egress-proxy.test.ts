import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEgressAllowList, type EgressRule } from '@/domain/machines/egress-rules';
import { createEgressProxy, type EgressProxyOptions } from './egress-proxy';

/**
 * The egress proxy against stand-in registries on 127.0.0.1: the allowed one is reached (plain HTTP
 * and CONNECT), everything else is refused before any connection is made to it.
 */

interface StandIn {
  server: HttpServer;
  port: number;
  hits: string[];
}

async function standIn(name: string): Promise<StandIn> {
  const hits: string[] = [];
  const server = createHttpServer((req, res) => {
    hits.push(`${req.method} ${req.url} host=${req.headers.host}`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`${name} index`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, hits };
}

let dir: string;
let allowed: StandIn;
let refused: StandIn;
const proxies: NetServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'codetrail-egress-'));
  allowed = await standIn('allowed');
  refused = await standIn('refused');
});

afterAll(async () => {
  for (const server of [...proxies, allowed.server, refused.server]) {
    (server as HttpServer).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

function rules(...entries: string[]): EgressRule[] {
  const parsed = parseEgressAllowList(entries);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

let count = 0;
/** A proxy on a unix socket, as the local driver runs one per machine. */
async function proxy(options: Partial<EgressProxyOptions> & { rules: EgressRule[] }): Promise<string> {
  const server = createEgressProxy(options);
  count += 1;
  const socketPath = path.join(dir, `egress-${count}.sock`);
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  proxies.push(server);
  return socketPath;
}

/** Sends raw bytes, returns what came back by the time the proxy closed or `until` matched. */
function exchange(socketPath: string, send: string, until?: RegExp, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    let text = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(text);
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (until?.test(text)) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(send);
  });
}

const get = (target: string, host: string, extra = '') => `GET ${target} HTTP/1.1\r\nhost: ${host}\r\n${extra}\r\n`;

describe('the egress proxy', () => {
  it('forwards an absolute-URI request to an allowed IP:port, with its Host header', async () => {
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`) });
    const answer = await exchange(socketPath, get(`http://127.0.0.1:${allowed.port}/simple/demo/`, `127.0.0.1:${allowed.port}`, 'connection: close\r\nproxy-authorization: Basic leak\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('allowed index');
    expect(allowed.hits.at(-1)).toBe(`GET /simple/demo/ host=127.0.0.1:${allowed.port}`);
  });

  it('opens a CONNECT tunnel to an allowed IP:port', async () => {
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`) });
    const answer = await exchange(socketPath, `CONNECT 127.0.0.1:${allowed.port} HTTP/1.1\r\nhost: 127.0.0.1:${allowed.port}\r\n\r\n${get('/tunnelled', 'x', 'connection: close\r\n')}`, /allowed index/);
    expect(answer).toMatch(/^HTTP\/1\.1 200 Connection established\r\n\r\nHTTP\/1\.1 200/);
    expect(allowed.hits.at(-1)).toBe('GET /tunnelled host=x');
  });

  it.each([
    ['another port on the same address (the app)', () => `127.0.0.1:${refused.port}`, () => `codetrail: 127.0.0.1:${refused.port} is not on this machine's allow list`],
    ['the metadata service', () => '169.254.169.254:80', () => "codetrail: 169.254.169.254:80 is not on this machine's allow list"],
    ['a private address', () => '10.0.0.1:443', () => "codetrail: 10.0.0.1:443 is not on this machine's allow list"],
    ['IPv6 loopback', () => `[::1]:${allowed.port}`, () => `codetrail: [::1]:${allowed.port} is not on this machine's allow list`],
    ['an IPv4-mapped loopback', () => `[::ffff:127.0.0.1]:${allowed.port}`, () => `codetrail: [::ffff:127.0.0.1]:${allowed.port} is not on this machine's allow list`],
    ['a name not on the list', () => 'evil.example:443', () => "codetrail: evil.example is not on this machine's allow list"],
  ])('refuses CONNECT to %s with a 403 the learner can read', async (_label, target, reason) => {
    const before = refused.hits.length;
    const resolve = jest.fn(async () => ['127.0.0.1']);
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`, 'pypi.org'), resolve });
    const answer = await exchange(socketPath, `CONNECT ${target()} HTTP/1.1\r\nhost: ${target()}\r\n\r\n`);
    expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 403 ${reason()}`);
    expect(answer).toContain(`\r\n\r\n${reason()}\n`);
    expect(resolve).not.toHaveBeenCalled();
    expect(refused.hits.length).toBe(before);
  });

  it('refuses an absolute-URI request to a host not on the list, without connecting to it', async () => {
    const before = refused.hits.length;
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`) });
    const answer = await exchange(socketPath, get(`http://127.0.0.1:${refused.port}/`, `127.0.0.1:${refused.port}`));
    expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 403 codetrail: 127.0.0.1:${refused.port} is not on this machine's allow list`);
    expect(refused.hits.length).toBe(before);
  });

  it('refuses a listed name that resolves to loopback (localhost, the system resolver) or to a private address', async () => {
    const socketPath = await proxy({ rules: rules(`localhost:${allowed.port}`) });
    const before = allowed.hits.length;
    const answer = await exchange(socketPath, `CONNECT localhost:${allowed.port} HTTP/1.1\r\n\r\n`);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 403 codetrail: localhost points at a private or local address, which machines may not reach');
    const plain = await exchange(socketPath, get(`http://localhost:${allowed.port}/`, `localhost:${allowed.port}`));
    expect(plain.split('\r\n')[0]).toBe('HTTP/1.1 403 codetrail: localhost points at a private or local address, which machines may not reach');
    // A name whose record an attacker controls, pointing at the metadata service.
    const rebinding = await proxy({ rules: rules('registry.example'), resolve: async () => ['169.254.169.254', 'fd00::1'] });
    const metadata = await exchange(rebinding, 'CONNECT registry.example:443 HTTP/1.1\r\n\r\n');
    expect(metadata.split('\r\n')[0]).toBe('HTTP/1.1 403 codetrail: registry.example points at a private or local address, which machines may not reach');
    expect(allowed.hits.length).toBe(before);
  });

  it('refuses a Host header that names another host than the URL', async () => {
    const before = refused.hits.length;
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`) });
    const answer = await exchange(socketPath, get(`http://127.0.0.1:${allowed.port}/`, `127.0.0.1:${refused.port}`));
    expect(answer).toMatch(/^HTTP\/1\.1 400 codetrail: the Host header/);
    expect(refused.hits.length).toBe(before);
  });

  it('checks every request on a kept-alive connection: the second, to a refused host, is refused', async () => {
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`) });
    const beforeRefused = refused.hits.length;
    const beforeAllowed = allowed.hits.length;
    const answer = await exchange(
      socketPath,
      get(`http://127.0.0.1:${allowed.port}/first`, `127.0.0.1:${allowed.port}`) + get(`http://127.0.0.1:${refused.port}/second`, `127.0.0.1:${refused.port}`),
      /403 codetrail/,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('allowed index');
    expect(answer).toContain(`HTTP/1.1 403 codetrail: 127.0.0.1:${refused.port} is not on this machine's allow list`);
    expect(allowed.hits.length).toBe(beforeAllowed + 1);
    expect(refused.hits.length).toBe(beforeRefused);
  });

  it('answers 400 to a request that is not for a proxy, and to smuggling attempts', async () => {
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`) });
    expect(await exchange(socketPath, get('/', `127.0.0.1:${allowed.port}`))).toMatch(/^HTTP\/1\.1 400 codetrail: this is a proxy/);
    expect(await exchange(socketPath, get(`https://127.0.0.1:${allowed.port}/`, `127.0.0.1:${allowed.port}`))).toMatch(/^HTTP\/1\.1 400/);
    expect(await exchange(socketPath, `CONNECT 127.0.0.1 HTTP/1.1\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 codetrail: CONNECT needs host:port/);
    // Both a length and chunked: node's parser refuses it before the proxy sees it.
    const before = allowed.hits.length;
    const smuggled = await exchange(socketPath, `POST http://127.0.0.1:${allowed.port}/ HTTP/1.1\r\nhost: 127.0.0.1:${allowed.port}\r\ncontent-length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\nGET http://127.0.0.1:${refused.port}/ HTTP/1.1\r\nhost: 127.0.0.1:${refused.port}\r\n\r\n`);
    expect(smuggled).toMatch(/^HTTP\/1\.1 400/);
    expect(allowed.hits.length).toBe(before);
  });

  it('limits connections at once per machine and closes idle tunnels', async () => {
    const socketPath = await proxy({ rules: rules(`127.0.0.1:${allowed.port}`), maxConnectionsPerClient: 2, idleTimeoutMs: 400 });
    const open: Socket[] = [];
    for (let index = 0; index < 2; index += 1) {
      const socket = connect(socketPath);
      await new Promise((resolve) => socket.once('connect', resolve));
      open.push(socket);
    }
    expect(await exchange(socketPath, `CONNECT 127.0.0.1:${allowed.port} HTTP/1.1\r\n\r\n`)).toMatch(/^HTTP\/1\.1 429 codetrail: too many connections/);
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const idle = await exchange(socketPath, `CONNECT 127.0.0.1:${allowed.port} HTTP/1.1\r\n\r\n`, undefined, 5000);
    expect(idle).toBe('HTTP/1.1 200 Connection established\r\n\r\n');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("goes through the operator's proxy for allowed hosts only, leaving it to resolve names", async () => {
    const seen: string[] = [];
    const upstream = createNetServer((socket) => {
      socket.once('data', (chunk) => {
        const head = chunk.toString('latin1');
        seen.push(head.split('\r\n')[0] ?? '');
        if (head.startsWith('CONNECT ')) {
          socket.write('HTTP/1.1 200 OK\r\n\r\n');
          const target = connect(allowed.port, '127.0.0.1');
          socket.pipe(target).pipe(socket);
        } else {
          socket.end('HTTP/1.1 200 OK\r\ncontent-length: 8\r\nconnection: close\r\n\r\nupstream');
        }
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxies.push(upstream);
    const resolve = jest.fn(async () => ['93.184.216.34']);
    const socketPath = await proxy({ rules: rules('pypi.org'), upstreamProxy: `http://127.0.0.1:${(upstream.address() as { port: number }).port}`, resolve });
    const tunnelled = await exchange(socketPath, `CONNECT pypi.org:443 HTTP/1.1\r\n\r\n${get('/simple/', 'pypi.org', 'connection: close\r\n')}`, /allowed index/);
    expect(tunnelled).toContain('allowed index');
    const plain = await exchange(socketPath, get('http://pypi.org/simple/', 'pypi.org'), /upstream/);
    expect(plain).toContain('upstream');
    const refusal = await exchange(socketPath, 'CONNECT evil.example:443 HTTP/1.1\r\n\r\n');
    expect(refusal).toMatch(/^HTTP\/1\.1 403 codetrail: evil.example is not on/);
    expect(seen).toEqual(['CONNECT pypi.org:443 HTTP/1.1', 'GET http://pypi.org:80/simple/ HTTP/1.1']);
    expect(resolve).not.toHaveBeenCalled();
  });
});
