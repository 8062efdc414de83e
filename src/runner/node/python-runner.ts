import type { PyodideInterface } from 'pyodide';
import { preparePyodide, runPython } from '../python-run';
import type { RunRequest, RunResult } from '../run-types';

/**
 * Runs Python lessons in Node with the same Pyodide build and harness the browser uses. Starts
 * once (2–4 s) and is reused for every run.
 */
export function createNodePythonRunner() {
  let loading: Promise<PyodideInterface> | null = null;

  function pyodide(): Promise<PyodideInterface> {
    loading ??= import('pyodide').then(async ({ loadPyodide }) => {
      const instance = await loadPyodide();
      preparePyodide(instance);
      return instance;
    });
    return loading;
  }

  async function run(request: RunRequest): Promise<RunResult> {
    return runPython(await pyodide(), request);
  }

  return { run };
}

export type NodePythonRunner = ReturnType<typeof createNodePythonRunner>;
