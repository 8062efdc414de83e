import { pythonEntryFile } from '../python-run';
import { judgeRun } from '../output-checks';
import { DEFAULT_TIMEOUT_MS, type RunRequest, type RunResult } from '../run-types';
import { runHtmlLesson } from './html-runtime';
import { acquirePython, type PythonRuntime } from './python-runtime';
import { pythonProgress, type RuntimeStatus } from './runtime-progress';
import { openRuntimeSandbox, type RunControls, type RuntimeKind, type RuntimeSandbox, type SandboxRun } from './runtime-sandbox';

export type { RunControls };

export type { RuntimeStatus };
/** The page sets its error reporter here (the engine's chunk is the first the page loads of the runner). */
export { onRuntimeCrash } from './runtime-sandbox';

const TIMEOUT_MESSAGE = 'Your program ran for too long and was stopped. Is there a loop that never ends?';
const STOPPED_MESSAGE = 'You stopped the program.';

/** The shared check rules judge what the sandbox reported; the page never takes a verdict from the frame. */
function resultOf(request: RunRequest, run: SandboxRun): RunResult {
  const fail = (type: string, message: string) => judgeRun(request.checks, { output: run.output, error: { type, message, line: null, file: null }, assertionFailures: new Map() });
  if (run.kind === 'timed-out') return fail('Timeout', TIMEOUT_MESSAGE);
  if (run.kind === 'broken') return fail('RunnerError', run.reason);
  if (run.kind === 'stopped') return fail('Stopped', STOPPED_MESSAGE);
  const { outcome } = run;
  if (outcome.status === 'unsupported') return outcome;
  return judgeRun(request.checks, {
    output: run.output,
    error: outcome.error,
    assertionFailures: new Map(outcome.assertionFailures),
    queryResult: outcome.queryResult,
    checkQueryResult: outcome.checkQueryResult ?? null,
    checkQueries: new Map(outcome.checkQueries ?? []),
    pageChecks: new Map(outcome.pageChecks),
    hint: outcome.hint ?? null,
  });
}

/** A runtime's sandbox, opened on first use and again after its time limit removed it. */
function runtimeSlot(kind: RuntimeKind) {
  let sandbox: RuntimeSandbox | null = null;
  return {
    current: () => (sandbox?.alive ? sandbox : null),
    open(): RuntimeSandbox {
      if (!sandbox?.alive) sandbox = openRuntimeSandbox(kind);
      return sandbox;
    },
    close() {
      sandbox?.destroy();
      sandbox = null;
    },
  };
}

/**
 * The lesson player's check engine. Learner code never runs in the page: Python, JavaScript and
 * SQL each run in a hidden sandbox frame with an opaque origin (workers inside it), HTML/CSS in a
 * sandboxed page frame; the page judges what they report with the shared check rules.
 */
export function createBrowserCheckEngine(onPythonStatus?: (status: RuntimeStatus) => void) {
  // Python is shared by the whole page (a section page may have started it already) and outlives
  // this engine by a grace period, so moving to the next lesson never restarts it.
  let python: PythonRuntime | null = acquirePython();
  let lastStatus: RuntimeStatus | null = null;
  const forwardStatus = () => {
    const { status } = pythonProgress.get();
    if (status !== lastStatus) onPythonStatus?.(status);
    lastStatus = status;
  };
  const stopForwarding = onPythonStatus ? pythonProgress.subscribe(forwardStatus) : () => undefined;
  if (onPythonStatus) forwardStatus();
  const javascript = runtimeSlot('javascript');
  const sql = runtimeSlot('sql');

  // Only Python asks for input; the others can still be stopped.
  const runIn = async (slot: ReturnType<typeof runtimeSlot>, request: RunRequest, onOutput: (text: string) => void, controls?: RunControls) =>
    resultOf(request, await slot.open().run(request, onOutput, request.timeoutMs ?? DEFAULT_TIMEOUT_MS, { signal: controls?.signal }));

  return {
    warmUp(lessonType: RunRequest['lessonType']) {
      if (lessonType === 'Python') void python?.start().catch(() => undefined);
      else if (lessonType === 'JS') javascript.open();
      else if (lessonType === 'SQL') sql.open();
    },
    /** `controls`: a watched run (the build area) whose Python input() asks, and which Stop ends. */
    async run(request: RunRequest, onOutput: (text: string) => void, controls?: RunControls): Promise<RunResult> {
      performance.mark('codetrail:run-start');
      let first = true;
      const output = (text: string) => {
        if (first) performance.measure('codetrail:run-to-output', 'codetrail:run-start');
        first = false;
        onOutput(text);
      };
      const result = await this.runWith(request, output, controls);
      performance.measure('codetrail:run-to-result', 'codetrail:run-start');
      return result;
    },
    async runWith(request: RunRequest, onOutput: (text: string) => void, controls?: RunControls): Promise<RunResult> {
      switch (request.lessonType) {
        case 'Python':
          if (!pythonEntryFile(request.files)) return { status: 'unsupported', reason: 'The lesson has no Python file to run.' };
          if (!python) return { status: 'unsupported', reason: 'The code runner was stopped.' };
          return resultOf(request, await python.run(request, onOutput, controls));
        case 'JS':
          return runIn(javascript, request, onOutput, controls);
        case 'SQL':
          return runIn(sql, request, onOutput, controls);
        case 'HTML':
          return runHtmlLesson(request);
        default:
          return { status: 'unsupported', reason: 'This kind of lesson cannot run in the player yet.' };
      }
    },
    dispose() {
      stopForwarding();
      python?.release();
      python = null;
      javascript.close();
      sql.close();
    },
  };
}

export type BrowserCheckEngine = ReturnType<typeof createBrowserCheckEngine>;
