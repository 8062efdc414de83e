import type { PyodideInterface } from 'pyodide';
import { judgeRun, rerunRunsVerdict, rerunSeeds, usesVerdict, type RerunRun, type RunOutcome } from './output-checks';
import { PYTHON_HARNESS } from './python-harness';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from './run-types';

type PyProxy = { set: (key: string, value: unknown) => void; get: (key: string) => unknown; destroy: () => void; toJs?: (options?: unknown) => unknown };

/** The harness's functions, held by the host only (python-harness.ts). */
interface Harness {
  /** Puts the interpreter back as it was when the harness was installed (modules, sys, builtins). */
  reset: () => void;
  execute: ((source: string, filename: string, namespace: PyProxy, seconds: number, ask?: AskLine) => PyProxy | undefined) & {
    /** The same call with stack switching (JSPI), so the harness's input() can wait for a promise. */
    callPromising?: (source: string, filename: string, namespace: PyProxy, seconds: number, ask: AskLine) => Promise<PyProxy | undefined>;
  };
  run_check: (code: string, namespace: PyProxy, seconds: number) => PyProxy | undefined;
  uses: (source: string, filename: string, construct: string, name: string | undefined) => boolean | undefined;
  rerun: (source: string, filename: string, overridesJson: string, seconds: number, seed?: number) => PyProxy;
  watch: (entry: string, folder: string) => void;
  finish_watching: () => void;
  forget_watching: () => void;
  reached: (source: string, filename: string, construct: string, name: string | undefined) => boolean | undefined;
  called: (name: string) => boolean;
}

/**
 * What an interactive run's input() calls with its prompt: the line typed (or a promise of it,
 * awaited with the stack suspended), or null for the end of input (input() raises EOFError).
 */
export type AskLine = (prompt: string) => string | null | Promise<string | null>;

const harnesses = new WeakMap<PyodideInterface, Harness>();

const WORK_DIR = '/home/pyodide/lesson';

/** Picks the file a lesson runs: main.py when present, else the first Python file. */
export function pythonEntryFile(files: { name: string }[]): string | null {
  const python = files.filter((file) => file.name.endsWith('.py'));
  return (python.find((file) => file.name === 'main.py') ?? python[0])?.name ?? null;
}

/**
 * Runs the harness in a freshly loaded Pyodide, leaving it as the global `__codetrail` until
 * preparePyodide takes it; a memory snapshot taken in between carries it (python-snapshot.ts).
 */
export function installPythonHarness(py: PyodideInterface): void {
  py.runPython(PYTHON_HARNESS);
}

/** Installs the harness into a freshly loaded Pyodide (browser worker or Node); only the host keeps it. */
export function preparePyodide(py: PyodideInterface, options: { harnessInstalled?: boolean } = {}): void {
  // A Pyodide restored from a memory snapshot has the harness already (python-snapshot.ts).
  if (!options.harnessInstalled) installPythonHarness(py);
  const functions = py.globals.get('__codetrail') as PyProxy;
  py.runPython('del __codetrail');
  const get = <T>(name: string) => functions.get(name) as T;
  harnesses.set(py, {
    reset: get('reset'),
    execute: get('execute'),
    run_check: get('run_check'),
    uses: get('uses'),
    rerun: get('rerun'),
    watch: get('watch'),
    finish_watching: get('finish_watching'),
    forget_watching: get('forget_watching'),
    reached: get('reached'),
    called: get('called'),
  });
}

function harnessOf(py: PyodideInterface): Harness {
  const harness = harnesses.get(py);
  if (!harness) throw new Error('preparePyodide() was not called on this Pyodide.');
  return harness;
}

/** Runs one request in a prepared Pyodide and judges it with the shared check rules. */
export function runPython(py: PyodideInterface, request: RunRequest, onOutput?: (text: string) => void): RunResult {
  const entry = pythonEntryFile(request.files);
  if (!entry) return { status: 'unsupported', reason: 'The lesson has no Python file to run.' };
  return judgeRun(request.checks, executePython(py, request, entry, onOutput));
}

