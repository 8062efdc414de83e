import type { PyodideInterface } from 'pyodide';
import { judgeRun, type RunOutcome } from './output-checks';
import { PYTHON_HARNESS } from './python-harness';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from './run-types';

type PyProxy = { set: (key: string, value: unknown) => void; destroy: () => void; toJs?: (options?: unknown) => unknown };

const WORK_DIR = '/home/pyodide/lesson';

/** Picks the file a lesson runs: main.py when present, else the first Python file. */
export function pythonEntryFile(files: { name: string }[]): string | null {
  const python = files.filter((file) => file.name.endsWith('.py'));
  return (python.find((file) => file.name === 'main.py') ?? python[0])?.name ?? null;
}

/** Installs the harness into a freshly loaded Pyodide (browser worker or Node). */
export function preparePyodide(py: PyodideInterface): void {
  py.runPython(PYTHON_HARNESS);
}

/** Runs one request in a prepared Pyodide and judges it with the shared check rules. */
export function runPython(py: PyodideInterface, request: RunRequest, onOutput?: (text: string) => void): RunResult {
  const entry = pythonEntryFile(request.files);
  if (!entry) return { status: 'unsupported', reason: 'The lesson has no Python file to run.' };
  return judgeRun(request.checks, executePython(py, request, entry, onOutput));
}

/**
 * Runs the entry file in a fresh namespace and working folder, then each assertion check in the
 * same namespace. Output is streamed to `onOutput` as it is printed.
 */
export function executePython(py: PyodideInterface, request: RunRequest, entry: string, onOutput?: (text: string) => void): RunOutcome {
  const seconds = (request.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000;

  let output = '';
  const write = (text: string) => {
    output += `${text}\n`;
    onOutput?.(`${text}\n`);
  };
  py.setStdout({ batched: write });
  py.setStderr({ batched: write });
  const input = [...(request.stdin ?? [])];
  py.setStdin({ stdin: () => input.shift() ?? null, autoEOF: true } as never);

  py.FS.mkdirTree(WORK_DIR);
  for (const name of py.FS.readdir(WORK_DIR) as string[]) if (name !== '.' && name !== '..') py.FS.unlink(`${WORK_DIR}/${name}`);
  for (const file of request.files) py.FS.writeFile(`${WORK_DIR}/${file.name}`, file.content);
  const modules = request.files.filter((file) => file.name.endsWith('.py')).map((file) => file.name.slice(0, -3));
  py.runPython(
    `import sys, os\nos.chdir(${JSON.stringify(WORK_DIR)})\nif ${JSON.stringify(WORK_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(WORK_DIR)})\nfor _m in ${JSON.stringify(modules)}: sys.modules.pop(_m, None)`,
  );

  const namespace = (py.globals.get('dict') as () => PyProxy)();
  namespace.set('__name__', '__main__');
  const execute = py.globals.get('__codetrail_run') as (source: string, filename: string, ns: PyProxy, seconds: number) => PyProxy | undefined;
  const toError = (value: PyProxy | undefined): RunError | null => {
    if (!value) return null;
    const error = value.toJs?.({ dict_converter: Object.fromEntries }) as Partial<RunError>;
    value.destroy();
    // Python's None arrives as undefined: the result must keep its shape (it crosses the sandbox's wire).
    return { type: error.type ?? 'Error', message: error.message ?? '', line: error.line ?? null, file: error.file ?? null };
  };

  try {
    const source = request.files.find((file) => file.name === entry)?.content ?? '';
    const error = toError(execute(source, entry, namespace, seconds));
    const assertionFailures = new Map<number, string | null>();
    if (!error) {
      request.checks.forEach((check, index) => {
        if (check.type !== 'assert') return;
        const failure = toError(execute(check.code, '<check>', namespace, seconds));
        assertionFailures.set(index, failure ? failure.message : null);
      });
    }
    return { output, error, assertionFailures };
  } finally {
    namespace.destroy();
  }
}
