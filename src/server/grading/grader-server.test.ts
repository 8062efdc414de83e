/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { SandboxBusyError } from '@/runner/sandbox/sandbox-pool';
import type { RunRequest, RunResult } from '@/runner/run-types';
import type { Grader } from './grader';
import { createGraderServer } from './grader-server';
import { createRemoteGrader } from './remote-grader';

const TOKEN = 'a'.repeat(40);
const passed: RunResult = { status: 'ran', passed: true, output: 'hi\n', error: null, timedOut: false, checks: [{ index: 0, type: 'output-equals', passed: true, message: null }] };
const request: RunRequest = { lessonType: 'Python', files: [{ name: 'main.py', content: 'print("hi")' }], checks: [{ type: 'output-equals', text: 'hi\n', message: 'Print hi.' }] };

let server: Server;
let base = '';
let next: () => Promise<RunResult>;
const graded: RunRequest[] = [];
const grader: Grader = {
  grade: async (received) => {
    graded.push(received);
    return next();
  },
  close: async () => undefined,
};

beforeAll(async () => {
  server = createGraderServer({ token: TOKEN, grader });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  graded.length = 0;
  next = async () => passed;
});

const post = (body: unknown, token = TOKEN) =>
  fetch(`${base}/grade`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the grading worker', () => {
  it('grades a run request for the holder of the token, through the app’s client', async () => {
    const remote = createRemoteGrader({ url: base, token: TOKEN });
    expect(await remote.grade(request)).toEqual(passed);
    expect(graded).toEqual([request]);
  });

  it.each([
    ['no token', ''],
    ['a wrong token', 'b'.repeat(40)],
    ['a token one character short', TOKEN.slice(1)],
  ])('refuses %s (401) and grades nothing', async (_label, token) => {
    const response = await post(request, token);
    expect(response.status).toBe(401);
    expect(graded).toEqual([]);
  });

  it.each<[string, unknown, number]>([
    ['not JSON', '{', 400],
    ['not a run request', { lessonType: 'Ruby', files: [], checks: [] }, 400],
    ['an unknown field', { ...request, passed: true }, 400],
    ['a body over 2 MB', { ...request, files: [{ name: 'main.py', content: 'x'.repeat(3 * 1024 * 1024) }] }, 413],
  ])('answers %s with %s and a message', async (_label, body, status) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ message: expect.any(String) });
    expect(graded).toEqual([]);
  });

  it('a full queue is a 503 with Retry-After, which the app’s client turns into busy (never a pass)', async () => {
    next = async () => {
      throw new SandboxBusyError();
    };
    const response = await post(request);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    await expect(createRemoteGrader({ url: base, token: TOKEN }).grade(request)).rejects.toMatchObject({ name: 'SandboxBusyError' });
  });

  it('an answer that is not a run result is refused by the app’s client', async () => {
    const remote = createRemoteGrader({ url: base, token: TOKEN, fetch: async () => new Response(JSON.stringify({ status: 'ran', passed: true }), { status: 200 }) });
    await expect(remote.grade(request)).rejects.toMatchObject({ name: 'SandboxUnavailableError' });
  });

  it('a grader that cannot be reached is unavailable, not a pass', async () => {
    await expect(createRemoteGrader({ url: 'http://127.0.0.1:1', token: TOKEN }).grade(request)).rejects.toMatchObject({ name: 'SandboxUnavailableError' });
  });

  it('answers health without a token', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
