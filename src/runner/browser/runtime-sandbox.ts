import type { RunRequest } from '../run-types';
import { connectSandboxFrame, createHiddenFrame } from './sandbox-connection';
import { runtimeMessageSchema } from './sandbox-message-schemas';
import { runtimeAssets, runtimeDownloaderUrl } from './runtime-assets';
import { downloadRuntime, fileTransfers, type DownloadCommand, type DownloadFile, type DownloadProgress, type DownloadReport, type FetchedRuntime, type FileTransfer, type ReadPacing } from './runtime-download';
import { INPUT_LIMIT_CHARS, OUTPUT_LIMIT_CHARS, errorMessage, type DeliveryCommand, type InputAnswer, type RunCommand, type StartCommand, type WireOutcome } from './sandbox-messages';
import { groupDigits } from '@/domain/text/group-digits';
import { nextTask } from './next-task';

export type RuntimeKind = 'python' | 'javascript' | 'sql';

export type SandboxRun =
  | { kind: 'finished'; output: string; outcome: WireOutcome }
  /** The page's time limit ran out: the frame and its workers were destroyed. */
  | { kind: 'timed-out'; output: string }
  /** The runtime failed or sent something the page could not read: the frame was destroyed. */
  | { kind: 'broken'; output: string; reason: string }
  /** The learner pressed Stop (RunControls.signal): the frame and its workers were destroyed. */
  | { kind: 'stopped'; output: string };

/** What a watched run (the build area) adds to a run. */
export interface RunControls {
  /**
   * Makes a Python run interactive: each input() asks this for a line, showing `prompt`. While an
   * answer is awaited the run's time limit is paused (the harness pauses Python's own too).
   */
  onInput?: (prompt: string) => Promise<string>;
  /** Aborting it ends the run at once, as a time limit does (the frame is removed). */
  signal?: AbortSignal;
}

export interface RuntimeSandbox {
  /** Resolves when the runtime has loaded (Pyodide, sql.js, the JavaScript worker code). */
  ready: Promise<void>;
  /** Runs one request; runs queue one after another. */
  run: (request: RunRequest, onOutput: (text: string) => void, limitMs: number, controls?: RunControls) => Promise<SandboxRun>;
  /** False once destroyed (time limit, failure or dispose): open a new one. */
  readonly alive: boolean;
  destroy: () => void;
}

const CUT_NOTICE = `\n[Output cut: a run shows at most ${groupDigits(OUTPUT_LIMIT_CHARS)} characters.]\n`;

interface ActiveRun {
  id: number;
  output: string;
  onOutput: (text: string) => void;
  finish: (run: SandboxRun) => void;
  /** Interactive runs only: asks the learner for a line. */
  ask: ((prompt: string) => Promise<string>) | null;
  /** A question is open (its answer not sent yet): a second one is not believed. */
  asking: boolean;
  /** Stops and restarts the time limit around a question. */
  pause: () => void;
  resume: () => void;
}

export type { DownloadProgress } from './runtime-download';

/** A runtime that failed by itself: not a time limit (the learner's loop) and not a stop. */
export interface RuntimeCrash {
  kind: RuntimeKind;
  reason: string;
}

let crashListener: ((crash: RuntimeCrash) => void) | null = null;

/**
 * Who hears of runtime crashes: the app page sets its error reporter here (the runner may not
 * import the app's code). Only this page-side module holds it; the sandbox frames and workers
 * never load it, nor the error tracker.
 */
export function onRuntimeCrash(listener: ((crash: RuntimeCrash) => void) | null): void {
  crashListener = listener;
}

function reportCrash(crash: RuntimeCrash): void {
  try {
    crashListener?.(crash);
  } catch {
    // Reporting must never break the runner.
  }
}

/** On the page, reading yields to the learner at least this often (the worker needs no pacing). */
const pageReadPacing: ReadPacing = { sliceMs: 8, pause: nextTask };

/** Records what the download cost on the network (see fileTransfers). */
function markDownloaded(kind: RuntimeKind, transfers: FileTransfer[]) {
  performance.mark('codetrail:runtime-downloaded', { detail: { kind, transfers } });
}

/** The download on the page's main thread: for a browser where the download worker cannot start. */
async function downloadOnPage(kind: RuntimeKind, files: readonly DownloadFile[], onProgress: DownloadProgress): Promise<FetchedRuntime> {
  const runtime = await downloadRuntime(files, onProgress, pageReadPacing);
  markDownloaded(kind, fileTransfers(files, performance.getEntriesByType('resource')));
  return runtime;
}

/** How long the finished download worker lives on before it is ended (see its `done`). */
const DOWNLOAD_WORKER_GRACE_MS = 2_000;

