/// <reference lib="webworker" />
/**
 * Runs a learner's JavaScript in a throw-away worker of the javascript sandbox frame: console
 * captured, one run per worker. The worker's origin is opaque and it inherits the frame's policy,
 * so storage, the app's API and every other URL are out of reach; the boundary is the origin and
 * the policy, not a list of deleted globals (a nested worker would get them back).
 */
import { formatConsoleValue } from '../console-format';
import { javascriptUses, javascriptWithValues } from '../javascript-analysis';
import { rerunVerdict } from '../output-checks';
import { seededRandom } from '../seeded-random';
import { errorMessage, type RunCommand, type RuntimeMessage, type WireOutcome } from './sandbox-messages';
declare const self: DedicatedWorkerGlobalScope;

const post = (message: RuntimeMessage) => self.postMessage(message);

function lineOf(error: unknown): number | null {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const match = /<anonymous>:(\d+):\d+/.exec(stack) ?? /eval.*?:(\d+):\d+/.exec(stack);
  // new Function adds two lines of its own before the body.
  return match?.[1] ? Math.max(1, Number(match[1]) - 2) : null;
}

/** The checks' own assert: handed to each check directly, never looked up where learner code can replace it. */
function realAssert(condition: unknown, message?: string): void {
  if (!condition) throw new Error(message ?? 'Assertion failed');
}

type Evaluate = (code: string, assert: typeof realAssert) => unknown;

/**
 * Runs a program in a fresh function scope. Before the learner's first statement (on the same
 * line, so line numbers stay true) it hands out an evaluator for that scope; checks run through it,
 * so they see the learner's variables, while nothing the program does afterwards (return early,
 * reassign names) can replace it. Names carry a random part the program cannot know in advance.
 */
function execute(source: string, print: (...values: unknown[]) => void, random?: () => number): { error: unknown; evaluate: Evaluate | null } {
  const tag = crypto.randomUUID().replace(/-/g, '');
  let evaluate: Evaluate | null = null;
  const exportEvaluator = (candidate: Evaluate) => {
    evaluate ??= candidate;
  };
  const preamble = `function __codetrail_eval_${tag}(__codetrail_code_${tag}, __codetrail_assert_${tag}) { return eval(__codetrail_code_${tag}); } __codetrail_export_${tag}(__codetrail_eval_${tag}); `;
  const console = { log: print, info: print, warn: print, error: print, debug: print };
  try {
    // A seeded run sees a Math whose random is the seeded generator.
    const math = random ? Object.create(Math, { random: { value: random } }) : Math;
    new Function('console', 'assert', 'Math', `__codetrail_export_${tag}`, `${preamble}${source}`)(console, realAssert, math, exportEvaluator);
    return { error: null, evaluate: evaluate ? wrapChecks(evaluate, tag) : null };
  } catch (caught) {
    return { error: caught, evaluate: null };
  }
}

function wrapChecks(evaluate: Evaluate, tag: string): Evaluate {
  return (code) => evaluate(`(function (assert) {\n${code}\n})(__codetrail_assert_${tag});`, realAssert);
}

function run({ id, request }: RunCommand): WireOutcome {
  const entry = request.files.find((file) => /\.(js|jsx)$/.test(file.name));
  if (!entry) return { status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' };
  const sourceOf = (name: string | undefined) => request.files.find((file) => file.name === (name ?? entry.name))?.content ?? '';
  const assertionFailures: [number, string | null][] = [];
  // Constructs are read from the parsed program before it runs.
  request.checks.forEach((check, index) => {
    if (check.type !== 'uses') return;
    const found = javascriptUses(sourceOf(check.file), check.construct, check.name);
    assertionFailures.push([index, found === null || found === (check.absent === true) ? check.message : null]);
  });
  const print = (...values: unknown[]) => post({ type: 'output', id, text: `${values.map(formatConsoleValue).join(' ')}\n` });
  const program = execute(entry.content, print);
  if (program.error !== null || !program.evaluate) {
    const caught = program.error ?? new Error('The program stopped before its checks could run.');
    const error = { type: caught instanceof Error ? caught.name : 'Error', message: errorMessage(caught), line: lineOf(caught), file: entry.name };
    return { status: 'ran', error, assertionFailures, queryResult: null, pageChecks: [] };
  }
  const { evaluate } = program;
  request.checks.forEach((check, index) => {
    if (check.type !== 'assert') return;
    try {
      evaluate(check.code, realAssert);
      assertionFailures.push([index, null]);
    } catch (caught) {
      assertionFailures.push([index, errorMessage(caught)]);
    }
  });
  request.checks.forEach((check, index) => {
    if (check.type !== 'rerun') return;
    const changed = javascriptWithValues(entry.content, check.set ?? {});
    if ('error' in changed) return void assertionFailures.push([index, changed.error]);
    let printed = '';
    const random = check.seed === undefined ? undefined : seededRandom(check.seed);
    const again = changed.missing.length > 0 ? null : execute(changed.source, (...values) => void (printed += `${values.map(formatConsoleValue).join(' ')}\n`), random);
    assertionFailures.push([index, rerunVerdict(check, printed, again?.error ? errorMessage(again.error) : null, changed.missing)]);
  });
  return { status: 'ran', error: null, assertionFailures, queryResult: null, pageChecks: [] };
}

self.onmessage = (event: MessageEvent<RunCommand>) => {
  if (event.data.type !== 'run') return;
  post({ type: 'result', id: event.data.id, outcome: run(event.data) });
};

export {};
