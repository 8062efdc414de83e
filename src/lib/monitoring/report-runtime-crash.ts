import { reportError } from './report-error';

/**
 * A runtime that crashed by itself (its sandbox frame or worker failed, or sent what the page
 * could not read), as runtime-sandbox.ts's onRuntimeCrash hands it over: logged and reported like
 * every other failure. Time limits are the learner's code, not a crash, and never reach this.
 */
export function reportRuntimeCrash({ kind, reason }: { kind: string; reason: string }): void {
  reportError(new Error(`The ${kind} runtime failed: ${reason}`), { area: 'runner', message: `runner: the ${kind} runtime failed`, extra: { runtime: kind } });
}
