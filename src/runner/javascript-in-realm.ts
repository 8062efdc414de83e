import { formatConsoleLine } from './console-format';
import { javascriptWithValues, syntaxErrorLine } from './javascript-analysis';
import { conditionHint, usesVerdictFromWatch, watchFor, type Watch } from './javascript-checks';
import { CHECK_GLOBALS, intrinsics as I, snapshotRealm, watchBuiltinCalls } from './javascript-realm';
import { rerunRunsVerdict, rerunSeeds } from './output-checks';
import type { RunError, RunRequest } from './run-types';
import { seededRandom } from './seeded-random';

/**
 * Runs a JavaScript lesson in this realm, as the browser's javascript worker does (a throw-away
 * worker per run, so this realm is new): the program in a fresh function scope, its checks
 * through an evaluator of that scope. The realm's built-ins are snapshotted before the program
 * runs and put back after it and before each check (javascript-realm.ts), so a patched
 * `Array.prototype.join`, `JSON.stringify` or `Object.is` changes no verdict; `uses` checks watch
 * the run (javascript-checks.ts). Kept apart from the worker so Jest runs the same code.
 */

/** The checks' own assert: handed to each check directly, never looked up where learner code can replace it. */
function realAssert(condition: unknown, message?: string): void {
  if (!condition) throw new Error(message ?? 'Assertion failed');
}

type Evaluate = (code: string, handed: unknown[]) => unknown;

function errorMessage(caught: unknown): string {
  if (typeof caught === 'object' && caught !== null && 'message' in caught) return I.String((caught as { message: unknown }).message);
  return I.String(caught);
}

function errorName(caught: unknown): string {
  if (typeof caught === 'object' && caught !== null && 'name' in caught) return I.String((caught as { name: unknown }).name) || 'Error';
  return 'Error';
}

/**
 * The learner's line of an error thrown by the program. The program carries a sourceURL of its own
 * file name, so only its frames name it (never this runtime's own bundle); new Function puts two
 * lines of its own before the body. A syntax error has no frame: acorn says where it is.
 */
