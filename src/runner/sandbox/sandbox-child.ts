/**
 * The entry of a sandbox process (bundled by build-sandbox-child.ts, started by the pool). It is
 * the only place on the server where learner code runs: under Node's permission model (no file
 * writes, reads only of node_modules, no child processes, no workers), in its own network
 * namespace, as an unprivileged user, with an empty environment, and killed by the parent at its
 * time, memory and output limits. It reads newline-delimited JSON requests on stdin and answers
 * on stdout (see sandbox-protocol.ts).
 */
import { constants as fsConstants } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { createInterface } from 'node:readline';
import { createNodeCheckEngine } from '../node/node-check-engine';
import type { RunRequest } from '../run-types';
import { capOutput } from './sandbox-output';
import type { ChildMessage, ParentMessage } from './sandbox-protocol';

// Pyodide's Emscripten file system reads only the constants table through process.binding,
// which the permission model refuses wholesale; answer that one table and nothing else.
const host = process as unknown as { binding: (name: string) => unknown };
const binding = host.binding.bind(process);
Object.defineProperty(process, 'binding', {
  configurable: true,
  writable: true,
  value: (name: string) => (name === 'constants' ? { fs: fsConstants, os: osConstants } : binding(name)),
});

const keepHostGlobals = process.argv.includes('--keep-host-globals');
// With the lock-down off (only the tests of the layers beneath), JavaScript runs are handed the
// process too, as if they had escaped their realm: those tests show what it still cannot do.
const snapshot = process.argv.find((arg) => arg.startsWith('--python-snapshot='))?.slice('--python-snapshot='.length);
const engine = createNodeCheckEngine({
  runScripts: process.argv.includes('--run-page-scripts'),
  javascript: { handInProcess: keepHostGlobals },
  python: snapshot ? { snapshot } : {},
});
// The channel to the parent, held only here: learner code never gets a way to write to it.
const channel = process.stdout;
const input = process.stdin;
const exit = process.exit.bind(process);
const send = (message: ChildMessage) => channel.write(`${JSON.stringify(message)}\n`);

/**
 * Once the runtime is loaded, and before any learner code runs, the process's own objects leave
 * the global scope: `process` (its stdout is the verdict channel, its `getBuiltinModule` every
 * module) and `console` (which writes to that stdout). The launcher also refuses code generation
 * from strings in this realm (`--disallow-code-generation-from-strings`), so a function of the host
 * handed to learner code (`console.log.constructor('return process')`) compiles nothing, and
 * Python's `js` module (this realm's globalThis) finds neither. A program that could write a
 * result line could forge its own verdict, which the server now records (docs/features/grading.md).
 */
let lockedDown = false;
function lockDown(): void {
  if (lockedDown) return;
  lockedDown = true;
  if (keepHostGlobals) return; // only the tests of the layers beneath (sandbox-pool.ts)
  const silent = () => undefined;
  const quiet = Object.freeze({ log: silent, info: silent, warn: silent, error: silent, debug: silent, trace: silent, dir: silent, table: silent, time: silent, timeEnd: silent, assert: silent });
  Object.defineProperty(globalThis, 'console', { configurable: false, writable: false, value: quiet });
  Reflect.deleteProperty(globalThis, 'process');
}

/** A tiny program per language: loading the runtime before a request arrives keeps runs warm. */
const WARM_UP: Record<RunRequest['lessonType'], RunRequest['files']> = {
  Python: [{ name: 'main.py', content: 'pass' }],
  JS: [{ name: 'main.js', content: '' }],
  SQL: [{ name: 'main.sql', content: 'select 1;' }],
  HTML: [{ name: 'index.html', content: '<p></p>' }],
};

async function handle(message: ParentMessage): Promise<void> {
  // No run before the lock-down (the parent always prepares first; a stray run is refused).
  if (message.type === 'run' && !lockedDown) {
    send({ type: 'failed', message: 'The runner was not prepared.' });
    return;
  }
  if (message.type === 'prepare') {
    await engine.run({ lessonType: message.lessonType, files: WARM_UP[message.lessonType], checks: [] });
    lockDown();
    send({ type: 'ready', lessonType: message.lessonType });
    return;
  }
  const result = await engine.run(message.request);
  send({ type: 'result', id: message.id, result: result.status === 'ran' ? { ...result, output: capOutput(result.output) } : result });
}

// One message at a time, in order: a run never overlaps another in the same process.
let queue = Promise.resolve();
createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
  queue = queue.then(() => handle(JSON.parse(line) as ParentMessage)).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message.slice(0, 2000) : 'The runner failed.' });
  });
});
input.on('end', () => exit(0));
// A learner's promise that rejects after its run (a refused `import()`) must not end the process mid-conversation.
process.on('unhandledRejection', () => undefined);
