/**
 * @jest-environment jsdom
 */
import { SANDBOX_HELLO } from './sandbox-messages';
import { FRAME_START_LIMIT_MS } from './sandbox-connection';
import { onRuntimeCrash, openRuntimeSandbox, type RuntimeCrash } from './runtime-sandbox';

/** Plays the sandbox frame of the page's newest iframe: says hello and keeps the port the page hands over. */
async function helloFromFrame(): Promise<MessagePort> {
  // The page inserts its frame in a task of its own after opening the sandbox.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const frameWindow = document.querySelector('iframe')!.contentWindow!;
  let framePort: MessagePort | undefined;
  jest.spyOn(frameWindow, 'postMessage').mockImplementation(((_message: unknown, _origin: string, transfer?: Transferable[]) => {
    framePort = transfer?.[0] as MessagePort;
  }) as typeof frameWindow.postMessage);
  window.dispatchEvent(new MessageEvent('message', { data: { type: SANDBOX_HELLO }, source: frameWindow }));
  await new Promise((resolve) => setTimeout(resolve, 10));
  if (!framePort) throw new Error('the page handed over no port');
  return framePort;
}

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
    return { sandbox, framePort: await helloFromFrame() };
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

/**
 * The runtime's twelve megabytes go from the download worker to the frame on a port of their own,
 * never through the page's main thread (a copy across processes there held the page for a long task).
 */
