/**
 * @jest-environment jsdom
 */
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { SANDBOX_CONNECT, SANDBOX_HELLO, INPUT_LIMIT_CHARS } from './sandbox-messages';

/**
 * The Python sandbox frame between the page and the worker, for input(): it relays an
 * interactive run's one open question to the page and the page's answer to the worker, and
 * nothing else. The worker runs learner code, which can post messages of its own, so a question
 * that is malformed, for another run, for a run nobody watches, or asked twice is not relayed;
 * nor is an answer with no question open, for another run, or that is not text.
 */

/** The worker the frame starts, played by the test. */
class PlayedWorker {
  static last: PlayedWorker | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  received: unknown[] = [];
  constructor() {
    PlayedWorker.last = this;
  }
  postMessage(message: unknown) {
    this.received.push(message);
  }
  terminate() {}
  /** What the worker (learner code included) posts to the frame. */
  say(data: unknown) {
    this.onmessage?.({ data });
  }
}

const settle = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

async function openFrame() {
  Object.assign(globalThis, { Worker: PlayedWorker, MessageChannel: NodeMessageChannel });
  const script = document.createElement('script');
  script.dataset.runtime = 'python';
  script.dataset.worker = 'https://app.test/vendor/python.worker.js';
  script.dataset.assets = 'https://app.test/vendor/';
  Object.defineProperty(document, 'currentScript', { configurable: true, value: script });
  jest.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
  // A fresh copy of the frame's script for each test, as each frame document runs its own.
  await jest.isolateModulesAsync(async () => {
    await import('./runtime.frame');
  });
  expect(window.parent.postMessage).toHaveBeenCalledWith({ type: SANDBOX_HELLO }, '*');
  const channel = new NodeMessageChannel();
  window.dispatchEvent(new MessageEvent('message', { data: { type: SANDBOX_CONNECT }, source: window.parent, ports: [channel.port2 as unknown as MessagePort] }));
  const page = channel.port1;
  const toPage: { type: string; id?: number; prompt?: string; text?: string }[] = [];
  page.on('message', (data: (typeof toPage)[number]) => toPage.push(data));
  page.postMessage({ type: 'start', workerSource: 'self.onmessage = () => {}', files: [] });
  await settle();
  const worker = PlayedWorker.last!;
  worker.say({ type: 'ready' });
  await settle();
  opened = { close: () => page.close() };
  return { page, worker, toPage };
}

let opened: { close: () => void } | null = null;

describe('the runtime frame and input()', () => {
  afterEach(() => {
    opened?.close();
    opened = null;
    jest.restoreAllMocks();
    PlayedWorker.last = null;
  });

  it('relays an interactive run’s question after its output, and the answer back to the worker', async () => {
    const { page, worker, toPage } = await openFrame();
    page.postMessage({ type: 'run', id: 1, request: { lessonType: 'Python', files: [], checks: [] }, interactive: true });
    await settle();
    expect(worker.received.at(-1)).toMatchObject({ type: 'run', id: 1, interactive: true });
    worker.say({ type: 'output', id: 1, text: 'Welcome\n' });
    worker.say({ type: 'output', id: 1, text: 'batched\n' });
    worker.say({ type: 'input-request', id: 1, prompt: 'Your name? ' });
    await settle();
    expect(toPage.slice(1)).toEqual([
      { type: 'output', id: 1, text: 'Welcome\n' },
      { type: 'output', id: 1, text: 'batched\n' },
      { type: 'input-request', id: 1, prompt: 'Your name? ' },
    ]);
    page.postMessage({ type: 'input', id: 1, text: 'Ada' });
    await settle();
    expect(worker.received.at(-1)).toEqual({ type: 'input', id: 1, text: 'Ada' });
    // The next question of the same run is relayed too.
    worker.say({ type: 'input-request', id: 1, prompt: 'Age? ' });
    await settle();
    expect(toPage.at(-1)).toEqual({ type: 'input-request', id: 1, prompt: 'Age? ' });
    page.postMessage({ type: 'input', id: 1, text: 'x'.repeat(INPUT_LIMIT_CHARS + 50) });
    await settle();
    expect(worker.received.at(-1)).toEqual({ type: 'input', id: 1, text: 'x'.repeat(INPUT_LIMIT_CHARS) });
  });

  it('relays no forged question: malformed, for another run, for a run nobody watches, or a second one at once', async () => {
    const { page, worker, toPage } = await openFrame();
    page.postMessage({ type: 'run', id: 1, request: { lessonType: 'Python', files: [], checks: [] } });
    await settle();
    // A lesson's run is not interactive: its questions go nowhere.
    worker.say({ type: 'input-request', id: 1, prompt: 'Name? ' });
    worker.say({ type: 'result', id: 1, outcome: { status: 'ran', error: null, assertionFailures: [], queryResult: null, pageChecks: [] } });
    page.postMessage({ type: 'run', id: 2, request: { lessonType: 'Python', files: [], checks: [] }, interactive: true });
    await settle();
    for (const forged of [
      { type: 'input-request', id: 2 },
      { type: 'input-request', id: 2, prompt: { toString: 'x' } },
      { type: 'input-request', id: '2', prompt: 'Name? ' },
      { type: 'input-request', id: 1, prompt: 'an old run' },
      { type: 'input-request', id: 3, prompt: 'a run not started' },
    ])
      worker.say(forged);
    worker.say({ type: 'input-request', id: 2, prompt: 'x'.repeat(5_000) });
    worker.say({ type: 'input-request', id: 2, prompt: 'asked twice' });
    await settle();
    const questions = toPage.filter((message) => message.type === 'input-request');
    // Only the one well-formed question of the watched run, its prompt cut at the message limit.
    expect(questions).toEqual([{ type: 'input-request', id: 2, prompt: `${'x'.repeat(4_000)}…` }]);
  });

  it('relays no forged answer: with no question open, for another run, or not text', async () => {
    const { page, worker } = await openFrame();
    page.postMessage({ type: 'run', id: 1, request: { lessonType: 'Python', files: [], checks: [] }, interactive: true });
    await settle();
    const sentBefore = worker.received.length;
    page.postMessage({ type: 'input', id: 1, text: 'nobody asked' });
    await settle();
    worker.say({ type: 'input-request', id: 1, prompt: 'Name? ' });
    await settle();
    for (const forged of [{ type: 'input', id: 2, text: 'other run' }, { type: 'input', id: 1, text: 42 }, { type: 'input', id: 1 }, { type: 'input', text: 'no id' }]) page.postMessage(forged);
    await settle();
    expect(worker.received.slice(sentBefore)).toEqual([]);
    page.postMessage({ type: 'input', id: 1, text: 'Ada' });
    page.postMessage({ type: 'input', id: 1, text: 'a second answer' });
    await settle();
    expect(worker.received.slice(sentBefore)).toEqual([{ type: 'input', id: 1, text: 'Ada' }]);
  });
});
