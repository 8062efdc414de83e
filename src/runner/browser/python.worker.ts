/// <reference lib="webworker" />
import type { PyodideInterface } from 'pyodide';
import { executePython, pythonEntryFile, preparePyodide } from '../python-run';
import { serveProvidedFiles } from './provided-files';
import { errorMessage, type RunCommand, type RuntimeMessage, type WireOutcome, type WorkerInit } from './sandbox-messages';

/**
 * The Python runtime: Pyodide (vendored in public/vendor/pyodide) in a module worker that the
 * python sandbox frame starts from a data: URL, so this worker's origin is opaque and it has the
 * frame's policy: it can reach the vendored files and nothing else. Same harness as the server.
 */
declare const self: DedicatedWorkerGlobalScope;

const post = (message: RuntimeMessage) => self.postMessage(message);
let ready: Promise<PyodideInterface> | null = null;

async function load(assetBase: string): Promise<PyodideInterface> {
  const indexURL = `${assetBase}pyodide/`;
  const pyodideModule = (await import(/* webpackIgnore: true */ `${indexURL}pyodide.mjs`)) as { loadPyodide: (options: { indexURL: string }) => Promise<PyodideInterface> };
  const py = await pyodideModule.loadPyodide({ indexURL });
  preparePyodide(py);
  return py;
}

function run(py: PyodideInterface, { id, request }: RunCommand): WireOutcome {
  const entry = pythonEntryFile(request.files);
  if (!entry) return { status: 'unsupported', reason: 'The lesson has no Python file to run.' };
  const outcome = executePython(py, request, entry, (text) => post({ type: 'output', id, text }));
  return { status: 'ran', error: outcome.error, assertionFailures: [...outcome.assertionFailures], queryResult: null, pageChecks: [] };
}

self.onmessage = async (event: MessageEvent<WorkerInit | RunCommand>) => {
  const message = event.data;
  if (message.type === 'init') {
    if (!ready) serveProvidedFiles(self, message.assetBase, message.files ?? []);
    ready ??= load(message.assetBase);
    ready.then(
      () => post({ type: 'ready' }),
      (error: unknown) => post({ type: 'failed', message: errorMessage(error) }),
    );
    return;
  }
  if (message.type !== 'run' || !ready) return;
  const py = await ready;
  let outcome: WireOutcome;
  try {
    outcome = run(py, message);
  } catch (error) {
    outcome = { status: 'ran', error: { type: 'RunnerError', message: errorMessage(error), line: null, file: null }, assertionFailures: [], queryResult: null, pageChecks: [] };
  }
  post({ type: 'result', id: message.id, outcome });
};
