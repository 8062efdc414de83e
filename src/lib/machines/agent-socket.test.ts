import { chownSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAgentSocket } from './agent-socket';

/** What a learner may leave at the agent socket's path, and whether the instance app still connects. */

let dir: string;
let host: Server;
let agent: Server;
let hostConnections = 0;
const uid = process.getuid?.() ?? 0;

const listen = (server: Server, file: string) => new Promise<void>((resolve) => server.listen(file, resolve));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'codetrail-agent-socket-'));
  host = createServer((socket) => {
    hostConnections += 1;
    socket.end();
  });
  agent = createServer((socket) => socket.end('agent'));
  await listen(host, path.join(dir, 'host-service.sock'));
  await listen(agent, path.join(dir, 'agent.sock'));
});

afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
  await new Promise((resolve) => agent.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Connects and says what happened: the first bytes read, or the error. */
function attempt(file: string, owner: number | undefined): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectAgentSocket(file, owner);
    let read = '';
    socket.on('data', (chunk: Buffer) => void (read += chunk.toString()));
    socket.on('end', () => resolve(`read ${read}`));
    socket.on('error', (error) => resolve(`refused: ${error.message}`));
  });
}

it('connects to the agent’s own socket', async () => {
  expect(await attempt(path.join(dir, 'agent.sock'), uid)).toBe('read agent');
});

it('refuses a symbolic link to a socket of the host, which never hears of it', async () => {
  const link = path.join(dir, 'swapped.sock');
  symlinkSync(path.join(dir, 'host-service.sock'), link);
  expect(await attempt(link, uid)).toMatch(/refused: .*not a socket/);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(hostConnections).toBe(0);
});

it('refuses a file that is not a socket, and a path with nothing there', async () => {
  const file = path.join(dir, 'plain.sock');
  writeFileSync(file, 'x');
  expect(await attempt(file, uid)).toMatch(/refused: .*not a socket/);
  expect(await attempt(path.join(dir, 'missing.sock'), uid)).toMatch(/refused: .*not there/);
});

it('refuses a socket of another owner than the machine', async () => {
  expect(await attempt(path.join(dir, 'agent.sock'), uid + 1)).toMatch(/refused: .*belongs to uid/);
  if (uid !== 0) return;
  const foreign = createServer((socket) => socket.end('foreign'));
  const file = path.join(dir, 'foreign.sock');
  await listen(foreign, file);
  chownSync(file, 12_345, 12_345);
  expect(await attempt(file, uid)).toMatch(/refused: .*belongs to uid 12345/);
  await new Promise((resolve) => foreign.close(resolve));
});
