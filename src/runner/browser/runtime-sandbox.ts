import type { RunRequest } from '../run-types';
import { connectSandboxFrame, createHiddenFrame } from './sandbox-connection';
import { runtimeMessageSchema } from './sandbox-message-schemas';
import { runtimeAssets } from './runtime-assets';
import { OUTPUT_LIMIT_CHARS, errorMessage, type ProvidedFile, type RunCommand, type StartCommand, type WireOutcome } from './sandbox-messages';

export type RuntimeKind = 'python' | 'javascript' | 'sql';

export type SandboxRun =
  | { kind: 'finished'; output: string; outcome: WireOutcome }
  /** The page's time limit ran out: the frame and its workers were destroyed. */
  | { kind: 'timed-out'; output: string }
  /** The runtime failed or sent something the page could not read: the frame was destroyed. */
  | { kind: 'broken'; output: string; reason: string };

export interface RuntimeSandbox {
  /** Resolves when the runtime has loaded (Pyodide, sql.js, the JavaScript worker code). */
  ready: Promise<void>;
  /** Runs one request; runs queue one after another. */
  run: (request: RunRequest, onOutput: (text: string) => void, limitMs: number) => Promise<SandboxRun>;
  /** False once destroyed (time limit, failure or dispose): open a new one. */
  readonly alive: boolean;
  destroy: () => void;
}

const CUT_NOTICE = `\n[Output cut: a run shows at most ${OUTPUT_LIMIT_CHARS.toLocaleString('en')} characters.]\n`;

interface ActiveRun {
  id: number;
  output: string;
  onOutput: (text: string) => void;
  finish: (run: SandboxRun) => void;
}

/** Bytes downloaded so far out of the expected total, as the page fetches a runtime's files. */
export type DownloadProgress = (loadedBytes: number, totalBytes: number) => void;

/** Longest stretch of reading before the page gets the main thread back (input, rendering). */
const READ_SLICE_MS = 8;
/** Progress reaches the page at most this often (each report re-renders the status badge). */
const PROGRESS_EVERY_MS = 100;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The body in chunks, counting bytes as they arrive. From the HTTP cache every chunk is ready at
 * once, and a loop of resolved reads would hold the main thread for the whole 12 MB of Pyodide:
 * reading yields to the page every READ_SLICE_MS so it never becomes one long task.
 */
async function readWithProgress(response: Response, onBytes: (count: number) => void): Promise<ArrayBuffer> {
  if (!response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let sliceStart = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    onBytes(value.byteLength);
    if (performance.now() - sliceStart > READ_SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** Calls `report` at most every PROGRESS_EVERY_MS, and always for the last byte. */
export function throttledProgress(report: DownloadProgress, now: () => number = () => performance.now()): DownloadProgress {
  let last = Number.NEGATIVE_INFINITY;
  return (loaded, total) => {
    const time = now();
    if (loaded < total && time - last < PROGRESS_EVERY_MS) return;
    last = time;
    report(loaded, total);
  };
}

interface FetchedRuntime {
  workerSource: string | null;
  files: ProvidedFile[];
}

/**
 * Fetched by the page (same origin, so the browser's HTTP cache serves later visits: /vendor URLs
 * are versioned and immutable) and handed to the frame, whose opaque origin gets no cache. A file
 * that cannot be fetched is left to the frame.
 */
async function fetchRuntime(kind: RuntimeKind, onProgress: DownloadProgress): Promise<FetchedRuntime> {
  const assets = runtimeAssets(kind);
  if (!assets) return { workerSource: null, files: [] };
  const all = [assets.worker, ...assets.data];
  const total = all.reduce((sum, file) => sum + file.bytes, 0);
  let loaded = 0;
  const report = throttledProgress(onProgress);
  report(0, total);
  const fetchOne = async (path: string): Promise<ProvidedFile | null> => {
    try {
      const response = await fetch(`/vendor/${path}`);
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const bytes = await readWithProgress(response, (count) => {
        loaded += count;
        report(loaded, total);
      });
      return { path, type: response.headers.get('Content-Type') ?? 'application/octet-stream', bytes };
    } catch {
      return null;
    }
  };
  const [worker, ...data] = await Promise.all(all.map((file) => fetchOne(file.path)));
  return {
    workerSource: worker ? new TextDecoder().decode(worker.bytes) : null,
    files: data.filter((file): file is ProvidedFile => file !== null),
  };
}

/**
 * One runtime in a hidden sandbox frame (/api/sandbox/<kind>). The page enforces the time limit: when
 * it runs out the iframe is removed, which destroys the frame's workers whatever the learner's
 * code is doing. Every message from the frame is parsed before use and output is capped.
 */
export function openRuntimeSandbox(kind: RuntimeKind, onProgress: DownloadProgress = () => undefined): RuntimeSandbox {
  const iframe = createHiddenFrame(`${kind} runtime`);
  const connection = connectSandboxFrame(iframe, kind);
  document.body.appendChild(iframe);
  const runtime = fetchRuntime(kind, onProgress);

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

  function destroy(reason = 'The code runner was stopped.') {
    if (!alive) return;
    alive = false;
    connection.cancel();
    port?.close();
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
      destroy('The code runner sent an answer the page could not read, so it was restarted.');
      return;
    }
    const message = parsed.data;
    if (message.type === 'ready') markReady();
    else if (message.type === 'failed') destroy(message.message);
    else if (active?.id === message.id) {
      if (message.type === 'output') append(active, message.text);
      else active.finish({ kind: 'finished', output: active.output, outcome: message.outcome });
    }
  }

  connection.port.then(
    (opened) => {
      if (!alive) {
        opened.close();
        return;
      }
      port = opened;
      opened.onmessage = (event) => receive(event.data);
      void runtime.then(({ workerSource, files }) => {
        if (alive) opened.postMessage({ type: 'start', workerSource, files } satisfies StartCommand, files.map((file) => file.bytes));
      });
    },
    (error: unknown) => destroy(errorMessage(error)),
  );

  async function runNow(request: RunRequest, onOutput: (text: string) => void, limitMs: number): Promise<SandboxRun> {
    try {
      await ready;
    } catch (error) {
      return { kind: 'broken', output: '', reason: errorMessage(error) };
    }
    const channel = port;
    if (!alive || !channel) return { kind: 'broken', output: '', reason: 'The code runner was stopped.' };
    return new Promise<SandboxRun>((resolve) => {
      const id = (nextId += 1);
      const run: ActiveRun = {
        id,
        output: '',
        onOutput,
        finish: (result) => {
          clearTimeout(timer);
          if (active === run) active = null;
          resolve(result);
        },
      };
      const timer = setTimeout(() => {
        run.finish({ kind: 'timed-out', output: run.output });
        destroy();
      }, limitMs);
      active = run;
      channel.postMessage({ type: 'run', id, request } satisfies RunCommand);
    });
  }

  return {
    ready,
    run(request, onOutput, limitMs) {
      const next = queue.then(() => runNow(request, onOutput, limitMs));
      queue = next.catch(() => undefined);
      return next;
    },
    get alive() {
      return alive;
    },
    destroy: () => destroy(),
  };
}