/** What every run sets up: the output streams, a clean working folder, a fresh namespace. */
function startRun(py: PyodideInterface, request: RunRequest, onOutput?: (text: string) => void) {
  const state = { output: '', capture: null as ((text: string) => void) | null, input: [] as string[] };
  const write = (text: string) => {
    if (state.capture) return state.capture(`${text}\n`);
    state.output += `${text}\n`;
    onOutput?.(`${text}\n`);
  };
  py.setStdout({ batched: write });
  py.setStderr({ batched: write });
  py.setStdin({ stdin: () => state.input.shift() ?? null, autoEOF: true } as never);

  py.FS.mkdirTree(WORK_DIR);
  const prepareFolder = () => {
    for (const name of py.FS.readdir(WORK_DIR) as string[]) if (name !== '.' && name !== '..') py.FS.unlink(`${WORK_DIR}/${name}`);
    for (const file of request.files) py.FS.writeFile(`${WORK_DIR}/${file.name}`, file.content);
    const modules = request.files.filter((file) => file.name.endsWith('.py')).map((file) => file.name.slice(0, -3));
    py.runPython(
      `import sys, os\nos.chdir(${JSON.stringify(WORK_DIR)})\nif ${JSON.stringify(WORK_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(WORK_DIR)})\nfor _m in ${JSON.stringify(modules)}: sys.modules.pop(_m, None)`,
    );
  };
  prepareFolder();

  const namespace = (py.globals.get('dict') as () => PyProxy)();
  namespace.set('__name__', '__main__');
  return {
    state,
    prepareFolder,
    namespace,
    seconds: (request.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000,
    fileSource: (name: string) => request.files.find((file) => file.name === name)?.content ?? '',
  };
}

function toError(value: PyProxy | undefined): RunError | null {
  if (!value) return null;
  const error = value.toJs?.({ dict_converter: Object.fromEntries }) as Partial<RunError>;
  value.destroy();
  // Python's None arrives as undefined: the result must keep its shape (it crosses the sandbox's wire).
  return { type: error.type ?? 'Error', message: error.message ?? '', line: error.line ?? null, file: error.file ?? null };
}

/**
 * Runs the entry file in a fresh namespace and working folder (and a clean interpreter: modules put
 * back as they were, python-harness.ts), then each assertion check over the same namespace (with
 * the real builtins), and each `rerun` check as its own run with other values. `uses` checks are
 * decided by watching the run (usesVerdict). Only the learner's own run is streamed to `onOutput`;
 * every check's verdict lands in `assertionFailures` (null when it passed).
 */
export function executePython(py: PyodideInterface, request: RunRequest, entry: string, onOutput?: (text: string) => void): RunOutcome {
  const { state, prepareFolder, namespace, seconds, fileSource } = startRun(py, request, onOutput);
  const harness = harnessOf(py);
  try {
    const source = fileSource(entry);
    const assertionFailures = new Map<number, string | null>();
    const watched = request.checks.some((check) => check.type === 'uses');
    state.input = [...(request.stdin ?? [])];
    // A clean interpreter: nothing an earlier run (another learner's) changed is left.
    harness.reset();
    if (watched) harness.watch(entry, WORK_DIR);
    let error: RunError | null;
    try {
      error = toError(harness.execute(source, entry, namespace, seconds));
      // The checks see the modules as they were, whatever the program patched (random.randint).
      harness.reset();
      if (!error) {
        request.checks.forEach((check, index) => {
          if (check.type !== 'assert') return;
          const failure = toError(harness.run_check(check.code, namespace, seconds));
          assertionFailures.set(index, failure ? failure.message : null);
        });
      }
    } finally {
      if (watched) harness.finish_watching();
    }
    request.checks.forEach((check, index) => {
      if (check.type !== 'uses') return;
      const file = check.file ?? entry;
      const inCode = harness.uses(fileSource(file), file, check.construct, check.name);
      const ran = error ? undefined : harness.reached(fileSource(file), file, check.construct, check.name);
      const calledElsewhere = error === null && check.absent === true && check.construct === 'call' && check.name !== undefined && harness.called(check.name);
      assertionFailures.set(index, usesVerdict(check, inCode, ran, calledElsewhere));
    });
    harness.forget_watching();
    if (!error) {
      request.checks.forEach((check, index) => {
        if (check.type !== 'rerun') return;
        const runs: RerunRun[] = [];
        for (const seed of rerunSeeds(check)) {
          prepareFolder();
          state.input = [...(check.input ?? request.stdin ?? [])];
          let printed = '';
          state.capture = (text) => void (printed += text);
          try {
            const result = harness.rerun(source, entry, JSON.stringify(check.set ?? {}), seconds, seed);
            const [rawError, missing] = (result.toJs?.({ dict_converter: Object.fromEntries }) ?? [null, []]) as [Partial<RunError> | undefined, string[]];
            result.destroy();
            runs.push({ printed, error: rawError ? (rawError.message ?? 'error') : null, missing });
          } finally {
            state.capture = null;
          }
          if (runs[runs.length - 1]!.error !== null || runs[runs.length - 1]!.missing.length > 0) break;
        }
        assertionFailures.set(index, rerunRunsVerdict(check, runs));
      });
    }
    return { output: state.output, error, assertionFailures };
  } finally {
    namespace.destroy();
  }
}

/**
 * Runs a program someone is watching (the build area): no checks, and input() asks `ask` for each
 * line instead of reading the request's stdin. Where the runtime can switch stacks (JSPI), the
 * program runs as a promising call, so input() can wait for a typed line; elsewhere a promised
 * answer ends in an EOFError that says why.
 */
export async function executeInteractivePython(py: PyodideInterface, request: RunRequest, entry: string, ask: AskLine, onOutput?: (text: string) => void): Promise<RunOutcome> {
  const { state, namespace, seconds, fileSource } = startRun(py, request, onOutput);
  const { execute, reset } = harnessOf(py);
  try {
    const source = fileSource(entry);
    reset();
    const promising = typeof execute.callPromising === 'function' && canSwitchStacks();
    const result = promising && execute.callPromising ? await execute.callPromising(source, entry, namespace, seconds, ask) : execute(source, entry, namespace, seconds, ask);
    return { output: state.output, error: toError(result), assertionFailures: new Map() };
  } finally {
    namespace.destroy();
  }
}

/** JS Promise integration (WebAssembly.Suspending): what lets a Python call wait for a promise. */
function canSwitchStacks(): boolean {
  return typeof WebAssembly === 'object' && 'Suspending' in WebAssembly;
}
