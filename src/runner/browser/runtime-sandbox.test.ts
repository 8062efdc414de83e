/**
 * @jest-environment jsdom
 */
import { SANDBOX_HELLO } from './sandbox-messages';
import { FRAME_START_LIMIT_MS } from './sandbox-connection';
import { onRuntimeCrash, openRuntimeSandbox, type RuntimeCrash } from './runtime-sandbox';

/** What the page reports of a runtime's failures (the app installs its error reporter with onRuntimeCrash). */
describe('runtime crashes', () => {
  let crashes: RuntimeCrash[];
  beforeEach(() => {
    jest.useFakeTimers();
    crashes = [];
    onRuntimeCrash((crash) => crashes.push(crash));
  });
  afterEach(() => {
    onRuntimeCrash(null);
    jest.useRealTimers();
    jest.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('a frame that never starts is a crash', async () => {
    const sandbox = openRuntimeSandbox('javascript');
    await jest.advanceTimersByTimeAsync(FRAME_START_LIMIT_MS + 1);
    expect(sandbox.alive).toBe(false);
    expect(crashes).toEqual([{ kind: 'javascript', reason: 'The code runner did not start. Reload the page to try again.' }]);
  });

  /** Opens a sandbox and plays its frame: says hello and keeps the port the page hands over. */
  async function connected(kind: 'python' | 'sql') {
    jest.useRealTimers();
    // jsdom has no MessageChannel; Node's behaves as the browser's for this.
    Object.assign(globalThis, { MessageChannel: (await import('node:worker_threads')).MessageChannel });
    const sandbox = openRuntimeSandbox(kind);
    const frameWindow = document.querySelector('iframe')!.contentWindow!;
    let framePort: MessagePort | undefined;
    jest.spyOn(frameWindow, 'postMessage').mockImplementation(((_message: unknown, _origin: string, transfer?: Transferable[]) => {
      framePort = transfer?.[0] as MessagePort;
    }) as typeof frameWindow.postMessage);
    window.dispatchEvent(new MessageEvent('message', { data: { type: SANDBOX_HELLO }, source: frameWindow }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (!framePort) throw new Error('the page handed over no port');
    return { sandbox, framePort };
  }

  it.each([
    ['says something the page cannot read', { type: 'nonsense' }, 'The code runner sent an answer the page could not read, so it was restarted.'],
    ['reports that its runtime failed', { type: 'failed', message: 'Pyodide could not load' }, 'Pyodide could not load'],
  ])('a frame that %s is a crash', async (_why, message, reason) => {
    const { sandbox, framePort } = await connected('python');
    framePort.postMessage(message);
    await new Promise((resolve) => setTimeout(resolve, 20));
    framePort.close();
    expect(sandbox.alive).toBe(false);
    expect(crashes).toEqual([{ kind: 'python', reason }]);
  });

  it('a frame that works and is then stopped by the page reports nothing', async () => {
    const { sandbox, framePort } = await connected('sql');
    framePort.postMessage({ type: 'ready' });
    await sandbox.ready;
    sandbox.destroy();
    framePort.close();
    expect(crashes).toEqual([]);
  });

  it('a stop by the page (a time limit, leaving the lesson) is not a crash', async () => {
    const sandbox = openRuntimeSandbox('python');
    sandbox.destroy();
    await jest.advanceTimersByTimeAsync(FRAME_START_LIMIT_MS + 1);
    expect(sandbox.alive).toBe(false);
    expect(crashes).toEqual([]);
  });

  it('a listener that throws never breaks the runner', async () => {
    onRuntimeCrash(() => {
      throw new Error('reporter broken');
    });
    const sandbox = openRuntimeSandbox('javascript');
    await jest.advanceTimersByTimeAsync(FRAME_START_LIMIT_MS + 1);
    expect(sandbox.alive).toBe(false);
  });
});
