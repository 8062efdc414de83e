/**
 * @jest-environment jsdom
 */
import { MessageChannel as NodeMessageChannel, type MessagePort as NodeMessagePort } from 'node:worker_threads';
import { INPUT_LIMIT_CHARS, SANDBOX_HELLO } from './sandbox-messages';
import { onRuntimeCrash, openRuntimeSandbox, type RunControls, type RuntimeCrash } from './runtime-sandbox';

/**
 * The page's side of input() (the build area): an interactive run's question reaches the
 * learner, the typed line goes back for that run only, the time limit waits meanwhile, and Stop
 * ends a run that waits. What the frame says is untrusted: a question nobody asked for is ignored.
 */

const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));
const request = { lessonType: 'Python' as const, files: [{ name: 'main.py', content: 'input()' }], checks: [] };
const ran = { status: 'ran', error: null, assertionFailures: [], queryResult: null, pageChecks: [] };

let framePort: NodeMessagePort | null = null;
let crashes: RuntimeCrash[] = [];

/** A Python sandbox whose frame the test plays: ready, and keeping what the page sends it. */
async function readyPython() {
  Object.assign(globalThis, { MessageChannel: NodeMessageChannel });
  const sandbox = openRuntimeSandbox('python');
  await settle(0);
  const frameWindow = document.querySelector('iframe')!.contentWindow!;
  let handed: NodeMessagePort | undefined;
  jest.spyOn(frameWindow, 'postMessage').mockImplementation(((_message: unknown, _origin: string, transfer?: Transferable[]) => {
    handed = transfer?.[0] as unknown as NodeMessagePort;
  }) as typeof frameWindow.postMessage);
  window.dispatchEvent(new MessageEvent('message', { data: { type: SANDBOX_HELLO }, source: frameWindow }));
  await settle();
  if (!handed) throw new Error('the page handed over no port');
  const port = handed;
  framePort = port;
  const received: { type: string; id?: number; text?: string; interactive?: boolean }[] = [];
  port.on('message', (data: (typeof received)[number]) => received.push(data));
  port.postMessage({ type: 'ready' });
  await sandbox.ready;
  const runs = () => received.filter((message) => message.type === 'run');
  const answers = () => received.filter((message) => message.type === 'input');
  return { sandbox, port, runs, answers };
}

/** An asker the test answers by hand. */
function asker() {
  const prompts: string[] = [];
  let answer: (text: string) => void = () => undefined;
  const onInput = (prompt: string) =>
    new Promise<string>((resolve) => {
      prompts.push(prompt);
      answer = resolve;
    });
  return { prompts, onInput, answer: (text: string) => answer(text) };
}

