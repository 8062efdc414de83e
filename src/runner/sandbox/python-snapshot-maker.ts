/**
 * Makes the Python sandboxes' memory snapshot (python-snapshot.ts): boots Pyodide once, installs
 * the harness, and writes the interpreter's memory to the file named on the command line. It runs
 * only Codetrail's own code (no learner's), in a process of its own, once per Pyodide and harness.
 */
import { writeFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';
import { installPythonHarness } from '../python-run';

const out = process.argv[2];
if (!out) throw new Error('Usage: python-snapshot-maker <file>');
// `_makeSnapshot` and `makeMemorySnapshot` are Pyodide's snapshot API (marked experimental; the
// version is pinned by the lockfile and python-snapshot.test.ts loads what this writes).
const py = (await loadPyodide({ _makeSnapshot: true } as Parameters<typeof loadPyodide>[0])) as Awaited<ReturnType<typeof loadPyodide>> & {
  makeMemorySnapshot: () => Uint8Array;
};
installPythonHarness(py);
writeFileSync(out, py.makeMemorySnapshot(), { mode: 0o644 });
