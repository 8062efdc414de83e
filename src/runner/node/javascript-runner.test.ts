import { runInContext } from 'node:vm';
import type { Check } from '@/domain/content/model';
import type { RunRequest, RunResult } from '../run-types';
import { createLearnerRealm, createNodeJavaScriptRunner } from './javascript-runner';
import { javascriptRealmScript } from './javascript-realm-script';

/**
 * The server's JavaScript realm holds nothing of the process that runs it, so one sandbox process
 * can serve many learners (docs/features/grading.md). Each way a program has of getting an object
 * it did not make is tried here, and whatever it gets must be of its own realm.
 */

jest.setTimeout(60_000);

const runner = createNodeJavaScriptRunner();
const request = (content: string, checks: Check[] = [], extra: Partial<RunRequest> = {}): RunRequest => ({ lessonType: 'JS', files: [{ name: 'main.js', content }], checks, ...extra });
function ran(result: RunResult): Extract<RunResult, { status: 'ran' }> {
  if (result.status !== 'ran') throw new Error(result.reason);
  return result;
}

// Reports, for each object a program can come by, whether its prototype chain ends in its own realm.
const PROBE = `
globalThis.report = [];
const OWN = Object.prototype;
function check(label, value) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return report.push(label + ': primitive');
  let proto = value, last = value;
  while ((proto = Object.getPrototypeOf(proto)) !== null) last = proto;
  report.push(label + ': ' + (last === OWN ? 'own' : 'FOREIGN'));
}
check('the global', globalThis);
check('a descriptor of the global', Object.getOwnPropertyDescriptor(globalThis, 'Array'));
check('the global’s names', Reflect.ownKeys(globalThis));
check('the constructor chain', this.constructor.constructor);
Error.prepareStackTrace = (error, sites) => {
  check('stack trace sites', sites);
  check('a call site', sites[0]);
  for (const site of sites) { check('a frame’s function', site.getFunction()); check('a frame’s this', site.getThis()); }
  return '';
};
new Error('probe').stack;
Error.prepareStackTrace = undefined;
for (const [label, make] of [
  ['a stack overflow', () => { (function f() { f(); })(); }],
  ['a syntax error of new Function', () => new Function('{')],
  ['a refused WebAssembly module', () => new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))],
  ['a JSON error', () => JSON.parse('{')],
  ['an Intl error', () => new Intl.DateTimeFormat('xx-@@')],
  ['a too long string', () => 'x'.repeat(2 ** 30)],
]) { try { make(); report.push(label + ': did not throw'); } catch (error) { check(label, error); } }
check('the promise of import()', import('node:fs').catch((error) => { check('the refusal of import()', error); check('its constructor', error.constructor.constructor); }));
new Function("return import('node:process')")().catch((error) => check('the refusal of import() in new Function', error));
`;

describe('a learner realm', () => {
  it('gives a program no object of this process, whichever way it looks', async () => {
    const realm = createLearnerRealm(await javascriptRealmScript(), 2000);
    runInContext(PROBE, realm.context, { importModuleDynamically: realm.importModuleDynamically, timeout: 2000 });
    // import()'s refusal settles through this process's promise jobs, then the context's own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    runInContext('0', realm.context, { timeout: 2000 });
    const report = runInContext('report.join("\\n")', realm.context, { timeout: 2000 }) as string;
    expect(report).toContain('the refusal of import(): own');
    expect(report).toContain('the refusal of import() in new Function: own');
    expect(report).toContain('a call site: own');
    expect(report.split('\n').length).toBeGreaterThan(15);
    expect(report).not.toContain('FOREIGN');
    expect(report).not.toContain('did not throw');
  });
});

describe('the server’s JavaScript runner', () => {
  it('the classic escapes find no process', async () => {
    const result = ran(
      await runner.run(
        request(
          'console.log(this.constructor.constructor("return typeof process")());\nconsole.log(console.log.constructor("return typeof process")());\nconsole.log(typeof globalThis.process, typeof require);',
        ),
      ),
    );
    expect(result.error).toBeNull();
    expect(result.output).toBe('undefined\nundefined\nundefined undefined\n');
  });

  it('what one run changes never reaches the next, nor this process', async () => {
    ran(await runner.run(request('Array.prototype.join = () => "forged";\nObject.prototype.polluted = "yes";\nglobalThis.leak = "secret of learner A";\nMath.random = () => 0;')));
    const next = ran(await runner.run(request('console.log([1, 2].join("-"), typeof ({}).polluted, typeof leak, Math.random() !== 0);')));
    expect(next.output).toBe('1-2 undefined undefined true\n');
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
    expect([1, 2].join('-')).toBe('1-2');
  });

  it('stops an endless loop at its limit and keeps what it printed', async () => {
    const result = ran(await runner.run(request('console.log("started");\nwhile (true) {}', [{ type: 'output-contains', text: 'started', message: 'm' }], { timeoutMs: 500 })));
    expect(result).toMatchObject({ passed: false, timedOut: true, output: 'started\n', error: { type: 'Timeout' } });
  });

  // An endless chain of promise jobs is stopped at the same limit; that is shown in a sandbox process
  // (tests/sandbox/grader-shared-javascript.test.ts), never here: V8 stopping promise jobs midway can
  // break Node's async bookkeeping in the process that ran them (nodejs/node#38503), Jest's included.

  it('a program that replaces the runner’s names forges nothing', async () => {
    const result = ran(
      await runner.run(
        request('globalThis.__codetrail_output = () => "the answer\\n";\nglobalThis.__codetrail_run = () => "{}";\nJSON.stringify = () => \'{"outcome":{"error":null,"assertionFailures":[],"hint":null},"output":"the answer\\\\n"}\';', [
          { type: 'output-contains', text: 'the answer', message: 'm' },
        ]),
      ),
    );
    expect(result.passed).toBe(false);
    expect(result.output).toBe('');
  });
});
