/**
 * Resolves in a task of its own, so the step after it does not run in the task before it (the
 * editor after its grammar's chunk, a page-side download between its slices). Starting
 * a runtime is several steps that each hold the page's main thread for a moment (building the
 * frame, inserting it, starting the download worker); one after another in one task they made a
 * single long task after the page's load, where a learner's tap waits and Lighthouse counts it
 * as blocking time.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
