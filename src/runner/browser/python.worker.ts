/// <reference lib="webworker" />
import { loadPyodide, type PyodideInterface } from 'pyodide';
import createPyodideModule from 'pyodide/pyodide.asm.mjs';
import { executeInteractivePython, executePython, pythonEntryFile, preparePyodide, type AskLine } from '../python-run';
import { serveProvidedFiles } from './provided-files';
import { parseRuntimeDirs } from './runtime-dirs';
import { INPUT_LIMIT_CHARS, errorMessage, type InputAnswer, type RunCommand, type RuntimeMessage, type WireOutcome, type WorkerInit } from './sandbox-messages';

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

/** The one input() of an interactive run that waits for its line. */
let waiting: { id: number; answer: (text: string) => void } | null = null;

/** input() in an interactive run: ask the page (through the frame) and wait for the typed line. */
const askPage =
  (id: number): AskLine =>
  (prompt) =>
    new Promise<string>((resolve) => {
      waiting = { id, answer: resolve };
      post({ type: 'input-request', id, prompt });
    });

async function run(py: PyodideInterface, { id, request, interactive }: RunCommand): Promise<WireOutcome> {
  const entry = pythonEntryFile(request.files);
  if (!entry) return { status: 'unsupported', reason: 'The lesson has no Python file to run.' };
  const onOutput = (text: string) => post({ type: 'output', id, text });
  const outcome = interactive === true ? await executeInteractivePython(py, request, entry, askPage(id), onOutput) : executePython(py, request, entry, onOutput);
  return { status: 'ran', error: outcome.error, assertionFailures: [...outcome.assertionFailures], queryResult: null, pageChecks: [] };
}

/** An answer counts only for the run and question that wait for one, and only as one line of text. */
function answer({ id, text }: Partial<InputAnswer>) {
  if (!waiting || waiting.id !== id || typeof text !== 'string') return;
  const { answer: resolve } = waiting;
  waiting = null;
  resolve(text.slice(0, INPUT_LIMIT_CHARS).replace(/[\r\n][\s\S]*$/, ''));
}

self.onmessage = async (event: MessageEvent<WorkerInit | RunCommand | InputAnswer>) => {
  const message = event.data;
  if (message?.type === 'input') {
    answer(message);
    return;
  }
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
    outcome = await run(py, message);
  } catch (error) {
    outcome = { status: 'ran', error: { type: 'RunnerError', message: errorMessage(error), line: null, file: null }, assertionFailures: [], queryResult: null, pageChecks: [] };
  } finally {
    waiting = null;
  }
  post({ type: 'result', id: message.id, outcome });
};
