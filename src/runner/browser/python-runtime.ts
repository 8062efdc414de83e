import { DEFAULT_TIMEOUT_MS, type RunRequest } from '../run-types';
import { pythonProgress } from './runtime-progress';
import { openRuntimeSandbox, type RunControls, type RuntimeSandbox, type SandboxRun } from './runtime-sandbox';

/** For pages that start Python before their check engine (useRuntimePreload). */
export { onRuntimeCrash } from './runtime-sandbox';

/** Python stops a runaway loop itself at the time limit; the page waits this much longer before removing the frame. */
const HARD_STOP_GRACE_MS = 2000;
/** How long Python stays loaded after the last page that needed it (a lesson, a section) closed. */
export const PYTHON_IDLE_MS = 5 * 60_000;

/** One warm Python sandbox; replaced after a hard stop. Its progress goes to `pythonProgress`. */
function createPythonRuntime() {
  let sandbox: RuntimeSandbox | null = null;
  /** Which sandbox is the current one: reports from a replaced one are ignored. */
  let generation = 0;
  const current = () => (sandbox?.alive ? sandbox : null);

  function open(): RuntimeSandbox {
    const running = current();
    if (running) return running;
    pythonProgress.set({ status: 'loading', stage: 'download', loadedBytes: 0, totalBytes: 0 });
    // Marks for npm run bench:player and bench:runtime (and the browser's own performance panel).
    performance.clearMarks('codetrail:python-start');
    performance.clearMeasures('codetrail:python-ready');
    performance.mark('codetrail:python-start');
    generation += 1;
    const mine = generation;
    const opened = openRuntimeSandbox('python', (loadedBytes, totalBytes) => {
      if (mine !== generation) return;
      pythonProgress.set(loadedBytes >= totalBytes && totalBytes > 0 ? { stage: 'start', loadedBytes, totalBytes } : { loadedBytes, totalBytes });
    });
    sandbox = opened;
    opened.ready.then(
      () => {
        if (mine !== generation) return;
        performance.measure('codetrail:python-ready', 'codetrail:python-start');
        pythonProgress.set({ status: 'ready', stage: null });
      },
      () => {
        if (mine === generation && !opened.alive) pythonProgress.set({ status: 'failed', stage: null });
      },
    );
    return opened;
  }

  return {
    start: (): Promise<void> => open().ready,
    async run(request: RunRequest, onOutput: (text: string) => void, controls?: RunControls): Promise<SandboxRun> {
      const result = await open().run(request, onOutput, (request.timeoutMs ?? DEFAULT_TIMEOUT_MS) + HARD_STOP_GRACE_MS, controls);
      // A stuck run (outside Python's own time limit, e.g. a long sleep) or a stopped one cost the warm runtime: start the next one now.
      if (result.kind !== 'finished') void open().ready.catch(() => undefined);
      return result;
    },
    stop() {
      generation += 1;
      const closing = sandbox;
      sandbox = null;
      closing?.destroy();
      pythonProgress.set({ status: 'idle', stage: null, loadedBytes: 0, totalBytes: 0 });
    },
  };
}

let shared: ReturnType<typeof createPythonRuntime> | null = null;
let holders = 0;
let idleTimer: ReturnType<typeof setTimeout> | null = null;

export interface PythonRuntime {
  start: () => Promise<void>;
  run: (request: RunRequest, onOutput: (text: string) => void, controls?: RunControls) => Promise<SandboxRun>;
  /** Gives the runtime back; the last holder's release stops it after PYTHON_IDLE_MS. */
  release: () => void;
}

/**
 * The page's Python, shared by whatever needs it (the section page's preload, each lesson's check
 * engine), so a client-side move from a section to a lesson, or between lessons, keeps it warm.
 */
export function acquirePython(): PythonRuntime {
  holders += 1;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const runtime = (shared ??= createPythonRuntime());
  let released = false;
  return {
    start: runtime.start,
    run: runtime.run,
    release() {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders > 0) return;
      idleTimer = setTimeout(() => {
        idleTimer = null;
        if (holders > 0) return;
        shared?.stop();
        shared = null;
      }, PYTHON_IDLE_MS);
    },
  };
}

/** Starts Python for a page that will need it; give it back with the returned function. */
export function preloadPython(): () => void {
  const held = acquirePython();
  void held.start().catch(() => undefined);
  return held.release;
}
