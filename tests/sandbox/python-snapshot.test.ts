import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Check } from '@/domain/content/model';
import { createNodePythonRunner } from '@/runner/node/python-runner';
import type { RunRequest, RunResult } from '@/runner/run-types';
import { pythonSnapshot } from '@/runner/sandbox/python-snapshot';
import { createSandboxedCheckEngine, type SandboxedCheckEngine } from '@/runner/sandbox/sandbox-pool';

/**
 * Python sandboxes restore a memory snapshot of Pyodide with the harness installed instead of
 * booting it (python-snapshot.ts). Each run still gets a process and an interpreter of its own:
 * what one run leaves (a patched module, a global, a file, the random generator's state) is not
 * in the next, and the restored interpreter runs lessons as a booted one does.
 */

jest.setTimeout(180_000);

let engine: SandboxedCheckEngine;
beforeAll(() => {
  engine = createSandboxedCheckEngine({ warmSpares: false });
});
afterAll(async () => {
  await engine.close();
});

const py = (content: string, checks: Check[] = [], extra: Partial<RunRequest> = {}): RunRequest => ({ lessonType: 'Python', files: [{ name: 'main.py', content }], checks, ...extra });
function ran(result: RunResult): Extract<RunResult, { status: 'ran' }> {
  if (result.status !== 'ran') throw new Error(result.reason);
  return result;
}

it('makes the snapshot once, as a file the sandbox may read', async () => {
  const file = await pythonSnapshot();
  expect(file).toMatch(/node_modules\/\.cache\/codetrail\/python-[0-9a-f]{16}\.snapshot$/);
  expect(await pythonSnapshot()).toBe(file);
});

it('runs a lesson as a booted interpreter does: input(), imports, checks, errors with their line', async () => {
  const passed = ran(
    await engine.run(
      py('import statistics\nname = input("Name? ")\nprint(f"Hello, {name}!", statistics.mean([1, 2, 3]))', [
        { type: 'output-contains', text: 'Hello, Ada! 2', message: 'greet' },
        { type: 'assert', code: 'assert name == "Ada"', message: 'name' },
      ], { stdin: ['Ada'] }),
    ),
  );
  expect(passed).toMatchObject({ passed: true, error: null });
  const failed = ran(await engine.run(py('total = 1\nprint(totl)')));
  expect(failed.error).toMatchObject({ type: 'NameError', line: 2 });
  const stopped = ran(await engine.run(py('while True:\n    pass', [], { timeoutMs: 1500 })));
  expect(stopped.error?.type).toBe('Timeout');
});

it('nothing one run leaves reaches the next, and each draws its own random numbers', async () => {
  const first = ran(
    await engine.run(
      py('import builtins, random\nbuiltins.leak = "learner A"\nrandom.randint = lambda a, b: 4\nopen("left.txt", "w").write("A")\nprint(random.random())'),
    ),
  );
  const second = ran(
    await engine.run(
      py('import builtins, os, random\nprint(getattr(builtins, "leak", None), random.randint(1, 1), os.path.exists("left.txt"))\nprint(random.random())'),
    ),
  );
  expect(second.output.split('\n')[0]).toBe('None 1 False');
  // A snapshot freezes the generator's state; the harness reseeds it from the system for every run.
  expect(second.output.split('\n')[1]).not.toBe(first.output.split('\n')[0]);
});

it('a damaged snapshot boots Pyodide instead', async () => {
  const damaged = path.join(tmpdir(), `codetrail-damaged-${Date.now()}.snapshot`);
  writeFileSync(damaged, 'not a snapshot');
  const runner = createNodePythonRunner({ snapshot: damaged });
  const result = ran(await runner.run(py('print(6 * 7)', [{ type: 'output-equals', text: '42\n', message: 'm' }])));
  expect(result.passed).toBe(true);
});

it('keeps two warm spares when asked, and tops them up again after a burst of two completions', async () => {
  const warm = createSandboxedCheckEngine({ spareCount: 2 });
  try {
    warm.warmUp('Python');
    const until = Date.now() + 60_000;
    while (warm.processCount() < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warm.processCount()).toBe(2);
    // Two completions at once both take a warm process; the pool then tops up to two spares again.
    const [first, second] = await Promise.all([warm.run(py('print(1)', [{ type: 'output-contains', text: '1', message: 'one' }])), warm.run(py('print(2)', [{ type: 'output-contains', text: '2', message: 'two' }]))]);
    expect([ran(first).passed, ran(second).passed]).toEqual([true, true]);
    const topped = Date.now() + 60_000;
    while (warm.processCount() !== 2 && Date.now() < topped) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warm.processCount()).toBe(2);
  } finally {
    await warm.close();
  }
});