describe('handing the runtime to its frame', () => {
  const saved = { files: process.env.CODETRAIL_RUNTIME_FILES, Worker: (globalThis as { Worker?: unknown }).Worker };
  let marks: unknown[];
  beforeEach(async () => {
    Object.assign(globalThis, { MessageChannel: (await import('node:worker_threads')).MessageChannel, Worker: PlayedWorker });
    process.env.CODETRAIL_RUNTIME_FILES = JSON.stringify({
      downloader: '/vendor/runtime-download.abc.js',
      files: { python: [{ path: 'python-worker.abc.mjs', bytes: 10 }, { path: 'pyodide-1/pyodide.asm.wasm', bytes: 8 }], sql: [{ path: 'sql.js', bytes: 1 }], javascript: [{ path: 'js.js', bytes: 1 }] },
    });
    marks = [];
    // jsdom's performance has no mark(): record what the page would mark.
    Object.defineProperty(performance, 'mark', { configurable: true, value: (_name: string, options: { detail: unknown }) => marks.push(options.detail) });
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => [] });
  });
  afterEach(() => {
    process.env.CODETRAIL_RUNTIME_FILES = saved.files;
    Object.assign(globalThis, { Worker: saved.Worker });
    delete (performance as { mark?: unknown }).mark;
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
    jest.restoreAllMocks();
    onRuntimeCrash(null);
    document.body.innerHTML = '';
  });

  /** A download worker played by the test: it keeps the command and the delivery port it is given. */
  class PlayedWorker {
    static last: PlayedWorker | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    onmessageerror: ((event: Event) => void) | null = null;
    received: { command: unknown; delivery: MessagePort | undefined } | null = null;
    terminated = false;
    constructor() {
      PlayedWorker.last = this;
    }
    postMessage(command: unknown, transfer: Transferable[] = []) {
      this.received = { command, delivery: transfer[0] as MessagePort | undefined };
    }
    terminate() {
      this.terminated = true;
    }
    report(data: unknown) {
      this.onmessage?.(new MessageEvent('message', { data }));
    }
  }

  const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));
  const message = (port: MessagePort) => new Promise<MessageEvent>((resolve) => (port.onmessage = resolve));

  it('the worker delivers the start command to the frame; the page posts none of it itself', async () => {
    const progress: number[] = [];
    const sandbox = openRuntimeSandbox('python', (loaded) => progress.push(loaded));
    const framePort = await helloFromFrame();

    // The page handed the frame the delivery port's other end, and the worker its own.
    const worker = PlayedWorker.last!;
    expect(worker.received?.command).toEqual({ type: 'download', files: [{ path: 'python-worker.abc.mjs', bytes: 10 }, { path: 'pyodide-1/pyodide.asm.wasm', bytes: 8 }] });
    const toFrame: { type: string }[] = [];
    const fromPage = message(framePort);
    const delivered = await fromPage;
    toFrame.push(delivered.data as { type: string });
    framePort.onmessage = (event) => toFrame.push(event.data as { type: string });
    expect(delivered.data).toEqual({ type: 'delivery' });
    const [frameDelivery] = delivered.ports;
    expect(frameDelivery).toBeDefined();

    // The worker posts the start command, bytes transferred, on its port; the frame reads it there.
    const wasm = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]).buffer;
    const start = message(frameDelivery as unknown as MessagePort);
    worker.received!.delivery!.postMessage({ type: 'start', workerSource: 'worker code', files: [{ path: 'pyodide-1/pyodide.asm.wasm', type: 'application/wasm', bytes: wasm }] }, [wasm]);
    expect(wasm.byteLength).toBe(0);
    const started = (await start).data as { type: string; workerSource: string; files: { bytes: ArrayBuffer }[] };
    expect(started.type).toBe('start');
    expect(started.workerSource).toBe('worker code');
    expect(new Uint8Array(started.files[0]!.bytes)).toEqual(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));

    worker.report({ type: 'progress', loadedBytes: 18, totalBytes: 18 });
    worker.report({ type: 'done', transfers: [{ path: 'pyodide-1/pyodide.asm.wasm', transferSize: 0 }] });
    await settle();
    // Nothing more from the page: no start command of its own, no copy of the bytes.
    expect(toFrame.map((sent) => sent.type)).toEqual(['delivery']);
    expect(progress).toEqual([18]);
    expect(marks).toEqual([{ kind: 'python', transfers: [{ path: 'pyodide-1/pyodide.asm.wasm', transferSize: 0 }] }]);
    framePort.postMessage({ type: 'ready' });
    await sandbox.ready;
    sandbox.destroy();
    framePort.close();
    (frameDelivery as unknown as MessagePort).close();
    worker.received!.delivery!.close();
  });

  it('opening a runtime spreads its start over tasks: the frame goes in, then the download starts', async () => {
    PlayedWorker.last = null;
    const sandbox = openRuntimeSandbox('python');
    const oneTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    // The task that opened it (evaluating the runner's chunk, rendering Python's status) ends here.
    expect(document.querySelector('iframe')).toBeNull();
    expect(PlayedWorker.last).toBeNull();
    await oneTask();
    expect(document.querySelector('iframe')).not.toBeNull();
    expect(PlayedWorker.last).toBeNull();
    await oneTask();
    expect(PlayedWorker.last).not.toBeNull();
    sandbox.destroy();
    PlayedWorker.last!.received!.delivery!.close();
  });

  it('a runtime stopped before its frame went in never inserts it nor starts its download', async () => {
    PlayedWorker.last = null;
    const sandbox = openRuntimeSandbox('python');
    sandbox.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('iframe')).toBeNull();
    expect(PlayedWorker.last).toBeNull();
    await expect(sandbox.ready).rejects.toThrow('The code runner was stopped.');
  });

  it('a download that cannot even begin is a crash, not a runtime that never answers', async () => {
    const crashes: RuntimeCrash[] = [];
    onRuntimeCrash((crash) => crashes.push(crash));
    Object.assign(globalThis, {
      MessageChannel: class {
        constructor() {
          throw new Error('No channel for the runtime');
        }
      },
    });
    const sandbox = openRuntimeSandbox('python');
    await expect(sandbox.ready).rejects.toThrow('No channel for the runtime');
    expect(sandbox.alive).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();
    expect(crashes).toEqual([{ kind: 'python', reason: 'No channel for the runtime' }]);
  });

  it('a download worker that fails leaves the page to post the start command itself', async () => {
    const sandbox = openRuntimeSandbox('python');
    const framePort = await helloFromFrame();
    const toFrame: { type: string; workerSource?: string }[] = [];
    framePort.onmessage = (event) => toFrame.push(event.data as { type: string });
    PlayedWorker.last!.onerror?.(new Event('error'));
    await settle(50);
    expect(PlayedWorker.last!.terminated).toBe(true);
    expect(toFrame.map((sent) => sent.type)).toEqual(['delivery', 'start']);
    // jsdom cannot fetch, so the page found nothing to hand over: the frame fetches for itself.
    expect(toFrame[1]).toEqual({ type: 'start', workerSource: null, files: [] });
    sandbox.destroy();
    framePort.close();
    PlayedWorker.last!.received!.delivery!.close();
  });
});