beforeEach(() => {
  crashes = [];
  onRuntimeCrash((crash) => crashes.push(crash));
});
afterEach(() => {
  framePort?.close();
  framePort = null;
  onRuntimeCrash(null);
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('input() on the page', () => {
  it('asks the learner for each question of the run and sends each line back for that run', async () => {
    const { sandbox, port, runs, answers } = await readyPython();
    const learner = asker();
    const output: string[] = [];
    const running = sandbox.run(request, (text) => output.push(text), 5_000, { onInput: learner.onInput });
    await settle();
    const [command] = runs();
    expect(command).toMatchObject({ type: 'run', interactive: true });
    const id = command!.id!;
    port.postMessage({ type: 'input-request', id, prompt: 'Your name? ' });
    await settle();
    expect(learner.prompts).toEqual(['Your name? ']);
    learner.answer('Ada');
    await settle();
    expect(answers()).toEqual([{ type: 'input', id, text: 'Ada' }]);
    port.postMessage({ type: 'output', id, text: 'Your name? Ada\n' });
    port.postMessage({ type: 'input-request', id, prompt: 'Age? ' });
    await settle();
    // One line only: what comes after a line break is not sent.
    learner.answer('36\nprint("sneaky")');
    await settle();
    expect(answers()).toEqual([
      { type: 'input', id, text: 'Ada' },
      { type: 'input', id, text: '36' },
    ]);
    port.postMessage({ type: 'result', id, outcome: ran });
    const result = await running;
    expect(result).toMatchObject({ kind: 'finished', output: 'Your name? Ada\n' });
    expect(learner.prompts).toEqual(['Your name? ', 'Age? ']);
  });

  it('cuts an answer at the limit', async () => {
    const { sandbox, port, runs, answers } = await readyPython();
    const learner = asker();
    void sandbox.run(request, () => undefined, 5_000, { onInput: learner.onInput });
    await settle();
    port.postMessage({ type: 'input-request', id: runs()[0]!.id, prompt: '' });
    await settle();
    learner.answer('y'.repeat(INPUT_LIMIT_CHARS + 10));
    await settle();
    expect(answers()[0]?.text).toHaveLength(INPUT_LIMIT_CHARS);
    sandbox.destroy();
  });

  it('pauses the time limit while the learner types, and counts it again after', async () => {
    const { sandbox, port, runs } = await readyPython();
    const learner = asker();
    const running = sandbox.run(request, () => undefined, 200, { onInput: learner.onInput });
    await settle();
    const id = runs()[0]!.id!;
    port.postMessage({ type: 'input-request', id, prompt: 'Name? ' });
    await settle(500);
    expect(sandbox.alive).toBe(true);
    learner.answer('Ada');
    // Once answered, the rest of the 200 ms runs out as before.
    const result = await running;
    expect(result.kind).toBe('timed-out');
    expect(sandbox.alive).toBe(false);
    expect(crashes).toEqual([]);
  });

  it('Stop ends a run that waits for input, and is not a crash', async () => {
    const { sandbox, port, runs } = await readyPython();
    const learner = asker();
    const stop = new AbortController();
    const running = sandbox.run(request, () => undefined, 5_000, { onInput: learner.onInput, signal: stop.signal });
    await settle();
    port.postMessage({ type: 'output', id: runs()[0]!.id, text: 'Hello\n' });
    port.postMessage({ type: 'input-request', id: runs()[0]!.id, prompt: 'Name? ' });
    await settle();
    stop.abort();
    await expect(running).resolves.toEqual({ kind: 'stopped', output: 'Hello\n' });
    expect(sandbox.alive).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();
    expect(crashes).toEqual([]);
  });

  it('Stop before the runtime is ready ends that run only', async () => {
    Object.assign(globalThis, { MessageChannel: NodeMessageChannel });
    const sandbox = openRuntimeSandbox('python');
    const stop = new AbortController();
    const running = sandbox.run(request, () => undefined, 5_000, { signal: stop.signal });
    stop.abort();
    await expect(running).resolves.toEqual({ kind: 'stopped', output: '' });
    expect(sandbox.alive).toBe(true);
    sandbox.destroy();
  });
});

/** A frame that forges questions: each is ignored, and the run goes on as if nothing was said. */
describe('forged questions from the frame', () => {
  it.each<[string, (id: number) => unknown, RunControls | undefined]>([
    ['for a run nobody watches (a lesson’s run)', (id) => ({ type: 'input-request', id, prompt: 'Password? ' }), undefined],
    ['for another run', (id) => ({ type: 'input-request', id: id + 1, prompt: 'Name? ' }), {}],
  ])('a well-formed question %s is ignored', async (_why, forge, controls) => {
    const { sandbox, port, runs, answers } = await readyPython();
    const learner = asker();
    const running = sandbox.run(request, () => undefined, 5_000, controls && { ...controls, onInput: learner.onInput });
    await settle();
    const id = runs()[0]!.id!;
    if (!controls) expect(runs()[0]?.interactive).toBe(false);
    port.postMessage(forge(id));
    await settle();
    expect(learner.prompts).toEqual([]);
    port.postMessage({ type: 'result', id, outcome: ran });
    await expect(running).resolves.toMatchObject({ kind: 'finished' });
    expect(answers()).toEqual([]);
    expect(crashes).toEqual([]);
  });

  it('a second question while one is open is not asked', async () => {
    const { sandbox, port, runs, answers } = await readyPython();
    const learner = asker();
    void sandbox.run(request, () => undefined, 5_000, { onInput: learner.onInput });
    await settle();
    const id = runs()[0]!.id!;
    port.postMessage({ type: 'input-request', id, prompt: 'Name? ' });
    port.postMessage({ type: 'input-request', id, prompt: 'Card number? ' });
    await settle();
    expect(learner.prompts).toEqual(['Name? ']);
    learner.answer('Ada');
    await settle();
    expect(answers()).toHaveLength(1);
    sandbox.destroy();
  });

  it.each([
    ['whose prompt is not text', (id: number) => ({ type: 'input-request', id, prompt: { toString: 'Name?' } })],
    ['with no prompt', (id: number) => ({ type: 'input-request', id })],
    ['with a run id that is not a number', (id: number) => ({ type: 'input-request', id: String(id), prompt: 'Name? ' })],
    ['whose prompt is over the limit', (id: number) => ({ type: 'input-request', id, prompt: 'x'.repeat(10_000) })],
  ])('a malformed question (%s) is never asked: the page restarts the runner it cannot read', async (_why, forge) => {
    const { sandbox, port, runs, answers } = await readyPython();
    const learner = asker();
    const running = sandbox.run(request, () => undefined, 5_000, { onInput: learner.onInput });
    await settle();
    port.postMessage(forge(runs()[0]!.id!));
    await expect(running).resolves.toMatchObject({ kind: 'broken', reason: 'The code runner sent an answer the page could not read, so it was restarted.' });
    expect(learner.prompts).toEqual([]);
    expect(answers()).toEqual([]);
    expect(sandbox.alive).toBe(false);
  });
});
