import type { Check } from '@/domain/content/model';
import type { RunRequest, RunResult } from '@/runner/run-types';
import { createSandboxedCheckEngine, type SandboxedCheckEngine } from '@/runner/sandbox/sandbox-pool';

/**
 * The grader's JavaScript processes serve many learners' runs, one at a time, each in a realm
 * made from nothing of the process (node/javascript-runner.ts). Hostile runs take turns here with
 * honest ones of other learners in one process, and the honest ones are graded as if alone.
 */

jest.setTimeout(120_000);

let engine: SandboxedCheckEngine;
beforeAll(() => {
  // One at a time: every run meets the same process (as a busy grader's would, in turn).
  engine = createSandboxedCheckEngine({ sharedLanguages: ['JS'], maxConcurrent: 1, warmSpares: false });
});
afterAll(async () => {
  await engine.close();
});

const prints = (text: string): Check[] => [{ type: 'output-equals', text, message: `Print ${text.trim()}.` }];
const js = (content: string, checks: Check[] = prints('done\n'), extra: Partial<RunRequest> = {}): RunRequest => ({ lessonType: 'JS', files: [{ name: 'main.js', content }], checks, ...extra });
function ran(result: RunResult): Extract<RunResult, { status: 'ran' }> {
  if (result.status !== 'ran') throw new Error(result.reason);
  return result;
}

/** Another learner's honest program, which sees every built-in as it is. */
const HONEST = js('const names = ["Ada", "Grace"];\nconsole.log([names.join(", "), typeof leak, typeof ({}).polluted, JSON.stringify({ a: 1 }), Math.random() < 1].join(" | "));', prints('Ada, Grace | undefined | undefined | {"a":1} | true\n'));

const HOSTILE: [string, RunRequest][] = [
  ['patches every built-in it can find', js('for (const name of ["join", "map", "push"]) Array.prototype[name] = () => "forged";\nJSON.stringify = () => "forged";\nObject.prototype.polluted = true;\nglobalThis.leak = "learner A";\nMath.random = () => 2;')],
  ['climbs to a constructor of the process', js('const F = this.constructor.constructor;\nF("return this")().polluted = 1;\nconsole.log.constructor.prototype.call = () => "forged";\nObject.getPrototypeOf(Object.getPrototypeOf(async () => {})).constructor.prototype.polluted = 1;')],
  ['takes what import() hands back', js('import("node:fs").catch((error) => { Object.getPrototypeOf(Object.getPrototypeOf(error)).constructor.prototype.polluted = 1; error.constructor.constructor("return process")().stdout.write("forged\\n"); });')],
  ['reads the call sites of the process', js('Error.prepareStackTrace = (e, sites) => { for (const site of sites) { const f = site.getFunction(); if (f) f.constructor.prototype.polluted = 1; } return ""; };\nnew Error().stack;')],
  ['loops for ever', js('while (true) {}', prints('done\n'), { timeoutMs: 1000 })],
  ['chains promise jobs for ever', js('(async () => { for (;;) await null; })();', prints('done\n'), { timeoutMs: 1000 })],
];

describe('one process, many learners', () => {
  it.each(HOSTILE)('a program that %s changes nothing for the next learner', async (_label, attack) => {
    const before = engine.processCount();
    const hostile = ran(await engine.run(attack));
    expect(hostile.passed).toBe(false);
    const honest = ran(await engine.run(HONEST));
    expect(honest.output).toBe('Ada, Grace | undefined | undefined | {"a":1} | true\n');
    expect(honest.passed).toBe(true);
    // One process at a time: the same one served both, except after a run its time limit stopped,
    // which is its process's last (sandbox-pool.ts).
    expect(engine.processCount()).toBe(Math.max(before, 1));
  });

  it('a memory bomb is stopped with a verdict that says so; the next learner gets a fresh process', async () => {
    const bomb = ran(await engine.run(js('const hoard = [];\nfor (;;) hoard.push(new Array(1e6).fill(1));', prints('done\n'), { timeoutMs: 5000 })));
    expect(bomb.passed).toBe(false);
    expect(bomb.error?.type).toBe('MemoryLimit');
    const honest = ran(await engine.run(HONEST));
    expect(honest.passed).toBe(true);
    expect(engine.processCount()).toBe(1);
  });

  it('retires a process whose run its time limit stopped; the next learner gets a fresh one', async () => {
    ran(await engine.run(js('(async () => { for (;;) await null; })();', prints('done\n'), { timeoutMs: 500 })));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(engine.processCount()).toBe(0);
    expect(ran(await engine.run(HONEST)).passed).toBe(true);
  });

  it('serves a hundred runs from one process', async () => {
    for (let index = 0; index < 100; index += 1) {
      const result = ran(await engine.run(js(`console.log(${index} * 2)`, prints(`${index * 2}\n`))));
      expect(result.passed).toBe(true);
    }
    expect(engine.processCount()).toBe(1);
  });
});
