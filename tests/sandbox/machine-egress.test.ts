import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { parseEgressAllowList, type EgressRule } from '@/domain/machines/egress-rules';
import { AGENT_KEY_HEADER, type AgentPtyServerMessage, type MachineSpec, type Provisioner } from '@/domain/machines/machine-contracts';
import { createLocalProvisioner } from '@/server/machines/local-driver';

/**
 * MACHINE_NETWORK=allow-list on the real local driver (bubblewrap, then the unshare fallback): a
 * machine with no network of its own reaches a stand-in package registry on the host's 127.0.0.1
 * (allowed by its explicit IP:port) through the egress proxy on its own 127.0.0.1:3128, with curl,
 * pip and npm as a learner would; a second stand-in (another port, not allowed), the app's port,
 * a private address, the metadata service and names resolving to loopback are refused, and nothing
 * goes around the proxy.
 */

jest.setTimeout(120_000);

interface StandIn {
  server: Server;
  port: number;
  hits: string[];
}

/** A tiny package index: a PEP 503 page for pip and a packument for npm. */
async function standInRegistry(name: string): Promise<StandIn> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/simple/codetrail-demo/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body><a href="/files/codetrail_demo-1.2.3-py3-none-any.whl#sha256=${'0'.repeat(64)}">codetrail_demo-1.2.3-py3-none-any.whl</a></body></html>`);
      return;
    }
    if (req.url === '/codetrail-demo') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'codetrail-demo', 'dist-tags': { latest: '4.5.6' }, versions: { '4.5.6': { name: 'codetrail-demo', version: '4.5.6', dist: { tarball: `http://127.0.0.1:${port}/codetrail-demo-4.5.6.tgz`, shasum: '0'.repeat(40) } } } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`${name} registry says hello`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { server, port, hits };
}

let base: string;
let registry: StandIn;
let other: StandIn;
let app: StandIn;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'codetrail-egress-machines-'));
  registry = await standInRegistry('allowed');
  other = await standInRegistry('other');
  app = await standInRegistry('the app');
});

afterAll(async () => {
  for (const stand of [registry, other, app]) {
    stand.server.closeAllConnections();
    await new Promise((resolve) => stand.server.close(resolve));
  }
  rmSync(base, { recursive: true, force: true });
});

interface Shell {
  run: (command: string, timeoutMs?: number) => Promise<{ output: string; code: number }>;
  greeting: () => string;
  close: () => void;
}

