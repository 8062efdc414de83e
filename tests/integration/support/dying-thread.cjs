// A stand-in for src/server/db/pglite-thread.cjs that opens, then dies at its first statement
// (exit code 3), as a thread would on a crash: tests/integration/pglite-thread.test.ts.
const { parentPort } = require('node:worker_threads');

if (!parentPort) throw new Error('dying-thread.cjs runs only as a worker thread');
parentPort.on('message', () => process.exit(3));
parentPort.postMessage({ ready: true });