export function learnerLine(caught: unknown, file: string, source: string): number | null {
  const stack = typeof caught === 'object' && caught !== null ? I.String((caught as { stack?: unknown }).stack ?? '') : '';
  const escaped = I.replace(file, /[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[\\s(/])${escaped}:(\\d+):\\d+`).exec(stack);
  if (match?.[1]) return Math.max(1, Number(match[1]) - 2);
  if (errorName(caught) === 'SyntaxError') return syntaxErrorLine(source);
  return null;
}

interface Program {
  error: unknown;
  evaluate: Evaluate | null;
}

/**
 * Runs a program in a fresh function scope. Before the learner's first statement (on the same
 * line, so line numbers stay true) it hands out an evaluator for that scope; checks run through it,
 * so they see the learner's variables, while nothing the program does afterwards (return early,
 * reassign names) can replace it. Names carry a random part the program cannot know in advance.
 */
function execute(source: string, file: string, print: (...values: unknown[]) => void, options: { random?: () => number; watch?: Watch } = {}): Program {
  const tag = randomTag();
  let evaluate: Evaluate | null = null;
  const exportEvaluator = (candidate: Evaluate) => {
    evaluate ??= candidate;
  };
  const preamble = `function __codetrail_eval_${tag}(__codetrail_code_${tag}, __codetrail_handed_${tag}) { return eval(__codetrail_code_${tag}); } __codetrail_export_${tag}(__codetrail_eval_${tag}); `;
  const console = { log: print, info: print, warn: print, error: print, debug: print };
  try {
    // A seeded run sees a Math whose random is the seeded generator.
    const math = options.random ? Object.create(Math, { random: { value: options.random } }) : Math;
    const { watch } = options;
    const parameters = ['console', 'assert', 'Math', `__codetrail_export_${tag}`, watch?.hit ?? `__codetrail_unused_${tag}`];
    const body = `${preamble}${source}\n//# sourceURL=${file}`;
    // new Function puts two lines before the body, and the preamble before the program's first line.
    if (watch) watch.placed = { file, lines: 2, firstLineColumns: preamble.length };
    new Function(...parameters, body)(console, realAssert, math, exportEvaluator, watch?.record);
    const found = evaluate as Evaluate | null;
    return { error: null, evaluate: found ? wrapChecks(found, tag) : null };
  } catch (caught) {
    return { error: caught, evaluate: null };
  }
}

function randomTag(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  let tag = '';
  for (let i = 0; i < bytes.length; i++) tag += (bytes[i]! + 256).toString(16).slice(1);
  return tag;
}

/** Each check as a function of the real assert and the built-ins as they were (so `let JSON = …` in the program cannot stand in). */
function wrapChecks(evaluate: Evaluate, tag: string): Evaluate {
  const parameters = ['assert', ...CHECK_GLOBALS].join(', ');
  const handed = [realAssert, ...CHECK_GLOBALS].map((_, index) => `__codetrail_handed_${tag}[${index}]`).join(', ');
  return (code, values) => evaluate(`(function (${parameters}) {\n${code}\n})(${handed});`, values);
}

export interface InRealmOutcome {
  error: RunError | null;
  assertionFailures: [number, string | null][];
  hint: string | null;
}

/** The file a JavaScript lesson runs: main.js (or index, app, script.js), else its first script. */
export function javascriptEntryFile(files: readonly { name: string }[]): string | null {
  const scripts = files.filter((file) => /\.(js|jsx)$/.test(file.name));
  return (scripts.find((file) => /^(main|index|app|script)\.js$/.test(file.name)) ?? scripts[0])?.name ?? null;
}

export function runJavaScriptInThisRealm(request: RunRequest, onOutput: (text: string) => void): InRealmOutcome | null {
  const entryName = javascriptEntryFile(request.files);
  const entry = request.files.find((file) => file.name === entryName);
  if (!entry) return null;
  const global = globalThis as unknown as Record<string, unknown>;
  // Before anything of the program exists.
  const snapshot = snapshotRealm(global);
  const sourceOf = (name: string | undefined) => request.files.find((file) => file.name === (name ?? entry.name))?.content ?? '';
  const assertionFailures: [number, string | null][] = [];
  const print = (...values: unknown[]) => onOutput(`${formatConsoleLine(values)}\n`);
  const watch = watchFor(request, entry.name, entry.content);
  if (watch) for (const name of watch.forbidden.keys()) watchBuiltinCalls(global, name, () => void I.mapSet(watch.forbidden, name, true));
  const program = execute(watch?.source ?? entry.content, entry.name, print, watch ? { watch } : {});
  const unrestorable = snapshot.restore();
  let error: RunError | null = null;
  if (program.error !== null || !program.evaluate) {
    const caught = program.error ?? new Error('The program stopped before its checks could run.');
    error = { type: errorName(caught), message: errorMessage(caught), line: learnerLine(caught, entry.name, entry.content), file: entry.name };
  } else if (unrestorable) {
    error = { type: 'Error', message: `Your program changed JavaScript's built-in ${unrestorable} so that it cannot be put back. Lessons need the built-ins as they are.`, line: null, file: null };
  }
  const usesVerdicts = () =>
    request.checks.forEach((check, index) => {
      if (check.type !== 'uses') return;
      I.push(assertionFailures, [index, usesVerdictFromWatch(check, index, sourceOf(check.file), entry.name, error, watch)]);
    });
  if (error || !program.evaluate) {
    usesVerdicts();
    // After an error the checks are not shown: the hint goes with the error (`if (x = 15)` on a const).
    const hint = conditionHint(entry.content);
    return { error: error && hint ? { ...error, message: `${error.message} ${hint}` } : error, assertionFailures, hint: null };
  }
  const evaluate = program.evaluate;
  const handed = [realAssert, ...CHECK_GLOBALS.map((name) => snapshot.globals[name])];
  request.checks.forEach((check, index) => {
    if (check.type !== 'assert') return;
    const broken = snapshot.restore();
    if (broken) return void I.push(assertionFailures, [index, `the program changed JavaScript's built-in ${broken}`]);
    try {
      evaluate(check.code, handed);
      const changed = snapshot.changed();
      snapshot.restore();
      I.push(assertionFailures, [index, changed ? 'the program changed a built-in while the check ran' : null]);
    } catch (caught) {
      snapshot.restore();
      I.push(assertionFailures, [index, errorMessage(caught)]);
    }
  });
  usesVerdicts();
  request.checks.forEach((check, index) => {
    if (check.type !== 'rerun') return;
    snapshot.restore();
    const changed = javascriptWithValues(entry.content, check.set ?? {});
    if ('error' in changed) return void I.push(assertionFailures, [index, changed.error]);
    const runs = rerunSeeds(check).map((seed) => {
      let printed = '';
      const random = seed === undefined ? undefined : seededRandom(seed);
      const again = changed.missing.length > 0 ? null : execute(changed.source, entry.name, (...values) => void (printed += `${formatConsoleLine(values)}\n`), { random });
      snapshot.restore();
      return { printed, error: again?.error ? errorMessage(again.error) : null, missing: changed.missing };
    });
    I.push(assertionFailures, [index, rerunRunsVerdict(check, runs)]);
  });
  snapshot.restore();
  return { error: null, assertionFailures, hint: conditionHint(entry.content) };
}
