import type { ProvidedFile } from './sandbox-messages';

/**
 * Downloading a runtime's files (Pyodide is about 12 MB) with real progress. It runs in a worker
 * of the app's own origin (runtime-download.worker.ts), so the page's main thread stays free for
 * the learner while Python arrives; the same code runs on the page if that worker cannot start.
 * No zod here: the worker bundles this file.
 */

/** One file to fetch, under /vendor/, with its size on disk (the progress denominator). */
export interface DownloadFile {
  path: string;
  bytes: number;
}

/** Bytes downloaded so far out of the expected total. */
export type DownloadProgress = (loadedBytes: number, totalBytes: number) => void;

export interface FetchedRuntime {
  /** The runtime's worker code (the first file), or null when it could not be fetched. */
  workerSource: string | null;
  /** The data files that could be fetched; the frame fetches any other itself. */
  files: ProvidedFile[];
}

/** Bytes that crossed the network for one file: 0 when the HTTP cache served it. */
export interface FileTransfer {
  path: string;
  transferSize: number;
}

/**
 * What each file cost on the network, from the Resource Timing entries of the thread that fetched
 * it (page or worker). The page records it as the `codetrail:runtime-downloaded` mark, which the
 * e2e spec and the benches read to prove a second visit downloads nothing.
 */
export function fileTransfers(files: readonly DownloadFile[], entries: readonly PerformanceEntry[]): FileTransfer[] {
  return files.flatMap((file) => {
    const entry = [...entries].reverse().find((candidate) => candidate.name.endsWith(`/vendor/${file.path}`)) as PerformanceResourceTiming | undefined;
    return entry ? [{ path: file.path, transferSize: entry.transferSize }] : [];
  });
}

/** Progress reaches the page at most this often (each report re-renders the status badge). */
const PROGRESS_EVERY_MS = 100;

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

/**
 * Gives the thread back between stretches of reading. From the HTTP cache every chunk is ready at
 * once, and on the page a loop of resolved reads would hold the main thread for the whole file.
 */
export interface ReadPacing {
  sliceMs: number;
  pause: () => Promise<void>;
}

/** The body in chunks, counting bytes as they arrive. */
export async function readWithProgress(response: Response, onBytes: (count: number) => void, pacing: ReadPacing | null): Promise<ArrayBuffer> {
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
    if (pacing && performance.now() - sliceStart > pacing.sliceMs) {
      await pacing.pause();
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

/**
 * Fetches the runtime's worker code and data files side by side (same origin: the browser's HTTP
 * cache serves later visits, and /vendor URLs are versioned and immutable). A file that cannot be
 * fetched is left out, so the frame fetches it itself.
 */
export async function downloadRuntime(
  all: readonly DownloadFile[],
  onProgress: DownloadProgress,
  pacing: ReadPacing | null,
  fetchFile: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<FetchedRuntime> {
  const total = all.reduce((sum, file) => sum + file.bytes, 0);
  let loaded = 0;
  const report = throttledProgress(onProgress);
  report(0, total);
  const fetchOne = async (path: string): Promise<ProvidedFile | null> => {
    try {
      const response = await fetchFile(`/vendor/${path}`);
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const bytes = await readWithProgress(
        response,
        (count) => {
          loaded += count;
          report(loaded, total);
        },
        pacing,
      );
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
 * Page → download worker, with one MessagePort (the delivery port) in the message's ports: the
 * worker posts the frame's StartCommand, bytes transferred, on that port; the page has handed the
 * port's other end to the runtime's frame. So the twelve megabytes and the worker's code are
 * copied across processes on the worker's thread, and never pass through the page's main thread.
 */
export interface DownloadCommand {
  type: 'download';
  files: DownloadFile[];
}

/** Download worker → page: progress, then what each file cost once the frame has its start command. */
export type DownloadReport = { type: 'progress'; loadedBytes: number; totalBytes: number } | { type: 'done'; transfers: FileTransfer[] };
