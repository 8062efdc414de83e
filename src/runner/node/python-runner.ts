import type { PyodideInterface } from 'pyodide';
import { evaluateChecks } from '../output-checks';
import { PYTHON_HARNESS } from '../python-harness';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '../run-types';

type PyProxy = { get: (key: string) => unknown; set: (key: string, value: unknown) => void; destroy: () => void; toJs?: (options?: unknown) => unknown };

const WORK_DIR = '/home/pyodide/lesson';

/** Picks the file a lesson runs: main.py when present, else the first Python file. */
export function pythonEntryFile(files: { name: string }[]): string | null {
  const python = files.filter((file) => file.name.endsWith('.py'));
  return (python.find((file) => file.name === 'main.py') ?? python[0])?.name ?? null;
}

/**
 * Runs Python lessons in Node with the same Pyodide build the browser uses. Starts once
 * (2–4 s) and is reused for every run; each run gets a fresh namespace and working folder.
 */
export function createNodePythonRunner() {
  let loading: Promise<PyodideInterface> | null = null;

  async function pyodide(): Promise<PyodideInterface> {
    loading ??= import('pyodide').then(async ({ loadPyodide }) => {
      const instance = await loadPyodide();
      instance.runPython(PYTHON_HARNESS);
      return instance;
    });
    return loading;
  }

  async function run(request: RunRequest): Promise<RunResult> {
    const py = await pyodide();
    const entry = pythonEntryFile(request.files);
    if (!entry) return { status: 'unsupported', reason: 'The lesson has no Python file to run.' };
    const seconds = (request.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000;

    let output = '';
    py.setStdout({ batched: (text: string) => void (output += `${text}\n`) });
    py.setStderr({ batched: (text: string) => void (output += `${text}\n`) });
    const input = [...(request.stdin ?? [])];
    py.setStdin({ stdin: () => input.shift() ?? null, autoEOF: true } as never);

    // A fresh folder with the lesson's files, importable from each other.
    py.FS.mkdirTree(WORK_DIR);
    for (const name of py.FS.readdir(WORK_DIR) as string[]) if (name !== '.' && name !== '..') py.FS.unlink(`${WORK_DIR}/${name}`);
    for (const file of request.files) py.FS.writeFile(`${WORK_DIR}/${file.name}`, file.content);
    const moduleNames = request.files.filter((file) => file.name.endsWith('.py')).map((file) => file.name.slice(0, -3));
    py.runPython(`import sys, os\nos.chdir(${JSON.stringify(WORK_DIR)})\nif ${JSON.stringify(WORK_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(WORK_DIR)})\nfor _m in ${JSON.stringify(moduleNames)}: sys.modules.pop(_m, None)`);

    const namespace = py.globals.get('dict')() as PyProxy;
    namespace.set('__name__', '__main__');
    const runInNamespace = py.globals.get('__codetrail_run') as (source: string, filename: string, ns: PyProxy, seconds: number) => PyProxy | undefined;
    const toError = (value: PyProxy | undefined): RunError | null => {
      if (!value) return null;
      const map = value.toJs?.({ dict_converter: Object.fromEntries }) as { type: string; message: string; line: number | null; file: string | null };
      value.destroy();
      return map;
    };

    try {
      const source = request.files.find((file) => file.name === entry)?.content ?? '';
      const error = toError(runInNamespace(source, entry, namespace, seconds));
      const assertionFailures = new Map<number, string | null>();
      if (!error) {
        request.checks.forEach((check, index) => {
          if (check.type !== 'assert') return;
          const failure = toError(runInNamespace(check.code, '<check>', namespace, seconds));
          assertionFailures.set(index, failure ? failure.message : null);
        });
      }
      const checks = evaluateChecks(request.checks, { output, error, assertionFailures });
      return {
        status: 'ran',
        passed: error === null && checks.every((check) => check.passed),
        output,
        error,
        timedOut: error?.type === 'Timeout',
        checks,
      };
    } finally {
      namespace.destroy();
    }
  }

  return { run, warmUp: () => pyodide().then(() => undefined) };
}

export type NodePythonRunner = ReturnType<typeof createNodePythonRunner>;
