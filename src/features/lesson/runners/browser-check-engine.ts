import type { SqlJsStatic } from 'sql.js';
import { logger } from '@/lib/logger';
import { evaluateChecks } from '@/runner/output-checks';
import { pythonEntryFile } from '@/runner/python-run';
import { runSql } from '@/runner/sql-run';
import { runHtmlLesson } from './html-runtime';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '@/runner/run-types';

export type RuntimeStatus = 'idle' | 'loading' | 'ready' | 'failed';

const TIMEOUT_MESSAGE = 'Your program ran for too long and was stopped. Is there a loop that never ends?';
/** Extra time the page gives a worker beyond the in-Python time limit before terminating it. */
const HARD_STOP_GRACE_MS = 2000;

function timedOutResult(output: string, checks: RunRequest['checks']): RunResult {
  const error: RunError = { type: 'Timeout', message: TIMEOUT_MESSAGE, line: null, file: null };
  return { status: 'ran', passed: false, output, error, timedOut: true, checks: evaluateChecks(checks, { output, error, assertionFailures: new Map() }) };
}

/** One warm Python worker per page; restarted after a run that had to be killed. */
function createPythonRuntime(onStatus: (status: RuntimeStatus) => void) {
  let worker: Worker | null = null;
  let ready: Promise<void> | null = null;
  let nextId = 0;

  function start(): Promise<void> {
    if (ready) return ready;
    onStatus('loading');
    // Marks for npm run bench:player (and the browser's own performance panel).
    performance.mark('codetrail:python-start');
    // Bundled by next.config.js into public/vendor (see docs/decisions.md).
    worker = new Worker(process.env.NEXT_PUBLIC_PYTHON_WORKER_URL ?? '/vendor/python-worker.mjs', { type: 'module' });
    const current = worker;
    ready = new Promise<void>((resolve, reject) => {
      const onMessage = (event: MessageEvent<{ type: string; message?: string }>) => {
        if (event.data.type === 'ready') {
          current.removeEventListener('message', onMessage);
          performance.measure('codetrail:python-ready', 'codetrail:python-start');
          onStatus('ready');
          resolve();
        } else if (event.data.type === 'failed') {
          logger.error('runner: Python could not start', event.data.message);
          onStatus('failed');
          reject(new Error(event.data.message ?? 'Python could not start.'));
        }
      };
      current.addEventListener('message', onMessage);
      current.addEventListener('error', () => {
        onStatus('failed');
        reject(new Error('Python could not start.'));
      });
    });
    ready.catch(() => {
      ready = null;
    });
    return ready;
  }

  function stop() {
    worker?.terminate();
    worker = null;
    ready = null;
  }

  async function run(request: RunRequest, onOutput: (text: string) => void): Promise<RunResult> {
    await start();
    const active = worker;
    if (!active) throw new Error('Python is not running.');
    const id = (nextId += 1);
    let output = '';
    return new Promise<RunResult>((resolve) => {
      const limit = (request.timeoutMs ?? DEFAULT_TIMEOUT_MS) + HARD_STOP_GRACE_MS;
      const timer = setTimeout(() => {
        // Stuck outside Python's own time limit (e.g. a long sleep): kill it and start a fresh one.
        active.removeEventListener('message', onMessage);
        stop();
        void start().catch(() => undefined);
        resolve(timedOutResult(output, request.checks));
      }, limit);
      const onMessage = (event: MessageEvent<{ type: string; id: number; text?: string; result?: RunResult }>) => {
        if (event.data.id !== id) return;
        if (event.data.type === 'output' && event.data.text) {
          output += event.data.text;
          onOutput(event.data.text);
        } else if (event.data.type === 'result' && event.data.result) {
          clearTimeout(timer);
          active.removeEventListener('message', onMessage);
          resolve(event.data.result);
        }
      };
      active.addEventListener('message', onMessage);
      active.postMessage({ id, request });
    });
  }

  return { start, run, stop };
}

function runJavaScript(request: RunRequest, onOutput: (text: string) => void): Promise<RunResult> {
  const entry = request.files.find((file) => /\.(js|jsx)$/.test(file.name));
  if (!entry) return Promise.resolve({ status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' });
  const worker = new Worker(new URL('./javascript.worker.ts', import.meta.url));
  let output = '';
  return new Promise<RunResult>((resolve) => {
    const timer = setTimeout(() => {
      worker.terminate();
      resolve(timedOutResult(output, request.checks));
    }, request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<{ type: string; text?: string; error?: RunError | null; assertionFailures?: [number, string | null][] }>) => {
      if (event.data.type === 'output' && event.data.text) {
        output += event.data.text;
        onOutput(event.data.text);
        return;
      }
      clearTimeout(timer);
      worker.terminate();
      const error = event.data.error ?? null;
      const checks = evaluateChecks(request.checks, { output, error, assertionFailures: new Map(event.data.assertionFailures ?? []) });
      resolve({ status: 'ran', passed: error === null && checks.every((check) => check.passed), output, error, timedOut: false, checks });
    };
    worker.postMessage({
      source: entry.content,
      fileName: entry.name,
      asserts: request.checks.flatMap((check, index) => (check.type === 'assert' ? [{ index, code: check.code }] : [])),
    });
  });
}

let sqlJs: Promise<SqlJsStatic> | null = null;

/** SQLite in the page itself: ~0.35 MB and ready in about 100 ms, so no worker is needed. */
async function runSqlLesson(request: RunRequest, onOutput: (text: string) => void): Promise<RunResult> {
  sqlJs ??= import('sql.js').then((module) => module.default({ locateFile: (file: string) => `/vendor/sql.js/${file}` }));
  const result = runSql(await sqlJs, request);
  if (result.status === 'ran') onOutput(result.output);
  return result;
}

/**
 * The lesson player's check engine: Python in a warm Pyodide worker, JavaScript in a fresh
 * isolated worker per run, both judged by the shared check rules.
 */
export function createBrowserCheckEngine(onPythonStatus: (status: RuntimeStatus) => void) {
  const python = createPythonRuntime(onPythonStatus);
  return {
    warmUp(lessonType: RunRequest['lessonType']) {
      if (lessonType === 'Python') void python.start().catch(() => undefined);
    },
    async run(request: RunRequest, onOutput: (text: string) => void): Promise<RunResult> {
      performance.mark('codetrail:run-start');
      let first = true;
      const output = (text: string) => {
        if (first) performance.measure('codetrail:run-to-output', 'codetrail:run-start');
        first = false;
        onOutput(text);
      };
      const result = await this.runWith(request, output);
      performance.measure('codetrail:run-to-result', 'codetrail:run-start');
      return result;
    },
    runWith(request: RunRequest, onOutput: (text: string) => void): Promise<RunResult> {
      switch (request.lessonType) {
        case 'Python':
          if (!pythonEntryFile(request.files)) return Promise.resolve({ status: 'unsupported', reason: 'The lesson has no Python file to run.' });
          return python.run(request, onOutput);
        case 'JS':
          return runJavaScript(request, onOutput);
        case 'SQL':
          return runSqlLesson(request, onOutput);
        case 'HTML':
          return runHtmlLesson(request);
        default:
          return Promise.resolve({ status: 'unsupported', reason: 'This kind of lesson cannot run in the player yet.' });
      }
    },
    dispose: () => python.stop(),
  };
}

export type BrowserCheckEngine = ReturnType<typeof createBrowserCheckEngine>;
