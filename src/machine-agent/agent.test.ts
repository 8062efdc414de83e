import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { agentCall } from '@/instance-app';
import { AGENT_KEY_HEADER, type AgentPtyServerMessage } from '@/domain/machines/machine-contracts';
import { resolveInside, startAgent, type RunningAgent } from './agent';

/** The agent run in this process, unsandboxed (tests/sandbox runs it inside a real machine). */
const KEY = 'k'.repeat(32);
let dir: string;
let socketPath: string;
let workspace: string;
let agent: RunningAgent;

async function call(method: string, url: string, body?: string, key = KEY): Promise<{ status: number; text: string }> {
  const answer = await agentCall({ endpoint: { kind: 'socket', path: socketPath }, key }, method, url, body === undefined ? undefined : Buffer.from(body));
  return { status: answer.status, text: answer.body.toString('utf8') };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'agent-test-'));
  workspace = path.join(dir, 'workspace');
  socketPath = path.join(dir, 'agent.sock');
  agent = await startAgent({ listen: `unix:${socketPath}`, workspace, key: KEY, shell: '/bin/sh' });
  writeFileSync(path.join(dir, 'secret.txt'), 'outside');
});

afterAll(async () => {
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('resolveInside', () => {
  it.each([
    ['a.txt', true],
    ['src/app.js', true],
    ['../secret.txt', false],
    ['/etc/passwd', false],
    ['src/../../x', false],
    ['', false],
    ['a\0b', false],
  ])('%j inside: %s', (relative, inside) => {
    if (inside) expect(resolveInside('/w', relative).startsWith('/w/')).toBe(true);
    else expect(() => resolveInside('/w', relative)).toThrow();
  });
});

describe('the machine agent', () => {
  it('refuses every call without its key', async () => {
    expect((await call('GET', '/health', undefined, 'wrong')).status).toBe(401);
    expect((await call('GET', '/files', undefined, '')).status).toBe(401);
  });

  it('writes, lists, reads, renames and deletes files in the workspace only', async () => {
    expect((await call('PUT', '/file?path=src/hello.txt', 'hi there')).status).toBe(204);
    expect(JSON.parse((await call('GET', '/files')).text)).toEqual({ entries: [{ path: 'src', type: 'dir', size: 0 }, { path: 'src/hello.txt', type: 'file', size: 8 }], truncated: false });
    expect(await call('GET', '/file?path=src/hello.txt')).toEqual({ status: 200, text: 'hi there' });
    expect((await call('POST', '/rename', JSON.stringify({ from: 'src/hello.txt', to: 'hello.txt' }))).status).toBe(204);
    expect((await call('GET', '/file?path=hello.txt')).text).toBe('hi there');
    expect((await call('DELETE', '/file?path=hello.txt')).status).toBe(204);
    expect((await call('GET', '/file?path=hello.txt')).status).toBe(404);
  });

  it('refuses paths and symlinks that leave the workspace', async () => {
    expect((await call('GET', '/file?path=../secret.txt')).status).toBe(400);
    expect((await call('PUT', '/file?path=%2Fetc%2Fx', 'x')).status).toBe(400);
    symlinkSync(dir, path.join(workspace, 'escape'));
    expect((await call('GET', '/file?path=escape/secret.txt')).status).toBe(400);
    expect((await call('PUT', '/file?path=escape/new.txt', 'x')).status).toBe(400);
    expect((await call('POST', '/rename', JSON.stringify({ from: 'escape/secret.txt', to: 'stolen.txt' }))).status).toBe(400);
    expect((await call('POST', '/rename', 'not json')).status).toBe(400);
    rmSync(path.join(workspace, 'escape'));
  });

  /** Types `command` into a shell on the agent's pty and answers its output once it matches `until`. */
  async function inShell(command: string, until: RegExp): Promise<string> {
    const ws = new WebSocket('ws+unix://' + socketPath + ':/pty?cols=100&rows=30', { headers: { [AGENT_KEY_HEADER]: KEY } });
    let output = '';
    const done = new Promise<void>((resolve) => {
      ws.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as AgentPtyServerMessage;
        if (message.type === 'output') output += message.data;
        if (until.test(output)) resolve();
      });
    });
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(JSON.stringify({ type: 'input', data: `${command}\n` }));
    await done;
    ws.close();
    return output;
  }

  it('runs a shell on a pty over a WebSocket', async () => {
    expect(await inShell('echo MARK-$((40+2))', /MARK-42/)).toContain('MARK-42');
  });

  it("makes the terminal's processes the kernel's first choice over memory, not the agent", async () => {
    if (process.platform !== 'linux') return;
    // A child of the shell inherits it: what the learner starts is picked before the agent.
    expect(await inShell('sh -c "echo OOM-$(cat /proc/self/oom_score_adj)-END"', /OOM-\d+-END/)).toMatch(/OOM-500-END/);
    expect(readFileSync('/proc/self/oom_score_adj', 'utf8').trim()).not.toBe('500'); // the agent's own is untouched
  });

  it('proxies HTTP to a port inside the machine, and says so when nothing listens', async () => {
    const inner: Server = createServer((req, res) => res.end(`inner saw ${req.url} without key: ${req.headers[AGENT_KEY_HEADER] === undefined}`));
    await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
    const port = (inner.address() as AddressInfo).port;
    expect(await call('GET', `/ports/${port}/api/hello?x=1`)).toEqual({ status: 200, text: 'inner saw /api/hello?x=1 without key: true' });
    inner.close();
    const refused = await call('GET', `/ports/${port}/`);
    expect(refused.status).toBe(502);
    expect(JSON.parse(refused.text).message).toContain(`port ${port}`);
  });
});
