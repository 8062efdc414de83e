import type { Check } from '@/domain/content/model';
import { runJavaScriptInThisRealm } from './javascript-in-realm';
import { createNodeJavaScriptRunner } from './node/javascript-runner';
import { judgeRun } from './output-checks';
import type { RunRequest, RunResult } from './run-types';

/**
 * JavaScript checks the program cannot reach, in both engines: the server's (a vm context per run,
 * node/javascript-runner.ts) and the browser worker's (the program in the worker's own realm,
 * javascript-in-realm.ts, run here in Jest's realm the same way; the worker only wraps it).
 */

const node = createNodeJavaScriptRunner();

function inRealm(request: RunRequest): RunResult {
  let output = '';
  const outcome = runJavaScriptInThisRealm(request, (text) => void (output += text));
  if (!outcome) return { status: 'unsupported', reason: 'no file' };
  return judgeRun(request.checks, { output, error: outcome.error, assertionFailures: new Map(outcome.assertionFailures), hint: outcome.hint });
}

const engines = [
  ['server (vm context)', (request: RunRequest) => node.run(request)],
  ['browser worker (this realm)', async (request: RunRequest) => inRealm(request)],
] as const;

const verdicts = (result: RunResult) => (result.status === 'ran' ? result.checks.map((check) => check.passed) : []);
const request = (content: string, checks: Check[]): RunRequest => ({ lessonType: 'JS', files: [{ name: 'main.js', content }], checks });

const namesCheck: Check[] = [{ type: 'assert', code: 'assert(names.join(", ") === "Ada, Grace, Linus")', message: 'Three names.' }];
const output: Check[] = [{ type: 'output-equals', text: 'Ada, Grace, Linus', message: 'Print the three names.' }];

describe.each(engines)('%s: patched built-ins change no verdict', (_engine, run) => {
  it.each([
    ['Array.prototype.join', 'const names = ["Ada"];\nArray.prototype.join = () => "Ada, Grace, Linus";', namesCheck],
    ['JSON.stringify', 'const names = ["Ada"];\nJSON.stringify = () => \'["Ada","Grace","Linus"]\';', [{ type: 'assert', code: 'assert(JSON.stringify(names) === \'["Ada","Grace","Linus"]\')', message: 'x' }] as Check[]],
    ['a JSON of its own', 'const names = ["Ada"];\nlet JSON = { stringify: () => "3" };', [{ type: 'assert', code: 'assert(JSON.stringify(names.length) === "3")', message: 'x' }] as Check[]],
    ['Object.is', 'const total = 5;\nObject.is = () => true;', [{ type: 'assert', code: 'assert(Object.is(total, 36))', message: 'x' }] as Check[]],
    ['Array.prototype.includes', 'const names = ["Ada"];\nArray.prototype.includes = () => true;', [{ type: 'assert', code: 'assert(names.includes("Linus"))', message: 'x' }] as Check[]],
    ['String.prototype.trim', 'const name = " Ada ";\nString.prototype.trim = () => "Ada";', [{ type: 'assert', code: 'assert(name === name.trim())', message: 'x' }] as Check[]],
    ['Array.prototype.join for console.log', 'Array.prototype.join = () => "Ada, Grace, Linus";\nArray.prototype.map = function () { return this; };\nconsole.log("nobody");', output],
    ['String.prototype.replace and Array.prototype.slice for console.log', 'String.prototype.replace = () => "Ada, Grace, Linus";\nArray.prototype.slice = () => ["Ada, Grace, Linus"];\nconsole.log(["x"]);', output],
    ['a learner function that patches join when the check calls it', 'const names = ["Ada"];\nfunction count() { Array.prototype.join = () => "Ada, Grace, Linus"; return 3; }', [{ type: 'assert', code: 'assert(count() === 3 && names.join(", ") === "Ada, Grace, Linus")', message: 'x' }] as Check[]],
  ])('%s', async (_label, content, checks) => {
    expect(verdicts(await run(request(content, checks)))).not.toContain(true);
    // …and the realm's built-ins are as they were (the browser worker's realm is this one).
    expect(['a', 'b'].join('-')).toBe('a-b');
    expect(JSON.stringify([1])).toBe('[1]');
  });

  it('the honest programs still pass, whatever they print', async () => {
    expect(verdicts(await run(request('const names = ["Ada", "Grace", "Linus"];\nconsole.log(names.join(", "));', [...namesCheck, ...output])))).toEqual([true, true]);
    expect(verdicts(await run(request('console.log([1, "a"], { n: -0 }, new Map([[1, 2]]), new Set([3]), 10n);', [{ type: 'output-equals', text: "[ 1, 'a' ] { n: -0 } Map(1) { 1 => 2 } Set(1) { 3 } 10n", message: 'x' }])))).toEqual([true]);
  });

  it('errors point at the learner’s own line', async () => {
    const runtime = await run(request('const a = 1;\nnull.x;', []));
    expect(runtime).toMatchObject({ status: 'ran', error: { type: 'TypeError', line: 2 } });
    const syntax = await run(request('const a = 1;\nconst b = ;', []));
    expect(syntax).toMatchObject({ status: 'ran', error: { type: 'SyntaxError', line: 2 } });
    const inCallback = await run(request('const list = [1];\n\nlist.forEach((n) => {\n  n.missing.x;\n});', []));
    expect(inCallback).toMatchObject({ status: 'ran', error: { line: 4 } });
  });

  it('if (x = 15) fails with a hint about === on its line', async () => {
    const checks: Check[] = [{ type: 'rerun', set: { age: 12 }, output: 'child', message: 'Print child under 15.' }];
    const result = await run(request('let age = 15;\nif (age = 15) {\n  console.log("fifteen");\n} else {\n  console.log("child");\n}', checks));
    expect(result.status === 'ran' && result.checks[0]).toMatchObject({ passed: false, detail: expect.stringMatching(/line 2.*=.*===/) });
    const constant = await run(request('const age = 15;\nif (age = 15) {\n  console.log("fifteen");\n}', checks));
    expect(constant).toMatchObject({ status: 'ran', passed: false, error: { type: 'TypeError', line: 2, message: expect.stringMatching(/constant.*single =.*===/) } });
    const honest = await run(request('let age = 15;\nif (age === 15) {\n  console.log("fifteen");\n} else {\n  console.log("child");\n}', checks));
    expect(honest.status === 'ran' && honest.checks[0]).toMatchObject({ passed: true });
  });
});

