import { randomUUID } from 'node:crypto';
import { createContext, runInContext, type Context } from 'node:vm';
import { formatConsoleValue } from '../console-format';
import { javascriptUses, javascriptWithValues } from '../javascript-analysis';
import { evaluateChecks, rerunVerdict } from '../output-checks';
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
    const match = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(err.stack ?? '');
    return { type: err.name || 'Error', message: err.message, line: match?.[1] ? Number(match[1]) : null, file: match ? file : null };
  }
  return { type: 'Error', message: String(error), line: null, file: null };
}

/** The checks' own assert: handed to each check directly, never looked up where learner code can replace it. */
function realAssert(condition: unknown, message?: string): void {
  if (!condition) throw new Error(message ?? 'Assertion failed');
}

/**
 * Runs JavaScript lessons in Node, isolated in a vm context: console captured, no require,
 * no process, no network, and a time limit that stops runaway loops. (The sandbox process around
 * it is the security boundary; the context only keeps runs apart.)
 */
export function createNodeJavaScriptRunner() {
  function execute(source: string, entry: string, timeout: number, random?: () => number): { output: string; error: RunError | null; context: Context } {
    let output = '';
    const print = (...values: unknown[]) => void (output += `${values.map(formatConsoleValue).join(' ')}\n`);
    const context = createContext({ console: { log: print, info: print, warn: print, error: print, debug: print }, assert: realAssert });
    // A seeded run: the context's own Math gets the seeded generator.
    if (random) (runInContext('Math', context) as { random: () => number }).random = random;
    let error: RunError | null = null;
    try {
      runInContext(source, context, { filename: entry, timeout });
    } catch (caught) {
      error = toRunError(caught, entry);
    }
    // A getter: checks that call the learner's functions may still print after this returns.
    return { get output() {
      return output;
    }, error, context };
  }

  async function run(request: RunRequest): Promise<RunResult> {
    const entry = javascriptEntryFile(request.files);
    if (!entry) return { status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' };
    const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const sourceOf = (name: string | undefined) => request.files.find((file) => file.name === (name ?? entry))?.content ?? '';
    const source = sourceOf(entry);
    const assertionFailures = new Map<number, string | null>();
    // Constructs are read from the parsed program before it runs.
    request.checks.forEach((check, index) => {
      if (check.type !== 'uses') return;
      const found = javascriptUses(sourceOf(check.file), check.construct, check.name);
      assertionFailures.set(index, found === null || found === (check.absent === true) ? check.message : null);
    });
    const program = execute(source, entry, timeout);
    const { error, context } = program;
    if (!error) {
      // A name the learner's program could not know, set only now, carries the real assert in.
      const key = `__codetrail_${randomUUID().replace(/-/g, '')}`;
      try {
        context[key] = realAssert;
      } catch {
        // A frozen global: the checks then fail, which is all the learner gains.
      }
      request.checks.forEach((check, index) => {
        if (check.type !== 'assert') return;
        try {
          runInContext(`(function (assert) {\n${check.code}\n})(globalThis[${JSON.stringify(key)}]);`, context, { filename: '<check>', timeout });
          assertionFailures.set(index, null);
        } catch (caught) {
          assertionFailures.set(index, toRunError(caught, '<check>').message);
        }
      });
      request.checks.forEach((check, index) => {
        if (check.type !== 'rerun') return;
        const changed = javascriptWithValues(source, check.set ?? {});
        if ('error' in changed) return void assertionFailures.set(index, changed.error);
        const again = changed.missing.length > 0 ? null : execute(changed.source, entry, timeout, check.seed === undefined ? undefined : seededRandom(check.seed));
        assertionFailures.set(index, rerunVerdict(check, again?.output ?? '', again?.error ? again.error.message : null, changed.missing));
      });
    }
    const output = program.output;
    const checks = evaluateChecks(request.checks, { output, error, assertionFailures });
    return { status: 'ran', passed: error === null && checks.every((check) => check.passed), output, error, timedOut: error?.type === 'Timeout', checks };
  }
  return { run };
}
