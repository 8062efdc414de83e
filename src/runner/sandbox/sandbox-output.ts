/**
 * The output cap of a sandbox run, apart from the wire's schemas (sandbox-protocol.ts): the sandbox
 * process imports only this, so it does not load zod (three quarters of its bundle) on every start.
 */

/** The most output a run returns to the app; the rest is cut with a note. */
export const MAX_RESULT_OUTPUT_CHARS = 64 * 1024;

/** Cuts a run's output to what the app keeps, saying so at the end. */
export function capOutput(output: string): string {
  if (output.length <= MAX_RESULT_OUTPUT_CHARS) return output;
  return `${output.slice(0, MAX_RESULT_OUTPUT_CHARS)}\n… output cut at ${MAX_RESULT_OUTPUT_CHARS / 1024} KB\n`;
}