describe.each(engines)('%s: uses checks watch the run', (_engine, run) => {
  const mapCheck: Check[] = [{ type: 'uses', construct: 'call', name: 'map', message: 'Use map.' }];
  const forCheck: Check[] = [{ type: 'uses', construct: 'for', message: 'Use a for loop.' }];
  const passed = async (content: string, checks: Check[]) => verdicts(await run(request(content, checks)))[0];

  it('a map whose function never runs does not count; one that runs does', async () => {
    expect(await passed('const doubled = [];\n[].map((x) => x);\nfor (const n of [1, 2]) doubled.push(n * 2);\nconsole.log(doubled);', mapCheck)).toBe(false);
    expect(await passed('console.log([1, 2].map((x) => x * 2));', mapCheck)).toBe(true);
    expect(await passed('const double = (x) => x * 2;\nconsole.log([1, 2].map(double));', mapCheck)).toBe(true);
  });

  it('a marker called from anywhere but its own place is not a hit', async () => {
    const ids = '[0, 1, 2, 3, 4]';
    const byName = `for (const n of []) console.log(n);\nObject.getOwnPropertyNames(globalThis).filter((key) => key.startsWith("__codetrail_hit")).forEach((key) => ${ids}.forEach((i) => globalThis[key](i)));\nconsole.log(3);`;
    const byArguments = `for (const n of []) console.log(n);\nconst mark = typeof arguments === "object" ? arguments[4] : null;\nif (typeof mark === "function") ${ids}.forEach((i) => mark(i));\nconsole.log(3);`;
    expect(await passed(byName, forCheck)).toBe(false);
    expect(await passed(byArguments, forCheck)).toBe(false);
    expect(await passed('for (const n of [3]) console.log(n);', forCheck)).toBe(true);
  });

  it('"without reduce()" refuses reduce under any name', async () => {
    const checks: Check[] = [{ type: 'uses', construct: 'call', name: 'reduce', absent: true, message: 'Without reduce.' }];
    expect(await passed('const { reduce } = Array.prototype;\nconsole.log(reduce.call([1, 2], (a, b) => a + b, 0));', checks)).toBe(false);
    expect(await passed('let total = 0;\nfor (const n of [1, 2]) total += n;\nconsole.log(total);', checks)).toBe(true);
  });
});

// Last: in this realm the patch is for ever (a worker is thrown away after its run; Jest's realm is not).
describe.each(engines)('%s: a built-in made permanent', (_engine, run) => {
  it('cannot be put back, so the run fails and says why', async () => {
    const result = await run(request('const names = ["Ada"];\nObject.defineProperty(Array.prototype, "join", { value: () => "Ada, Grace, Linus", writable: false, configurable: false });', namesCheck));
    expect(result).toMatchObject({ status: 'ran', passed: false, error: { message: expect.stringContaining('Array.prototype.join') } });
  });
});
