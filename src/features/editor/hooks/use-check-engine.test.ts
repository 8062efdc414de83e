/** @jest-environment jsdom */
import type { BrowserCheckEngine } from '@/runner/browser/browser-check-engine';
import { createCheckEngineHandle } from './use-check-engine';

function fakeEngine() {
  return {
    warmUp: jest.fn(),
    run: jest.fn(async () => ({ status: 'unsupported' as const, reason: 'fake' })),
    dispose: jest.fn(),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createCheckEngineHandle', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('makes no engine until a warm-up’s idle moment or a run', async () => {
    const engine = fakeEngine();
    const load = jest.fn(async () => engine as unknown as BrowserCheckEngine);
    const handle = createCheckEngineHandle(load);
    handle.warmUp('Python');
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(250);
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(engine.warmUp).toHaveBeenCalledWith('Python');
  });

  it('runs on one engine, made once', async () => {
    const engine = fakeEngine();
    const load = jest.fn(async () => engine as unknown as BrowserCheckEngine);
    const handle = createCheckEngineHandle(load);
    await handle.run({ lessonType: 'JS', files: [], checks: [], seed: null, checkSeed: null, stdin: [] }, () => undefined);
    await handle.run({ lessonType: 'JS', files: [], checks: [], seed: null, checkSeed: null, stdin: [] }, () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    expect(engine.run).toHaveBeenCalledTimes(2);
  });

  it('disposes an engine that finished loading after the page let go, and makes a new one on the next run', async () => {
    jest.useRealTimers();
    const first = fakeEngine();
    const second = fakeEngine();
    let release: (engine: BrowserCheckEngine) => void = () => undefined;
    const load = jest
      .fn<Promise<BrowserCheckEngine>, []>()
      .mockImplementationOnce(() => new Promise((resolve) => (release = resolve)))
      .mockImplementationOnce(async () => second as unknown as BrowserCheckEngine);
    const handle = createCheckEngineHandle(load);
    const pending = handle.run({ lessonType: 'JS', files: [], checks: [], seed: null, checkSeed: null, stdin: [] }, () => undefined);
    handle.dispose();
    release(first as unknown as BrowserCheckEngine);
    await pending;
    await flush();
    expect(first.dispose).toHaveBeenCalled();
    await handle.run({ lessonType: 'JS', files: [], checks: [], seed: null, checkSeed: null, stdin: [] }, () => undefined);
    expect(second.run).toHaveBeenCalledTimes(1);
    expect(second.dispose).not.toHaveBeenCalled();
  });

  it('answers a run whose engine could not load with a sentence, and tries again next time', async () => {
    jest.useRealTimers();
    const engine = fakeEngine();
    const load = jest
      .fn<Promise<BrowserCheckEngine>, []>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(engine as unknown as BrowserCheckEngine);
    const handle = createCheckEngineHandle(load);
    const request = { lessonType: 'JS' as const, files: [], checks: [], seed: null, checkSeed: null, stdin: [] };
    expect(await handle.run(request, () => undefined)).toEqual({ status: 'unsupported', reason: expect.stringContaining('could not be loaded') });
    await flush();
    await handle.run(request, () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
    expect(engine.run).toHaveBeenCalledTimes(1);
  });

  it('cancels a warm-up that has not started when disposed', () => {
    const load = jest.fn(async () => fakeEngine() as unknown as BrowserCheckEngine);
    const handle = createCheckEngineHandle(load);
    handle.warmUp('SQL');
    handle.dispose();
    jest.advanceTimersByTime(5000);
    expect(load).not.toHaveBeenCalled();
  });
});
