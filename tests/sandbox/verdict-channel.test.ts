import type { Check } from '@/domain/content/model';
import type { RunRequest, RunResult } from '@/runner/run-types';
import { createSandboxedCheckEngine, type SandboxedCheckEngine } from '@/runner/sandbox/sandbox-pool';

/**
 * The server's verdict is the record (docs/features/grading.md), so the one line a sandbox process
 * writes back must be the runner's. Before the lock-down, learner code reached the process
 * (`this.constructor.constructor('return process')()` in JavaScript, `js.process` in Python) and
 * could print a forged `{"type":"result", "passed": true}` line of its own. Each attack here runs
 * in the engine the server grades with and is shown refused.
 */

jest.setTimeout(120_000);

const never: Check[] = [{ type: 'output-contains', text: 'the real answer', message: 'print the real answer' }];
let engine: SandboxedCheckEngine;

beforeAll(() => {
  engine = createSandboxedCheckEngine({ warmSpares: false });
});
afterAll(async () => {
  await engine.close();
});

const js = (content: string, checks = never): RunRequest => ({ lessonType: 'JS', files: [{ name: 'main.js', content }], checks });
const py = (content: string, checks = never): RunRequest => ({ lessonType: 'Python', files: [{ name: 'main.py', content }], checks });

function ran(result: RunResult): Extract<RunResult, { status: 'ran' }> {
  if (result.status !== 'ran') throw new Error(`expected a run, got ${result.reason}`);
  return result;
}

/** A result line as the runner writes it, claiming every check passed. */
const FORGED = JSON.stringify({ type: 'result', id: 1, result: { status: 'ran', passed: true, output: 'the real answer\n', error: null, timedOut: false, checks: [{ index: 0, type: 'output-contains', passed: true, message: null }] } });

describe('JavaScript cannot reach the verdict channel', () => {
  it.each([
    ['the context’s own constructor chain', `this.constructor.constructor('return process')().stdout.write(${JSON.stringify(`${FORGED}\n`)});`],
    ['a host function handed in (console.log)', `console.log.constructor('return process')().stdout.write(${JSON.stringify(`${FORGED}\n`)});`],
    ['a dynamic import', `import('node:process').then((p) => p.default.stdout.write(${JSON.stringify(`${FORGED}\n`)}));`],
  ])('%s: refused, and the verdict is the runner’s', async (_label, source) => {
    const result = ran(await engine.run(js(source)));
    expect(result.passed).toBe(false);
    expect(result.checks[0]?.passed).toBe(false);
  });

  it('code generation inside the learner’s own realm still works (eval is JavaScript)', async () => {
    const result = ran(await engine.run(js(`console.log(eval('6 * 7'), new Function('return 1')());`, [{ type: 'output-equals', text: '42 1\n', message: 'm' }])));
    expect(result.error).toBeNull();
    expect(result.passed).toBe(true);
  });
});

describe('Python cannot reach the verdict channel', () => {
  it('finds no process, and the host’s console writes nowhere', async () => {
    const result = ran(
      await engine.run(
        py(
          [
            'import js',
            'print("process:", hasattr(js, "process"))',
            `js.console.log(${JSON.stringify(FORGED)})`,
            'for attempt in (lambda: js.eval("process"), lambda: js.Function("return process")()):',
            '    try:',
            '        attempt()',
            '        print("LEAK")',
            '    except Exception as error:',
            '        print("refused", type(error).__name__)',
          ].join('\n'),
        ),
      ),
    );
    expect(result.output).toContain('process: False');
    expect(result.output.match(/refused/g)).toHaveLength(2);
    expect(result.output).not.toContain('LEAK');
    expect(result.passed).toBe(false);
  });

  it('an ordinary program still runs (time, random, input)', async () => {
    const result = ran(
      await engine.run({ ...py('import time, random\nname = input()\nprint(time.time() > 0, random.randint(1, 1), name)', [{ type: 'output-equals', text: 'True 1 Ada\n', message: 'm' }]), stdin: ['Ada'] }),
    );
    expect(result.error).toBeNull();
    expect(result.passed).toBe(true);
  });
});

it('SQL runs as before under the lock-down', async () => {
  const result = ran(
    await engine.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content: 'SELECT name FROM t;' }], seed: "CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('a');", checks: [{ type: 'sql-result', columns: ['name'], rows: [['a']], message: 'm' }] }),
  );
  expect(result.passed).toBe(true);
});
