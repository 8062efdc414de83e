/// <reference lib="webworker" />
/**
 * Runs a learner's JavaScript in a throw-away worker of the javascript sandbox frame: console
 * captured, one run per worker. The worker's origin is opaque and it inherits the frame's policy,
 * so storage, the app's API and every other URL are out of reach; the boundary is the origin and
 * the policy, not a list of deleted globals (a nested worker would get them back). The run itself,
 * with the checks kept out of the program's reach, is javascript-in-realm.ts (shared with Jest).
 */
import { runJavaScriptInThisRealm } from '../javascript-in-realm';
import type { RunCommand, RuntimeMessage, WireOutcome } from './sandbox-messages';
declare const self: DedicatedWorkerGlobalScope;

// Taken before any learner code runs: the program may replace self.postMessage.
const postMessage = self.postMessage.bind(self);
const post = (message: RuntimeMessage) => postMessage(message);

function run({ id, request }: RunCommand): WireOutcome {
  const outcome = runJavaScriptInThisRealm(request, (text) => post({ type: 'output', id, text }));
  if (!outcome) return { status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' };
  return { status: 'ran', error: outcome.error, assertionFailures: outcome.assertionFailures, queryResult: null, pageChecks: [], hint: outcome.hint };
}

self.onmessage = (event: MessageEvent<RunCommand>) => {
  if (event.data.type !== 'run') return;
  post({ type: 'result', id: event.data.id, outcome: run(event.data) });
};

export {};
