import { randomBytes } from 'node:crypto';
import { types } from 'node:util';
import { createContext, runInContext, Script, type ScriptOptions } from 'node:vm';
import { javascriptEntryFile } from '../javascript-in-realm';
import { judgeRun } from '../output-checks';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '../run-types';
import type { ContextAnswer } from './javascript-context-entry';
import { javascriptRealmScript } from './javascript-realm-script';

export { javascriptEntryFile };

const TIMEOUT: RunError = { type: 'Timeout', message: 'Your program ran for too long and was stopped. Is there a loop that never ends?', line: null, file: null };

/** Whether a caught value is the vm's own time-limit error, read without running anything of the program. */
function isTimeout(caught: unknown): boolean {
  if (typeof caught !== 'object' || caught === null || types.isProxy(caught)) return false;
  return Object.getOwnPropertyDescriptor(caught, 'code')?.value === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

const isRunError = (value: unknown): value is RunError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RunError).type === 'string' &&
  typeof (value as RunError).message === 'string' &&
  ((value as RunError).line === null || typeof (value as RunError).line === 'number');

/** The context's answer, taken as data: anything but the expected shape is a broken run. */
function readAnswer(text: unknown): { output: string; error: RunError | null; assertionFailures: Map<number, string | null>; hint: string | null } | string {
  if (typeof text !== 'string') return 'The JavaScript runner gave no answer.';
  let answer: ContextAnswer;
  try {
    answer = JSON.parse(text) as ContextAnswer;
  } catch {
    return 'The JavaScript runner gave an answer it could not read.';
  }
  if ('broken' in answer) return typeof answer.broken === 'string' ? answer.broken : 'The JavaScript runner failed.';
  const { outcome, output } = answer;
  if (!outcome || typeof output !== 'string' || !Array.isArray(outcome.assertionFailures)) return 'The JavaScript runner gave an answer it could not read.';
  if (outcome.error !== null && !isRunError(outcome.error)) return 'The JavaScript runner gave an answer it could not read.';
  const failures = new Map<number, string | null>();
  for (const entry of outcome.assertionFailures as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'number' || (entry[1] !== null && typeof entry[1] !== 'string')) return 'The JavaScript runner gave an answer it could not read.';
    failures.set(entry[0], entry[1] as string | null);
  }
  return { output, error: outcome.error, assertionFailures: failures, hint: typeof outcome.hint === 'string' ? outcome.hint : null };
}

/**
 * What a stopped program printed before its time ran out, for the learner to see. Read through
 * the context (bounded in time); the program could change it, which gains nothing: a stopped run
 * fails whatever it printed.
 */
function printedBefore(context: object): string {
  try {
    const printed: unknown = runInContext('this.__codetrail_output?.()', context, { timeout: 200 });
    return typeof printed === 'string' ? printed.slice(0, 200_000) : '';
  } catch {
    return '';
  }
}

export interface NodeJavaScriptRunnerOptions {
  /**
   * Hands this process into each context as `__codetrail_host_process`: an escape from the realm,
   * made on purpose. Only for the tests of the sandbox process's own layers (sandbox-child.ts
   * `--keep-host-globals`), which show what a program that got out could still not do.
   */
  handInProcess?: boolean;
}

/**
 * A learner's realm: a vm context made from nothing of this process (a null-prototype global, no
 * host function handed in) that has run the realm script. `import()` in it is refused with an error
 * of the context's own realm: Node's own refusal is an error of this process's realm (a way out,
 * through its constructor), so the sandbox process runs with --experimental-vm-modules, under which
 * Node asks the callback instead. The program's code is compiled by the realm script (new Function),
 * so the realm script's callback is the one asked. (Compiling the script per context costs nothing:
 * V8's compilation cache holds it.)
 */
export function createLearnerRealm(source: string, timeout: number) {
  const context = createContext(Object.create(null) as object, {
    name: 'learner',
    codeGeneration: { strings: true, wasm: false },
    microtaskMode: 'afterEvaluate',
  });
  // Made before any program code exists, with the context's own TypeError.
  const refusal: unknown = runInContext('new TypeError("import() is not available in lessons: a lesson\'s program is plain JavaScript.")', context, { timeout });
  const importModuleDynamically = (() => Promise.reject(refusal)) as unknown as ScriptOptions['importModuleDynamically'];
  new Script(source, { filename: 'codetrail-javascript-runner.js', importModuleDynamically }).runInContext(context, { timeout });
  return { context, importModuleDynamically };
}

/**
 * Runs JavaScript lessons in Node the way the browser's javascript worker runs them: each run in a
 * vm context of its own, made from nothing of this process (a null-prototype global, no host
 * function, no console or assert handed in), where javascript-in-realm.ts runs the program and its
 * checks with the context's own built-ins taken before the program starts. The request goes in as
 * a string and the outcome comes back as one, so no object of this process is ever within the
 * program's reach and no object of the program is ever called here. That is what lets one sandbox
 * process serve many learners' runs (docs/features/grading.md); the time limit covers the program,
 * its checks, its re-runs and any promise jobs it leaves (microtaskMode 'afterEvaluate').
 */
export function createNodeJavaScriptRunner(options: NodeJavaScriptRunnerOptions = {}) {
  async function run(request: RunRequest): Promise<RunResult> {
    if (!javascriptEntryFile(request.files)) return { status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' };
    const source = await javascriptRealmScript();
    const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const judge = (outcome: { output: string; error: RunError | null; assertionFailures?: Map<number, string | null>; hint?: string | null }) =>
      judgeRun(request.checks, { output: outcome.output, error: outcome.error, assertionFailures: outcome.assertionFailures ?? new Map(), hint: outcome.hint ?? null });
    let answer: unknown;
    let context: object | null = null;
    try {
      const realm = createLearnerRealm(source, timeout);
      context = realm.context;
      if (options.handInProcess) (context as Record<string, unknown>).__codetrail_host_process = process;
      // Random bytes for the names the program must not guess (the context has no crypto of its own).
      const payload = JSON.stringify({ request, random: randomBytes(2048).toString('hex') });
      answer = runInContext(`__codetrail_run(${JSON.stringify(payload)})`, context, { timeout, filename: 'codetrail-run.js', importModuleDynamically: realm.importModuleDynamically });
    } catch (caught) {
      if (isTimeout(caught)) return judge({ output: context ? printedBefore(context) : '', error: TIMEOUT });
      return judge({ output: '', error: { type: 'RunnerError', message: 'The JavaScript runner stopped before the program finished.', line: null, file: null } });
    }
    const read = readAnswer(answer);
    if (typeof read === 'string') return judge({ output: '', error: { type: 'RunnerError', message: read, line: null, file: null } });
    return judge(read);
  }
  return { run };
}
