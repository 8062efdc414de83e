import { createContext, runInContext } from 'node:vm';
import { formatConsoleValue } from '../console-format';
import { evaluateChecks } from '../output-checks';
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

/**
 * Runs JavaScript lessons in Node, isolated in a vm context: console captured, no require,
 * no process, no network, and a time limit that stops runaway loops.
 */
export function createNodeJavaScriptRunner() {
  async function run(request: RunRequest): Promise<RunResult> {
    const entry = javascriptEntryFile(request.files);
    if (!entry) return { status: 'unsupported', reason: 'The lesson has no JavaScript file to run.' };
    const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let output = '';
    const print = (...values: unknown[]) => void (output += `${values.map(formatConsoleValue).join(' ')}\n`);
    const context = createContext({
      console: { log: print, info: print, warn: print, error: print, debug: print },
      assert: (condition: unknown, message?: string) => {
        if (!condition) throw new Error(message ?? 'Assertion failed');
      },
    });
    const source = request.files.find((file) => file.name === entry)?.content ?? '';
    let error: RunError | null = null;
    try {
      runInContext(source, context, { filename: entry, timeout });
    } catch (caught) {
      error = toRunError(caught, entry);
    }
    const assertionFailures = new Map<number, string | null>();
    if (!error) {
      request.checks.forEach((check, index) => {
        if (check.type !== 'assert') return;
        try {
          runInContext(check.code, context, { filename: '<check>', timeout });
          assertionFailures.set(index, null);
        } catch (caught) {
          assertionFailures.set(index, toRunError(caught, '<check>').message);
        }
      });
    }
    const checks = evaluateChecks(request.checks, { output, error, assertionFailures });
    return { status: 'ran', passed: error === null && checks.every((check) => check.passed), output, error, timedOut: error?.type === 'Timeout', checks };
  }
  return { run };
}
