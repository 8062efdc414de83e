/// <reference lib="webworker" />
/**
 * Runs a learner's JavaScript in a throw-away worker: console captured, network APIs removed,
 * terminated by the page on a timer. Reports output, error and assertion outcomes; the page
 * applies the shared check rules.
 */
import { formatConsoleValue } from '@/runner/console-format';
declare const self: DedicatedWorkerGlobalScope;

interface JsRun {
  source: string;
  fileName: string;
  asserts: { index: number; code: string }[];
}

const scope = self as unknown as Record<string, unknown>;
for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'indexedDB', 'caches']) {
  try {
    scope[name] = undefined;
  } catch {
    // Not writable in this browser; the worker has no credentials or DOM anyway.
  }
}

function lineOf(error: unknown): number | null {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const match = /<anonymous>:(\d+):\d+/.exec(stack) ?? /eval.*?:(\d+):\d+/.exec(stack);
  // new Function adds two lines of its own before the body.
  return match?.[1] ? Math.max(1, Number(match[1]) - 2) : null;
}

self.onmessage = (event: MessageEvent<JsRun>) => {
  const { source, fileName, asserts } = event.data;
  const print = (...values: unknown[]) => self.postMessage({ type: 'output', text: `${values.map(formatConsoleValue).join(' ')}\n` });
  const console = { log: print, info: print, warn: print, error: print, debug: print };
  const assert = (condition: unknown, message?: string) => {
    if (!condition) throw new Error(message ?? 'Assertion failed');
  };
  let error: { type: string; message: string; line: number | null; file: string | null } | null = null;
  // The learner's code and the checks share one scope, as in Node's vm context.
  const program = `${source}\n;return (code) => eval(code);`;
  let evaluate: ((code: string) => unknown) | null = null;
  try {
    evaluate = new Function('console', 'assert', program)(console, assert) as (code: string) => unknown;
  } catch (caught) {
    error = { type: caught instanceof Error ? caught.name : 'Error', message: caught instanceof Error ? caught.message : String(caught), line: lineOf(caught), file: fileName };
  }
  const assertionFailures: [number, string | null][] = [];
  if (!error && evaluate) {
    for (const check of asserts) {
      try {
        evaluate(check.code);
        assertionFailures.push([check.index, null]);
      } catch (caught) {
        assertionFailures.push([check.index, caught instanceof Error ? caught.message : String(caught)]);
      }
    }
  }
  self.postMessage({ type: 'done', error, assertionFailures });
};

export {};
