/**
 * @jest-environment jsdom
 */
import type { RuntimeSandbox } from './runtime-sandbox';
import { pythonProgress } from './runtime-progress';

const opened: { onProgress: (loaded: number, total: number) => void; markReady: () => void; destroyed: boolean }[] = [];

jest.mock('./runtime-sandbox', () => ({
  openRuntimeSandbox: (_kind: string, onProgress: (loaded: number, total: number) => void): RuntimeSandbox => {
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    const entry = { onProgress, markReady, destroyed: false };
    opened.push(entry);
    // The real sandbox reports its first progress before it returns.
    onProgress(0, 100);
    return {
      ready,
      run: async () => ({ kind: 'finished', output: '', outcome: { status: 'unsupported', reason: 'test' } }),
      get alive() {
        return !entry.destroyed;
      },
      destroy: () => {
        entry.destroyed = true;
      },
    };
  },
}));

// Imported after the mock is in place.
import { acquirePython, preloadPython, PYTHON_IDLE_MS } from './python-runtime';

beforeAll(() => {
  // jsdom's performance has no user timing: the marks are for the benches, not for this test.
  for (const name of ['mark', 'measure', 'clearMarks', 'clearMeasures']) Object.defineProperty(performance, name, { value: jest.fn(), configurable: true });
});

describe('the shared Python runtime', () => {
  it('reports download progress, then ready, and is shared by a preload and a lesson', async () => {
    jest.useFakeTimers({ doNotFake: ['performance'] });
    const release = preloadPython();
    expect(opened).toHaveLength(1);
    expect(pythonProgress.get()).toMatchObject({ status: 'loading', stage: 'download', loadedBytes: 0, totalBytes: 100 });
    opened[0]?.onProgress(40, 100);
    expect(pythonProgress.get()).toMatchObject({ loadedBytes: 40, stage: 'download' });
    opened[0]?.onProgress(100, 100);
    expect(pythonProgress.get()).toMatchObject({ stage: 'start' });
    opened[0]?.markReady();
    await Promise.resolve();
    await Promise.resolve();
    expect(pythonProgress.get().status).toBe('ready');

    // The section page closes, the lesson opens: the same sandbox, no second download.
    release();
    const lesson = acquirePython();
    await lesson.start();
    jest.advanceTimersByTime(PYTHON_IDLE_MS * 2);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.destroyed).toBe(false);

    // The last holder leaves: Python is stopped after the idle time, not before.
    lesson.release();
    lesson.release();
    jest.advanceTimersByTime(PYTHON_IDLE_MS - 1);
    expect(opened[0]?.destroyed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(opened[0]?.destroyed).toBe(true);
    expect(pythonProgress.get().status).toBe('idle');
    jest.useRealTimers();
  });
});
