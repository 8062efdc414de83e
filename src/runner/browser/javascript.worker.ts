/// <reference lib="webworker" />
/**
 * Runs a learner's JavaScript in a throw-away worker of the javascript sandbox frame: console
 * captured, one run per worker. The worker's origin is opaque and it inherits the frame's policy,
 * so storage, the app's API and every other URL are out of reach; the boundary is the origin and
 * the policy, not a list of deleted globals (a nested worker would get them back).
 */
import { formatConsoleValue } from '../console-format';
import { errorMessage, type RunCommand, type RuntimeMessage, type WireOutcome } from './sandbox-messages';
declare const self: DedicatedWorkerGlobalScope;

const post = (message: RuntimeMessage) => self.postMessage(message);

function lineOf(error: unknown): number | null {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const match = /<anonymous>:(\d+):\d+/.exec(stack) ?? /eval.*?:(\d+):\d+/.exec(stack);
  // new Function adds two lines of its own before the body.
  return match?.[1] ? Math.max(1, Number(match[1]) - 2) : null;
}

function run({ id, request }: RunCommand): WireOutcome {
  const entry = request.files.find((file) => /\.(js|jsx)$/.test(file.name));
  if (!entry) return { status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' };
  const print = (...values: unknown[]) => post({ type: 'output', id, text: `${values.map(formatConsoleValue).join(' ')}\n` });
  const console = { log: print, info: print, warn: print, error: print, debug: print };
  const assert = (condition: unknown, message?: string) => {
    if (!condition) throw new Error(message ?? 'Assertion failed');
  };
  // The learner's code and the checks share one scope, as in Node's vm context.
  const program = `${entry.content}\n;return (code) => eval(code);`;
  let evaluate: (code: string) => unknown;
  try {
    evaluate = new Function('console', 'assert', program)(console, assert) as (code: string) => unknown;
  } catch (caught) {
    const error = { type: caught instanceof Error ? caught.name : 'Error', message: errorMessage(caught), line: lineOf(caught), file: entry.name };
    return { status: 'ran', error, assertionFailures: [], queryResult: null, pageChecks: [] };
  }
  const assertionFailures: [number, string | null][] = [];
  request.checks.forEach((check, index) => {
    if (check.type !== 'assert') return;
    try {
      evaluate(check.code);
      assertionFailures.push([index, null]);
    } catch (caught) {
      assertionFailures.push([index, errorMessage(caught)]);
    }
  });
  return { status: 'ran', error: null, assertionFailures, queryResult: null, pageChecks: [] };
}

self.onmessage = (event: MessageEvent<RunCommand>) => {
  if (event.data.type !== 'run') return;
  post({ type: 'result', id: event.data.id, outcome: run(event.data) });
};

export {};