async function openShell(socketPath: string, key: string): Promise<Shell> {
  const ws = new WebSocket(`ws+unix://${socketPath}:/pty?cols=250&rows=50`, { headers: { [AGENT_KEY_HEADER]: key } });
  let output = '';
  let waiting: (() => void) | null = null;
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as AgentPtyServerMessage;
    if (message.type === 'output') output += message.data;
    waiting?.();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let counter = 0;
  return {
    greeting: () => output,
    run: (command, timeoutMs = 30_000) => {
      counter += 1;
      const marker = new RegExp(`@@${1000 + counter}:(\\d+)@@`);
      const from = output.length;
      ws.send(JSON.stringify({ type: 'input', data: `${command}\necho "@@$((1000+${counter})):$?@@"\n` }));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${command}; the terminal showed:\n${output.slice(from)}`)), timeoutMs);
        waiting = () => {
          const match = marker.exec(output.slice(from));
          if (!match) return;
          clearTimeout(timer);
          waiting = null;
          resolve({ output: output.slice(from, from + match.index), code: Number(match[1]) });
        };
        waiting();
      });
    },
    close: () => ws.close(),
  };
}

function rules(...entries: string[]): EgressRule[] {
  const parsed = parseEgressAllowList(entries);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

const LIMITS = { memoryMb: 512, cpus: 1, diskMb: 64, maxProcesses: 128, network: 'allow-list' as const };
/** Inside a machine NO_PROXY lists 127.0.0.1 (the learner's own servers); the stand-ins are the host's 127.0.0.1, so these commands go through the proxy. */
const VIA_PROXY = 'env NO_PROXY= no_proxy=';

const bwrapInstalled = spawnSync('bwrap', ['--version'], { stdio: 'ignore' }).status === 0;
type Mode = ['bubblewrap' | 'unshare fallback', 'auto' | 'unshare'];
const modes: Mode[] = [...(bwrapInstalled ? [['bubblewrap', 'auto'] satisfies Mode] : []), ['unshare fallback', 'unshare']];

describe.each(modes)('a machine with MACHINE_NETWORK=allow-list (%s)', (_label, sandbox) => {
  let provisioner: Provisioner;
  let shell: Shell;
  const machine: MachineSpec = { id: sandbox === 'auto' ? 'm_eeeeeeeeeee1' : 'm_eeeeeeeeeee2', userId: 'learner-1', template: 'python', limits: LIMITS, agentKey: randomBytes(24).toString('hex') };

  beforeAll(async () => {
    provisioner = createLocalProvisioner({
      dataDir: path.join(base, `data-${sandbox}`),
      sandbox,
      log: () => undefined,
      egress: { rules: rules('registry.npmjs.org', `127.0.0.1:${registry.port}`, `localhost:${other.port}`), upstreamProxy: null },
    });
    await provisioner.create(machine);
    const running = await provisioner.start(machine);
    if (running.agent.kind !== 'socket') throw new Error('the local driver answers unix sockets');
    shell = await openShell(running.agent.path, machine.agentKey);
  });

  afterAll(async () => {
    shell?.close();
    await provisioner.remove(machine.id);
  });

  it("greets the terminal with what the machine can reach, and points the shell's tools at the proxy", async () => {
    await shell.run('true');
    expect(shell.greeting()).toContain(`Network: package registries only (registry.npmjs.org, 127.0.0.1:${registry.port}, localhost:${other.port}); everything else is refused.`);
    const env = await shell.run('env | grep -i proxy | sort');
    for (const line of ['HTTP_PROXY=http://127.0.0.1:3128', 'HTTPS_PROXY=http://127.0.0.1:3128', 'PIP_PROXY=http://127.0.0.1:3128', 'npm_config_https_proxy=http://127.0.0.1:3128', 'NO_PROXY=localhost,127.0.0.1,::1']) expect(env.output).toContain(line);
  });

  it('reaches the allowed stand-in registry through the proxy: curl (plain and CONNECT), pip and npm', async () => {
    const before = registry.hits.length;
    const plain = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 http://127.0.0.1:${registry.port}/hello`);
    expect(plain).toMatchObject({ code: 0 });
    expect(plain.output).toContain('allowed registry says hello');
    const tunnel = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 --proxytunnel http://127.0.0.1:${registry.port}/tunnel`);
    expect(tunnel.output).toContain('allowed registry says hello');
    // pip finds the package on the stand-in's index (its download then fails: the wheel is fake).
    const pip = await shell.run(`${VIA_PROXY} python3 -m pip download --no-deps --no-cache-dir --disable-pip-version-check -d /tmp/pip --index-url http://127.0.0.1:${registry.port}/simple/ codetrail-demo 2>&1 | head -20`, 60_000);
    expect(pip.output).toContain('codetrail_demo-1.2.3');
    const npm = await shell.run(`${VIA_PROXY} npm_config_cache=/tmp/npm npm view codetrail-demo version --registry http://127.0.0.1:${registry.port}/ 2>&1 | tail -5`, 60_000);
    expect(npm.output).toContain('4.5.6');
    expect(registry.hits.slice(before)).toEqual(expect.arrayContaining(['GET /hello', 'GET /tunnel', 'GET /simple/codetrail-demo/', 'GET /codetrail-demo']));
  });

  it('is refused everything else, with a sentence the learner can read, and nothing reaches the refused services', async () => {
    const before = { other: other.hits.length, app: app.hits.length };
    const refusedPort = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 http://127.0.0.1:${other.port}/`);
    expect(refusedPort.output).toContain(`codetrail: 127.0.0.1:${other.port} is not on this machine's allow list`);
    const appPort = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 --proxytunnel http://127.0.0.1:${app.port}/ 2>&1; ${VIA_PROXY} curl -sS --max-time 10 http://127.0.0.1:${app.port}/`);
    expect(appPort.output).toMatch(/CONNECT tunnel failed, response 403/);
    expect(appPort.output).toContain(`codetrail: 127.0.0.1:${app.port} is not on this machine's allow list`);
    const privateAddress = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 http://10.0.0.1/; ${VIA_PROXY} curl -sS --max-time 10 http://169.254.169.254/latest/meta-data/`);
    expect(privateAddress.output).toContain("codetrail: 10.0.0.1:80 is not on this machine's allow list");
    expect(privateAddress.output).toContain("codetrail: 169.254.169.254:80 is not on this machine's allow list");
    // On the list by name, but `localhost` resolves (on the host) to loopback: refused.
    const loopbackName = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 http://localhost:${other.port}/`);
    expect(loopbackName.output).toContain('codetrail: localhost points at a private or local address, which machines may not reach');
    // pip shows the proxy's reason when its tunnel is refused.
    const pip = await shell.run(`python3 -m pip download --no-deps --no-cache-dir --disable-pip-version-check --retries 1 --timeout 5 -d /tmp/pip codetrail-demo 2>&1 | head -20`, 60_000);
    expect(pip.output).toContain("Tunnel connection failed: 403 codetrail: pypi.org is not on this machine's allow list");
    expect({ other: other.hits.length, app: app.hits.length }).toEqual(before);
  });

  it('gets its way out back when a restarted app adopts it', async () => {
    const socketPath = path.join(base, `data-${sandbox}`, 'machines', machine.id, 'egress', 'egress.sock');
    rmSync(socketPath); // what an app that died leaves: nothing listening there
    const gone = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 http://127.0.0.1:${registry.port}/again 2>&1`);
    expect(gone.output).not.toContain('allowed registry says hello');
    const restarted = createLocalProvisioner({ dataDir: path.join(base, `data-${sandbox}`), sandbox, log: () => undefined, egress: { rules: rules(`127.0.0.1:${registry.port}`), upstreamProxy: null } });
    expect(await restarted.isRunning(machine.id, null)).toBe(true);
    const back = await shell.run(`${VIA_PROXY} curl -sS --max-time 10 http://127.0.0.1:${registry.port}/again`);
    expect(back.output).toContain('allowed registry says hello');
    await restarted.stop(machine.id);
    const running = await provisioner.start(machine);
    if (running.agent.kind !== 'socket') throw new Error('the local driver answers unix sockets');
    shell.close();
    shell = await openShell(running.agent.path, machine.agentKey);
  });

  it('has no way around the proxy: no route, no DNS, and the host 127.0.0.1 is not its own', async () => {
    const before = registry.hits.length;
    const direct = await shell.run(`curl -sS --max-time 5 --noproxy '*' http://127.0.0.1:${registry.port}/ 2>&1; curl -sS --max-time 5 --noproxy '*' http://93.184.216.34/ 2>&1; getent hosts registry.npmjs.org || echo NO-DNS`);
    expect(direct.output).not.toContain('allowed registry says hello');
    expect(direct.output).toContain('NO-DNS');
    expect(registry.hits.length).toBe(before);
  });
});
