/**
 * The script the server runs inside each learner's vm context before the program
 * (node/javascript-runner.ts bundles it with javascript-in-realm.ts). Everything it keeps is taken
 * from the context's own built-ins at load, before any learner code exists, exactly as the
 * browser's javascript worker does in its own realm. Nothing of the host process is in the context:
 * the request comes in as a string and the outcome leaves as a string.
 */
import { javascriptEntryFile, runJavaScriptInThisRealm, type InRealmOutcome } from '../javascript-in-realm';
import type { RunRequest } from '../run-types';

const stringify = JSON.stringify;
const parse = JSON.parse;
const defineProperty = Object.defineProperty;
const freeze = Object.freeze;
const parseHex = Number.parseInt;
const slice = (text: string, start: number, end: number) => String.prototype.slice.call(text, start, end);

/** What the host reads back: the outcome and what the program printed, or why the run broke. */
export type ContextAnswer = { outcome: InRealmOutcome | null; output: string } | { broken: string };

/**
 * The context's crypto.getRandomValues, fed with random bytes the host hands in (names the
 * program must not guess carry them). It never repeats a byte: a program that drains it only
 * breaks its own run.
 */
function installRandomness(hex: string): void {
  let at = 0;
  const getRandomValues = <T extends Uint8Array>(bytes: T): T => {
    if (at + bytes.length * 2 > hex.length) throw new Error('The run has no randomness left.');
    for (let index = 0; index < bytes.length; index += 1) {
      bytes[index] = parseHex(slice(hex, at, at + 2), 16);
      at += 2;
    }
    return bytes;
  };
  defineProperty(globalThis, 'crypto', { value: freeze({ getRandomValues }), configurable: false, writable: false, enumerable: false });
}

function run(payload: string): string {
  // Called once by the host before the program runs; the program then finds no trace of it.
  Reflect.deleteProperty(globalThis, '__codetrail_run');
  try {
    const { request, random } = parse(payload) as { request: RunRequest; random: string };
    installRandomness(random);
    let output = '';
    // What was printed so far, for a run its time limit stops (javascript-runner.ts).
    defineProperty(globalThis, '__codetrail_output', { value: () => output, configurable: true, writable: true, enumerable: false });
    const outcome = runJavaScriptInThisRealm(request, (text) => {
      output += text;
    });
    return stringify({ outcome, output } satisfies ContextAnswer);
  } catch (caught) {
    let message = 'The JavaScript runner failed.';
    try {
      message = String((caught as { message?: unknown }).message ?? caught);
    } catch {
      // A thrown value whose message cannot be read.
    }
    return stringify({ broken: slice(message, 0, 2000) } satisfies ContextAnswer);
  }
}

defineProperty(globalThis, '__codetrail_run', { value: run, configurable: true, writable: false, enumerable: false });
// Kept by the bundler: the module's only effect is the definition above.
export { javascriptEntryFile };
