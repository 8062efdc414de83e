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
import { capOutput, type ChildMessage, type ParentMessage } from './sandbox-protocol';

// Pyodide's Emscripten file system reads only the constants table through process.binding,
// which the permission model refuses wholesale; answer that one table and nothing else.
const host = process as unknown as { binding: (name: string) => unknown };
const binding = host.binding.bind(process);
Object.defineProperty(process, 'binding', {
  configurable: true,
  writable: true,
  value: (name: string) => (name === 'constants' ? { fs: fsConstants, os: osConstants } : binding(name)),
});

const engine = createNodeCheckEngine({ runScripts: process.argv.includes('--run-page-scripts') });
const send = (message: ChildMessage) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** A tiny program per language: loading the runtime before a request arrives keeps runs warm. */
const WARM_UP: Record<RunRequest['lessonType'], RunRequest['files']> = {
  Python: [{ name: 'main.py', content: 'pass' }],
  JS: [{ name: 'main.js', content: '' }],
  SQL: [{ name: 'main.sql', content: 'select 1;' }],
  HTML: [{ name: 'index.html', content: '<p></p>' }],
};

async function handle(message: ParentMessage): Promise<void> {
  if (message.type === 'prepare') {
    await engine.run({ lessonType: message.lessonType, files: WARM_UP[message.lessonType], checks: [] });
    send({ type: 'ready', lessonType: message.lessonType });
    return;
  }
  const result = await engine.run(message.request);
  send({ type: 'result', id: message.id, result: result.status === 'ran' ? { ...result, output: capOutput(result.output) } : result });
}

// One message at a time, in order: a run never overlaps another in the same process.
let queue = Promise.resolve();
createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  queue = queue.then(() => handle(JSON.parse(line) as ParentMessage)).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message.slice(0, 2000) : 'The runner failed.' });
  });
});
process.stdin.on('end', () => process.exit(0));
