import { readFileSync } from 'node:fs';
import type { PyodideInterface } from 'pyodide';
import { preparePyodide, runPython } from '../python-run';
import type { RunRequest, RunResult } from '../run-types';

export interface NodePythonRunnerOptions {
  /**
   * A memory snapshot of Pyodide with the harness installed (sandbox/python-snapshot.ts): restored
   * in about 0.4 CPU s instead of a 3 s boot. When it cannot be restored, Pyodide boots as usual.
   */
  snapshot?: string;
}

/**
 * Runs Python lessons in Node with the same Pyodide build and harness the browser uses. Starts
 * once (2–4 s, or a snapshot's restore) and is reused for every run.
 */
export function createNodePythonRunner(options: NodePythonRunnerOptions = {}) {
  let loading: Promise<PyodideInterface> | null = null;

  async function boot(): Promise<PyodideInterface> {
    const { loadPyodide } = await import('pyodide');
    if (options.snapshot) {
      try {
        // `_loadSnapshot` is Pyodide's snapshot API (experimental; pinned by the lockfile and tested).
        const instance = await loadPyodide({ _loadSnapshot: readFileSync(options.snapshot) } as Parameters<typeof loadPyodide>[0]);
        preparePyodide(instance, { harnessInstalled: true });
        return instance;
      } catch {
        // A snapshot of another build, or a damaged file: boot as before.
      }
    }
    const instance = await loadPyodide();
    preparePyodide(instance);
    return instance;
  }

  function pyodide(): Promise<PyodideInterface> {
    loading ??= boot();
    return loading;
  }

  async function run(request: RunRequest): Promise<RunResult> {
    return runPython(await pyodide(), request);
  }

  return { run };
}

export type NodePythonRunner = ReturnType<typeof createNodePythonRunner>;
