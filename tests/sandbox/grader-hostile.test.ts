import type { Check } from '@/domain/content/model';
import type { RunRequest, RunResult } from '@/runner/run-types';
import { createLocalGrader, type Grader } from '@/server/grading/grader';
import { notPassedMessage, type ServerVerdict } from '@/server/grading/grade-completion';

/**
 * Hostile submissions to the grader the server records verdicts from: each is stopped and answered
 * with a verdict that names the stop, and a learner's honest completion sent at the same moment is
 * graded as usual, within the queue's bound.
 */

jest.setTimeout(180_000);

const prints = (text: string): Check[] => [{ type: 'output-equals', text, message: `Print ${text.trim()}.` }];
let grader: Grader;

beforeAll(() => {
  grader = createLocalGrader({ pages: 'jsdom' });
});
afterAll(async () => {
  await grader.close();
});

const js = (content: string, checks = prints('done\n')): RunRequest => ({ lessonType: 'JS', files: [{ name: 'main.js', content }], checks });
const py = (content: string, checks = prints('done\n')): RunRequest => ({ lessonType: 'Python', files: [{ name: 'main.py', content }], checks });

function verdictOf(result: RunResult): ServerVerdict {
  if (result.status !== 'ran') throw new Error(result.reason);
  return { passed: result.passed, checks: result.checks.map((check) => ({ type: check.type, passed: check.passed, message: check.message, hidden: false })), error: result.error };
}

it('stops every hostile submission with a verdict that says why, and grades an honest one meanwhile', async () => {
  const hostile: [string, RunRequest, RegExp][] = [
    ['an endless loop', js('while (true) {}'), /Timeout/],
    ['a memory bomb', py('block = bytearray(2_000_000_000)\nprint("done")'), /MemoryLimit|MemoryError/],
    // Cut at the result's cap (sandbox-protocol.ts), so its checks fail on what was kept.
    ['10 MB of output', js('for (let i = 0; i < 200000; i++) console.log("x".repeat(50));'), /OutputLimit|printed more|did not pass: Print done/],
    // The classic node:vm escape finds a Function of the learner's own realm, where there is no process.
    ['a fork', js(`const p = this.constructor.constructor('return process')(); p.getBuiltinModule('child_process').execSync('yes > /dev/null &'); console.log('done')`), /ReferenceError: process is not defined/],
    ['reading another learner’s files', py('print(open("/etc/passwd").read())\nprint("done")'), /FileNotFoundError|PermissionError|OSError/],
  ];
  const attacks = hostile.map(async ([label, request, stop]) => ({ label, stop, result: await grader.grade(request) }));
  // An honest completion, sent while the attacks are in flight.
  const honest = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const t0 = Date.now();
    const result = await grader.grade(js('console.log("done")'));
    return { result, ms: Date.now() - t0 };
  })();
  const outcomes = await Promise.all(attacks);
  for (const { label, stop, result } of outcomes) {
    const verdict = verdictOf(result);
    expect({ label, passed: verdict.passed }).toEqual({ label, passed: false });
    expect(`${label}: ${notPassedMessage(verdict)}`).toMatch(stop);
  }
  const { result, ms } = await honest;
  expect(result).toMatchObject({ status: 'ran', passed: true });
  // Four runs at once and sixteen waiting: the honest one waits at most for the slowest attack's limit.
  expect(ms).toBeLessThan(30_000);
});
