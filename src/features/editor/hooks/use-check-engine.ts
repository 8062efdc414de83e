import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BrowserCheckEngine } from '@/runner/browser/browser-check-engine';
import { pythonProgress, type RuntimeStatus } from '@/runner/browser/runtime-progress';

type LessonType = Parameters<BrowserCheckEngine['warmUp']>[0];

/**
 * The page's check engine, as a handle that never changes: the engine itself (its chunk and its
 * sandbox frames) is made when the learner first reaches for the page (a press, a touch or a key)
 * or on the first run, never during the page's load: Python, the one slow runtime, is started
 * ahead by useRuntimePreload and shared with the engine.
 * Nothing here is React state, so making the engine and starting Python re-render nothing; the
 * few components that show the runtime's state read it with usePythonStatus.
 */
export interface CheckEngineHandle {
  /** Starts the runtime a lesson will need at the learner's first press, touch or key. */
  warmUp(lessonType: LessonType): void;
  run(...args: Parameters<BrowserCheckEngine['run']>): ReturnType<BrowserCheckEngine['run']>;
}

interface OwnedHandle extends CheckEngineHandle {
  /** Stops the engine; a later warm-up or run makes a new one (React may remount in development). */
  dispose(): void;
}

const REACH_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;

/** Calls `start` once, at the learner's first press, touch or key anywhere on the page. */
function onFirstReach(start: () => void): () => void {
  const listener = () => {
    stop();
    start();
  };
  const stop = () => REACH_EVENTS.forEach((type) => window.removeEventListener(type, listener, true));
  REACH_EVENTS.forEach((type) => window.addEventListener(type, listener, { capture: true, passive: true }));
  return stop;
}

export function createCheckEngineHandle(load = () => import('@/runner/browser/browser-check-engine').then((module) => module.createBrowserCheckEngine())): OwnedHandle {
  let engine: Promise<BrowserCheckEngine> | null = null;
  let generation = 0;
  let cancelIdle: (() => void) | null = null;
  const current = () => {
    if (!engine) {
      const made = generation;
      engine = load().then((created) => {
        // Disposed while its chunk was loading: this one is never used.
        if (made !== generation) created.dispose();
        return created;
      });
    }
    return engine;
  };
  return {
    warmUp(lessonType) {
      cancelIdle?.();
      const made = generation;
      cancelIdle = onFirstReach(() => {
        void current().then((created) => {
          if (made === generation) created.warmUp(lessonType);
        });
      });
    },
    run: async (request, onOutput) => (await current()).run(request, onOutput),
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