/**
 * How a runtime's files reach its frame. `delivery`: the end of the download worker's delivery
 * port that the page hands to the frame (null when the page downloads by itself). `runtime`
 * resolves to what the page must still post to the frame itself, or to null once the worker has
 * delivered it.
 */
interface RuntimeHandoff {
  delivery: MessagePort | null;
  runtime: Promise<FetchedRuntime | null>;
}

/**
 * The download in the app's own worker (runtime-download.worker.ts), so twelve megabytes of
 * Pyodide never hold the page's main thread: the worker posts them, transferred, straight to the
 * frame on a port of their own (a copy across processes, made on the worker's thread). Falls back
 * to downloading on the page if the worker cannot start or fails.
 */
function downloadInWorker(kind: RuntimeKind, workerUrl: string, files: readonly DownloadFile[], onProgress: DownloadProgress): RuntimeHandoff {
  let worker: Worker;
  try {
    worker = new Worker(workerUrl, { name: 'runtime download' });
  } catch {
    return { delivery: null, runtime: downloadOnPage(kind, files, onProgress) };
  }
  const channel = new MessageChannel();
  const runtime = new Promise<FetchedRuntime | null>((resolve) => {
    let settled = false;
    const fallBack = (event: Event) => {
      worker.terminate();
      // An error and a message error may both arrive: download on the page once.
      if (settled) return;
      settled = true;
      reportCrash({ kind, reason: `The runtime download worker failed (${event instanceof ErrorEvent && event.message ? event.message : event.type}); downloading on the page instead.` });
      resolve(downloadOnPage(kind, files, onProgress));
    };
    worker.onerror = fallBack;
    worker.onmessageerror = fallBack;
    worker.onmessage = (event: MessageEvent<DownloadReport>) => {
      const report = event.data;
      if (report.type === 'progress') onProgress(report.loadedBytes, report.totalBytes);
      else if (report.type === 'done' && !settled) {
        settled = true;
        // Not at once: a worker ended in the same moment as its last fetch loses that fetch's
        // "finished" notice to DevTools, and tools that watch the page (Lighthouse, Playwright's
        // network-idle) then count it open for ever. The worker holds nothing by now (the bytes
        // were transferred), so a moment's grace costs nothing.
        setTimeout(() => worker.terminate(), DOWNLOAD_WORKER_GRACE_MS);
        markDownloaded(kind, report.transfers);
        resolve(null);
      }
    };
  });
  worker.postMessage({ type: 'download', files: [...files] } satisfies DownloadCommand, [channel.port1]);
  return { delivery: channel.port2, runtime };
}

/**
 * Fetched on the app's origin (so the browser's HTTP cache serves later visits, and offline ones)
 * and handed to the frame, whose opaque origin gets no cache.
 */
function fetchRuntime(kind: RuntimeKind, onProgress: DownloadProgress): RuntimeHandoff {
  const assets = runtimeAssets(kind);
  if (!assets) return { delivery: null, runtime: Promise.resolve({ workerSource: null, files: [] }) };
  const files = [assets.worker, ...assets.data];
  const workerUrl = runtimeDownloaderUrl();
  return workerUrl && typeof Worker !== 'undefined' && typeof MessageChannel !== 'undefined'
    ? downloadInWorker(kind, workerUrl, files, onProgress)
    : { delivery: null, runtime: downloadOnPage(kind, files, onProgress) };
}

/**
 * One runtime in a hidden sandbox frame (/api/sandbox/<kind>). The page enforces the time limit: when
 * it runs out the iframe is removed, which destroys the frame's workers whatever the learner's
 * code is doing. Every message from the frame is parsed before use and output is capped.
 */
