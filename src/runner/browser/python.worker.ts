/// <reference lib="webworker" />
import { loadPyodide, type PyodideInterface } from 'pyodide';
import createPyodideModule from 'pyodide/pyodide.asm.mjs';
import { executePython, pythonEntryFile, preparePyodide } from '../python-run';
import { serveProvidedFiles } from './provided-files';
import { parseRuntimeDirs } from './runtime-dirs';
import { errorMessage, type RunCommand, type RuntimeMessage, type WireOutcome, type WorkerInit } from './sandbox-messages';

/**
 * The Python runtime: Pyodide in a module worker that the python sandbox frame starts from a data:
 * URL, so this worker's origin is opaque and it has the frame's policy: it can reach the vendored
 * files and nothing else. Same harness as the server. Pyodide's loader and emscripten module are
 * bundled into this file, so the page can hand the whole runtime to the frame from its own HTTP
 * cache (an opaque origin has none): only the data files (wasm, stdlib) remain, and the page
 * hands those over too.
 */
declare const self: DedicatedWorkerGlobalScope;

const post = (message: RuntimeMessage) => self.postMessage(message);
let ready: Promise<PyodideInterface> | null = null;

const PYODIDE_DIR = parseRuntimeDirs(process.env.CODETRAIL_RUNTIME_DIRS).python;

async function load(assetBase: string): Promise<PyodideInterface> {
  const indexURL = `${assetBase}${PYODIDE_DIR}/`;
  // `createPyodideModule` (read by Pyodide's loader, not in its types) skips importing pyodide.asm.mjs.
  const options = { indexURL, createPyodideModule } as Parameters<typeof loadPyodide>[0];
  const py = (await loadPyodide(options)) as PyodideInterface;
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
