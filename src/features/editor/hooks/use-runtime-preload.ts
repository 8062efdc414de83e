import { useEffect } from 'react';
import type { LessonType } from '@/domain/lessons/lesson-type';
import { nextTask } from '@/runner/browser/next-task';
import { whenLoadedAndIdle } from '@/lib/when-idle';
import { reportRuntimeCrash } from '@/lib/monitoring/report-runtime-crash';

/** What a page knows about the code its learner is about to run. */
export type RuntimeNeed = { trackId: string } | { lessonTypes: readonly (LessonType | null)[] };

/** Tracks whose lessons run Python (the only runtime slow enough to start ahead). */
const PYTHON_TRACKS: ReadonlySet<string> = new Set(['python']);

export function needsPython(need: RuntimeNeed): boolean {
  return 'trackId' in need ? PYTHON_TRACKS.has(need.trackId) : need.lessonTypes.includes('Python');
}

/**
 * Starts the runtime a chapter (or a section) needs as soon as its page opens, so a chapter that
 * begins with reading lessons has Python warm by its first code lesson, and a learner coming from
 * the section page finds it already loading. Python stays loaded for a while after the page closes
 * (python-runtime.ts), so moving on to the lesson does not restart it.
 */
export function useRuntimePreload(need: RuntimeNeed): void {
  const python = needsPython(need);
  useEffect(() => {
    if (!python) return;
    let cancelled = false;
    let release: (() => void) | null = null;
    const cancelIdle = whenLoadedAndIdle(() => {
      void import('@/runner/browser/python-runtime').then(async ({ preloadPython, onRuntimeCrash }) => {
        // Python starts in a task after the one that evaluated its chunk (see nextTask).
        await nextTask();
        onRuntimeCrash(reportRuntimeCrash);
        if (!cancelled) release = preloadPython();
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      release?.();
    };
  }, [python]);
}
