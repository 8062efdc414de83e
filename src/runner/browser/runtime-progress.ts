/**
 * What a runtime is doing while it starts, for the status badge: a small store outside React (the
 * runtimes live for the whole page, across routes), read with useSyncExternalStore.
 */
export type RuntimeStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RuntimeProgress {
  status: RuntimeStatus;
  /** Downloading the runtime's files, then starting it in its sandbox. */
  stage: 'download' | 'start' | null;
  loadedBytes: number;
  totalBytes: number;
}

export const IDLE_PROGRESS: RuntimeProgress = { status: 'idle', stage: null, loadedBytes: 0, totalBytes: 0 };

/** Share of the bar the download takes; starting the runtime (compiling wasm, booting Python) takes the rest. */
const DOWNLOAD_SHARE = 0.85;

/** 0–100 for a progress bar: bytes while downloading, then a fixed step while the runtime starts. */
export function progressPercent(progress: RuntimeProgress): number {
  if (progress.status === 'ready') return 100;
  if (progress.stage === 'start') return Math.round(DOWNLOAD_SHARE * 100);
  if (progress.stage !== 'download' || progress.totalBytes <= 0) return 0;
  return Math.round(Math.min(1, progress.loadedBytes / progress.totalBytes) * DOWNLOAD_SHARE * 100);
}

type Listener = () => void;

export function createProgressStore() {
  let current = IDLE_PROGRESS;
  const listeners = new Set<Listener>();
  return {
    get: () => current,
    set(next: Partial<RuntimeProgress>) {
      current = { ...current, ...next };
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Python's progress: the one runtime slow enough to need a bar. */
export const pythonProgress = createProgressStore();
