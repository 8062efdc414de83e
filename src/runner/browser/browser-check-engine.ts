import { pythonEntryFile } from '../python-run';
import { judgeRun } from '../output-checks';
import { DEFAULT_TIMEOUT_MS, type RunRequest, type RunResult } from '../run-types';
import { runHtmlLesson } from './html-runtime';
import { openRuntimeSandbox, type RuntimeKind, type RuntimeSandbox, type SandboxRun } from './runtime-sandbox';

export type RuntimeStatus = 'idle' | 'loading' | 'ready' | 'failed';

const TIMEOUT_MESSAGE = 'Your program ran for too long and was stopped. Is there a loop that never ends?';
/** Python stops a runaway loop itself at the time limit; the page waits this much longer before removing the frame. */
const HARD_STOP_GRACE_MS = 2000;
/** The runtimes' big files (paths under /vendor/), which the page fetches through its own HTTP cache. */
const RUNTIME_FILES: Record<RuntimeKind, readonly string[]> = {
  python: ['pyodide/pyodide.asm.wasm', 'pyodide/python_stdlib.zip', 'pyodide/pyodide-lock.json'],
  sql: ['sql.js/sql-wasm-browser.wasm'],
  javascript: [],
};

/** The shared check rules judge what the sandbox reported; the page never takes a verdict from the frame. */
function resultOf(request: RunRequest, run: SandboxRun): RunResult {
  const fail = (type: string, message: string) => judgeRun(request.checks, { output: run.output, error: { type, message, line: null, file: null }, assertionFailures: new Map() });
  if (run.kind === 'timed-out') return fail('Timeout', TIMEOUT_MESSAGE);
  if (run.kind === 'broken') return fail('RunnerError', run.reason);
  const { outcome } = run;
  if (outcome.status === 'unsupported') return outcome;
  return judgeRun(request.checks, {
    output: run.output,
    error: outcome.error,
    assertionFailures: new Map(outcome.assertionFailures),
    queryResult: outcome.queryResult,
    pageChecks: new Map(outcome.pageChecks),
  });
}

/** A runtime's sandbox, opened on first use and again after its time limit removed it. */
function runtimeSlot(kind: RuntimeKind) {
  let sandbox: RuntimeSandbox | null = null;
  return {
    current: () => (sandbox?.alive ? sandbox : null),
    open(): RuntimeSandbox {
      if (!sandbox?.alive) sandbox = openRuntimeSandbox(kind, RUNTIME_FILES[kind]);
      return sandbox;
    },
    close() {
      sandbox?.destroy();
      sandbox = null;
    },
  };
}

/** One warm Python sandbox per page, started when a Python lesson opens; replaced after a hard stop. */
function createPythonRuntime(onStatus: (status: RuntimeStatus) => void) {
  const slot = runtimeSlot('python');

  function start(): Promise<void> {
    const running = slot.current();
    if (running) return running.ready;
    onStatus('loading');
    // Marks for npm run bench:player (and the browser's own performance panel).
    performance.mark('codetrail:python-start');
    const sandbox = slot.open();
    sandbox.ready.then(
      () => {
        performance.measure('codetrail:python-ready', 'codetrail:python-start');
        onStatus('ready');
      },
      () => {
        if (slot.current() === null) onStatus('failed');
      },
    );
    return sandbox.ready;
  }

  async function run(request: RunRequest, onOutput: (text: string) => void): Promise<SandboxRun> {
    void start();
    const sandbox = slot.open();
    const result = await sandbox.run(request, onOutput, (request.timeoutMs ?? DEFAULT_TIMEOUT_MS) + HARD_STOP_GRACE_MS);
    // A stuck run (outside Python's own time limit, e.g. a long sleep) cost the warm runtime: start the next one now.
    if (result.kind !== 'finished') void start().catch(() => undefined);
    return result;
  }

  return { start, run, stop: slot.close };
}

/**
 * The lesson player's check engine. Learner code never runs in the page: Python, JavaScript and
 * SQL each run in a hidden sandbox frame with an opaque origin (workers inside it), HTML/CSS in a
 * sandboxed page frame; the page judges what they report with the shared check rules.
 */
export function createBrowserCheckEngine(onPythonStatus: (status: RuntimeStatus) => void) {
  const python = createPythonRuntime(onPythonStatus);
  const javascript = runtimeSlot('javascript');
  const sql = runtimeSlot('sql');

  const runIn = async (slot: ReturnType<typeof runtimeSlot>, request: RunRequest, onOutput: (text: string) => void) =>
    resultOf(request, await slot.open().run(request, onOutput, request.timeoutMs ?? DEFAULT_TIMEOUT_MS));

  return {
    warmUp(lessonType: RunRequest['lessonType']) {
      if (lessonType === 'Python') void python.start().catch(() => undefined);
      else if (lessonType === 'JS') javascript.open();
      else if (lessonType === 'SQL') sql.open();
    },
    async run(request: RunRequest, onOutput: (text: string) => void): Promise<RunResult> {
      performance.mark('codetrail:run-start');
      let first = true;
      const output = (text: string) => {
        if (first) performance.measure('codetrail:run-to-output', 'codetrail:run-start');
        first = false;
        onOutput(text);
      };
      const result = await this.runWith(request, output);
      performance.measure('codetrail:run-to-result', 'codetrail:run-start');
      return result;
    },
    async runWith(request: RunRequest, onOutput: (text: string) => void): Promise<RunResult> {
      switch (request.lessonType) {
        case 'Python':
          if (!pythonEntryFile(request.files)) return { status: 'unsupported', reason: 'The lesson has no Python file to run.' };
          return resultOf(request, await python.run(request, onOutput));
        case 'JS':
          return runIn(javascript, request, onOutput);
        case 'SQL':
          return runIn(sql, request, onOutput);
        case 'HTML':
          return runHtmlLesson(request);
        default:
          return { status: 'unsupported', reason: 'This kind of lesson cannot run in the player yet.' };
      }
    },
    dispose() {
      python.stop();
      javascript.close();
      sql.close();
    },
  };
}

export type BrowserCheckEngine = ReturnType<typeof createBrowserCheckEngine>;