export function openRuntimeSandbox(kind: RuntimeKind, onProgress: DownloadProgress = () => undefined): RuntimeSandbox {
  const iframe = createHiddenFrame(`${kind} runtime`);
  const connection = connectSandboxFrame(iframe, kind);
  let port: MessagePort | null = null;
  let alive = true;
  let active: ActiveRun | null = null;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let markReady: () => void = () => undefined;
  let markFailed: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => undefined);

  // Each step in a task of its own (see nextTask): the frame goes in, then the download starts.
  const handoff: Promise<RuntimeHandoff | null> = nextTask()
    .then(() => {
      if (alive) document.body.appendChild(iframe);
      return nextTask();
    })
    .then(() => (alive ? fetchRuntime(kind, onProgress) : null))
    .catch((error: unknown) => {
      // Nothing to hand the frame: it could never start, so the page says so now.
      destroy(errorMessage(error), true);
      return null;
    });

  function destroy(reason = 'The code runner was stopped.', crashed = false) {
    if (!alive) return;
    alive = false;
    if (crashed) reportCrash({ kind, reason });
    connection.cancel();
    port?.close();
    void handoff.then((started) => started?.delivery?.close());
    iframe.remove();
    markFailed(new Error(reason));
    active?.finish({ kind: 'broken', output: active.output, reason });
  }

  function append(run: ActiveRun, text: string) {
    const room = OUTPUT_LIMIT_CHARS - run.output.length;
    if (room <= 0) return;
    const chunk = text.length > room ? `${text.slice(0, room)}${CUT_NOTICE}` : text;
    run.output += chunk;
    run.onOutput(chunk);
  }

  function receive(data: unknown) {
    const parsed = runtimeMessageSchema.safeParse(data);
    if (!parsed.success) {
      destroy('The code runner sent an answer the page could not read, so it was restarted.', true);
      return;
    }
    const message = parsed.data;
    if (message.type === 'ready') markReady();
    else if (message.type === 'failed') destroy(message.message, true);
    else if (active?.id === message.id) {
      if (message.type === 'output') append(active, message.text);
      else if (message.type === 'input-request') askFor(active, message.prompt);
      else active.finish({ kind: 'finished', output: active.output, outcome: message.outcome });
    }
  }

  /**
   * A question from the run: only an interactive run asks, one question at a time; any other is
   * ignored (learner code can post messages of its own from the worker). The time limit waits
   * with the learner; the answer goes back for this run only, as one line of at most the limit.
   */
  function askFor(run: ActiveRun, prompt: string) {
    if (!run.ask || run.asking) return;
    run.asking = true;
    run.pause();
    run.ask(prompt).then(
      (text) => {
        if (active !== run || !alive || !port) return;
        run.asking = false;
        run.resume();
        const line = String(text).slice(0, INPUT_LIMIT_CHARS).replace(/[\r\n][\s\S]*$/, '');
        port.postMessage({ type: 'input', id: run.id, text: line } satisfies InputAnswer);
      },
      // The page gave up asking (it closed): the run waits until it is stopped.
      () => undefined,
    );
  }

  connection.port.then(
    (opened) => {
      if (!alive) {
        opened.close();
        return;
      }
      port = opened;
      opened.onmessage = (event) => receive(event.data);
      void handoff.then((started) => {
        if (!alive || !started) return;
        if (started.delivery) opened.postMessage({ type: 'delivery' } satisfies DeliveryCommand, [started.delivery]);
        void started.runtime.then((fetched) => {
          if (alive && fetched) opened.postMessage({ type: 'start', ...fetched } satisfies StartCommand, fetched.files.map((file) => file.bytes));
        });
      });
    },
    (error: unknown) => destroy(errorMessage(error), true),
  );

  async function runNow(request: RunRequest, onOutput: (text: string) => void, limitMs: number, controls: RunControls = {}): Promise<SandboxRun> {
    const { signal, onInput } = controls;
    // Stop while the runtime is still loading ends this run only; the runtime goes on loading.
    const stopped = new Promise<'stopped'>((resolve) => {
      if (signal?.aborted) resolve('stopped');
      signal?.addEventListener('abort', () => resolve('stopped'), { once: true });
    });
    try {
      if ((await Promise.race([ready.then(() => 'ready' as const), stopped])) === 'stopped') return { kind: 'stopped', output: '' };
    } catch (error) {
      return { kind: 'broken', output: '', reason: errorMessage(error) };
    }
    const channel = port;
    if (!alive || !channel) return { kind: 'broken', output: '', reason: 'The code runner was stopped.' };
    return new Promise<SandboxRun>((resolve) => {
      const id = (nextId += 1);
      let timer: ReturnType<typeof setTimeout> | undefined;
      let remaining = limitMs;
      let since = Date.now();
      const onAbort = () => {
        run.finish({ kind: 'stopped', output: run.output });
        destroy();
      };
      const run: ActiveRun = {
        id,
        output: '',
        onOutput,
        finish: (result) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (active === run) active = null;
          resolve(result);
        },
        ask: onInput ?? null,
        asking: false,
        pause() {
          clearTimeout(timer);
          remaining -= Date.now() - since;
        },
        resume() {
          since = Date.now();
          timer = setTimeout(() => {
            run.finish({ kind: 'timed-out', output: run.output });
            destroy();
          }, Math.max(0, remaining));
        },
      };
      run.resume();
      signal?.addEventListener('abort', onAbort, { once: true });
      active = run;
      channel.postMessage({ type: 'run', id, request, interactive: onInput !== undefined } satisfies RunCommand);
    });
  }

  return {
    ready,
    run(request, onOutput, limitMs, controls) {
      const next = queue.then(() => runNow(request, onOutput, limitMs, controls));
      queue = next.catch(() => undefined);
      return next;
    },
    get alive() {
      return alive;
    },
    destroy: () => destroy(),
  };
}
