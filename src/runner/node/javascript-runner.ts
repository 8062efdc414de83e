import { randomUUID } from 'node:crypto';
import { createContext, runInContext, type Context } from 'node:vm';
import { formatConsoleLine } from '../console-format';
import { javascriptWithValues } from '../javascript-analysis';
import { conditionHint, usesVerdictFromWatch, watchFor, type Watch } from '../javascript-checks';
import { CHECK_GLOBALS, intrinsics as I, snapshotRealm, watchBuiltinCalls, type RealmSnapshot } from '../javascript-realm';
import { evaluateChecks, rerunRunsVerdict, rerunSeeds } from '../output-checks';
import { seededRandom } from '../seeded-random';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '../run-types';

export function javascriptEntryFile(files: { name: string }[]): string | null {
  const scripts = files.filter((file) => /\.(js|jsx)$/.test(file.name));
  return (scripts.find((file) => /^(main|index|app|script)\.js$/.test(file.name)) ?? scripts[0])?.name ?? null;
}

function toRunError(error: unknown, file: string): RunError {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const err = error as Error & { code?: string };
    if (err.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      return { type: 'Timeout', message: 'Your program ran for too long and was stopped. Is there a loop that never ends?', line: null, file: null };
    }
    const match = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(String(err.stack ?? ''));
    return { type: String(err.name || 'Error'), message: String(err.message), line: match?.[1] ? Number(match[1]) : null, file: match ? file : null };
  }
  return { type: 'Error', message: String(error), line: null, file: null };
}

/** The checks' own assert: handed to each check directly, never looked up where learner code can replace it. */
function realAssert(condition: unknown, message?: string): void {
  if (!condition) throw new Error(message ?? 'Assertion failed');
}

/** What the program changed that cannot be put back: the run fails with this. */
export function builtInChanged(what: string): RunError {
  return { type: 'Error', message: `Your program changed JavaScript's built-in ${what} so that it cannot be put back. Lessons need the built-ins as they are.`, line: null, file: null };
}

/**
 * Runs JavaScript lessons in Node, isolated in a vm context: console captured, no require,
 * no process, no network, and a time limit that stops runaway loops. (The sandbox process around
 * it is the security boundary; the context only keeps runs apart.) The context's built-ins are
 * snapshotted before the program runs and put back before each check (javascript-realm.ts).
 */
export function createNodeJavaScriptRunner() {
  function execute(
    source: string,
    entry: string,
    timeout: number,
    options: { random?: () => number; watch?: Watch } = {},
  ): { output: string; error: RunError | null; context: Context; snapshot: RealmSnapshot } {
    let output = '';
    const print = (...values: unknown[]) => void (output += `${formatConsoleLine(values)}\n`);
    const context = createContext({ console: { log: print, info: print, warn: print, error: print, debug: print }, assert: realAssert });
    const global = runInContext('globalThis', context) as Record<string, unknown>;
    // A seeded run: the context's own Math gets the seeded generator.
    if (options.random) (global.Math as { random: () => number }).random = options.random;
    const snapshot = snapshotRealm(global);
    const { watch } = options;
    let code = source;
    if (watch) {
      code = watch.source;
      for (const name of watch.forbidden.keys()) watchBuiltinCalls(global, name, () => void I.mapSet(watch.forbidden, name, true));
      // Not enumerable, and named by a random part: the program cannot call it by accident.
      Object.defineProperty(global, watch.hit, { value: watch.record });
    }
    let error: RunError | null = null;
    try {
      runInContext(code, context, { filename: entry, timeout });
    } catch (caught) {
      error = toRunError(caught, entry);
    }
    // The built-ins as they were, before any check (and before this runner reads anything).
    const unrestorable = snapshot.restore();
    if (unrestorable && !error) error = builtInChanged(unrestorable);
    // A getter: checks that call the learner's functions may still print after this returns.
    return {
      get output() {
        return output;
      },
      error,
      context,
      snapshot,
    };
  }

  async function run(request: RunRequest): Promise<RunResult> {
    const entry = javascriptEntryFile(request.files);
    if (!entry) return { status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' };
    const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const sourceOf = (name: string | undefined) => request.files.find((file) => file.name === (name ?? entry))?.content ?? '';
    const source = sourceOf(entry);
    const assertionFailures = new Map<number, string | null>();
    const watch = watchFor(request, entry, source);
    const program = execute(source, entry, timeout, { watch });
    const { error, context, snapshot } = program;
    if (!error) {
      // A name the learner's program could not know, set only now, carries the real assert and
      // the built-ins as they were in.
      const key = `__codetrail_${randomUUID().replace(/-/g, '')}`;
      try {
        context[key] = [realAssert, ...CHECK_GLOBALS.map((name) => snapshot.globals[name])];
      } catch {
        // A frozen global: the checks then fail, which is all the learner gains.
      }
      const parameters = ['assert', ...CHECK_GLOBALS].join(', ');
      const argumentsList = [realAssert, ...CHECK_GLOBALS].map((_, index) => `__codetrail_checks[${index}]`).join(', ');
      request.checks.forEach((check, index) => {
        if (check.type !== 'assert') return;
        const unrestorable = snapshot.restore();
        if (unrestorable) return void assertionFailures.set(index, builtInChanged(unrestorable).message);
        try {
          runInContext(`((__codetrail_checks) => (function (${parameters}) {\n${check.code}\n})(${argumentsList}))(globalThis[${JSON.stringify(key)}]);`, context, {
            filename: '<check>',
            timeout,
          });
          // A call into the program that changed a built-in while the check ran: the check's own
          // reading may have been changed, so it does not count.
          assertionFailures.set(index, snapshot.changed() ? 'the program changed a built-in while the check ran' : null);
        } catch (caught) {
          assertionFailures.set(index, toRunError(caught, '<check>').message);
        }
      });
      snapshot.restore();
      request.checks.forEach((check, index) => {
        if (check.type !== 'rerun') return;
        const changed = javascriptWithValues(source, check.set ?? {});
        if ('error' in changed) return void assertionFailures.set(index, changed.error);
        const runs = rerunSeeds(check).map((seed) => {
          const again = changed.missing.length > 0 ? null : execute(changed.source, entry, timeout, { random: seed === undefined ? undefined : seededRandom(seed) });
          return { printed: again?.output ?? '', error: again?.error ? again.error.message : null, missing: changed.missing };
        });
        assertionFailures.set(index, rerunRunsVerdict(check, runs));
      });
    }
    request.checks.forEach((check, index) => {
      if (check.type !== 'uses') return;
      assertionFailures.set(index, usesVerdictFromWatch(check, index, sourceOf(check.file), entry, error, watch));
    });
    const output = program.output;
    const hint = conditionHint(source);
    // After an error the checks are not shown: the hint goes with the error (`if (x = 15)` on a const).
    const shownError = error && hint && error.type !== 'Timeout' ? { ...error, message: `${error.message} ${hint}` } : error;
    const checks = evaluateChecks(request.checks, { output, error: shownError, assertionFailures, hint: error ? null : hint });
    return { status: 'ran', passed: error === null && checks.every((check) => check.passed), output, error: shownError, timedOut: error?.type === 'Timeout', checks };
  }
  return { run };
}
