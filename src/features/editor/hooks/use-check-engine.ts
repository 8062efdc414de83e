import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BrowserCheckEngine } from '@/runner/browser/browser-check-engine';
import { nextTask } from '@/runner/browser/next-task';
import { pythonProgress, type RuntimeStatus } from '@/runner/browser/runtime-progress';
import { whenLoadedAndIdle } from '@/lib/when-idle';
import { reportRuntimeCrash } from '@/lib/monitoring/report-runtime-crash';

type LessonType = Parameters<BrowserCheckEngine['warmUp']>[0];

/**
 * The page's check engine, as a handle that never changes: the engine itself (its chunk and its
 * sandbox frames) is made on the first warm-up, once the page has loaded and the browser is idle
 * (so its chunk is fetched while the learner is still online), or on the first run.
 * Nothing here is React state, so making the engine and starting Python re-render nothing; the
 * few components that show the runtime's state read it with usePythonStatus.
 */
export interface CheckEngineHandle {
  /** Starts the runtime a lesson will need, after the page's load. */
  warmUp(lessonType: LessonType): void;
  run(...args: Parameters<BrowserCheckEngine['run']>): ReturnType<BrowserCheckEngine['run']>;
}

interface OwnedHandle extends CheckEngineHandle {
  /** Stops the engine; a later warm-up or run makes a new one (React may remount in development). */
  dispose(): void;
}

const loadEngine = () =>
  import('@/runner/browser/browser-check-engine').then(async (module) => {
    // The engine is made in a task after the one that evaluated its chunk (see nextTask).
    await nextTask();
    module.onRuntimeCrash(reportRuntimeCrash);
    return module.createBrowserCheckEngine();
  });

export function createCheckEngineHandle(load = loadEngine): OwnedHandle {
  let engine: Promise<BrowserCheckEngine> | null = null;
  let generation = 0;
  let cancelIdle: (() => void) | null = null;
  const current = () => {
    if (!engine) {
      const made = generation;
      const loading = load().then((created) => {
        // Disposed while its chunk was loading: this one is never used.
        if (made !== generation) created.dispose();
        return created;
      });
      // A chunk that could not load (offline) is asked for again next time, not remembered as failed.
      loading.catch(() => {
        if (engine === loading) engine = null;
      });
      engine = loading;
    }
    return engine;
  };
  return {
    warmUp(lessonType) {
      cancelIdle?.();
      const made = generation;
      cancelIdle = whenLoadedAndIdle(() => {
        void current().then((created) => {
          if (made === generation) created.warmUp(lessonType);
        });
      });
    },
    run: async (request, onOutput, controls) => {
      let created: BrowserCheckEngine;
      try {
        created = await current();
      } catch {
        return { status: 'unsupported', reason: 'The code runner could not be loaded. Check your connection and try again.' };
      }
      return created.run(request, onOutput, controls);
    },
    dispose() {
      generation += 1;
      cancelIdle?.();
      cancelIdle = null;
      const stopping = engine;
      engine = null;
      void stopping?.then((created) => created.dispose());
    },
  };
}

/** One engine per page, shared by every lesson (or project) the learner moves through. */
export function useCheckEngine(): CheckEngineHandle {
  const [handle] = useState(() => createCheckEngineHandle());
  useEffect(() => () => handle.dispose(), [handle]);
  return handle;
}

const pythonStatus = () => pythonProgress.get().status;
const beforeHydration = (): RuntimeStatus => 'idle';

/** Python's state (idle, loading, ready, failed); re-renders only the component that asks. */
export function usePythonStatus(): RuntimeStatus {
  return useSyncExternalStore(pythonProgress.subscribe, pythonStatus, beforeHydration);
}
