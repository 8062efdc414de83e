/// <reference lib="webworker" />
import type { PyodideInterface } from 'pyodide';
import { preparePyodide, runPython } from '@/runner/python-run';
import type { RunRequest } from '@/runner/run-types';

/**
 * The Python runtime of the lesson player: Pyodide served by the app (public/vendor/pyodide),
 * running in a module worker so the page stays responsive. Same harness and check rules as the
 * server and content:check.
 */
declare const self: DedicatedWorkerGlobalScope;

async function load(): Promise<PyodideInterface> {
  const base = `${self.location.origin}/vendor/pyodide/`;
  const pyodideModule = (await import(/* webpackIgnore: true */ `${base}pyodide.mjs`)) as { loadPyodide: (options: { indexURL: string }) => Promise<PyodideInterface> };
  const py = await pyodideModule.loadPyodide({ indexURL: base });
  preparePyodide(py);
  return py;
}

const ready = load();
ready.then(
  () => self.postMessage({ type: 'ready' }),
  (error: unknown) => self.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);

self.onmessage = async (event: MessageEvent<{ id: number; request: RunRequest }>) => {
  const { id, request } = event.data;
  const py = await ready;
  const result = runPython(py, request, (text) => self.postMessage({ type: 'output', id, text }));
  self.postMessage({ type: 'result', id, result });
};
