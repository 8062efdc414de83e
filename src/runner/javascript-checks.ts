import type { RunError, RunRequest } from './run-types';
import { assignmentInCondition, instrumentUses, javascriptUses, type UsesTarget } from './javascript-analysis';
import { intrinsics as I } from './javascript-realm';
import { usesVerdict } from './output-checks';

/**
 * `uses` checks for JavaScript, the same in the browser worker and in Node: the program is run
 * with its constructs marked (instrumentUses), so a check sees whether the construct ran and did
 * its work, and with the built-ins a "without …()" check forbids watched (watchBuiltinCalls), so a
 * call under another name is seen too.
 */
export interface Watch {
  /** The program to run, with its `uses` sites marked. */
  source: string;
  /** Which sites stand for which check (by index); -1 counts as reached (not watchable). */
  sites: Map<number, number[]>;
  hits: Set<number>;
  /** Built-in names a "without …()" check forbids, and whether the run called them. */
  forbidden: Map<string, boolean>;
  /** The global name the marked program calls, and what it must call: record(site, value) returns value. */
  hit: string;
  record: (site: number, value?: unknown) => unknown;
  /**
   * Where the engine runs the marked program: its file name, and how many lines (and, on the first
   * line, columns) it puts before it. A hit counts only from its site's own place.
   */
  placed: { file: string; lines: number; firstLineColumns: number };
}

/**
 * What a run watches for its `uses` checks (the same in the browser worker): the entry file's
 * constructs, marked so the run reports them (hits come in through `hit`, a name the program cannot
 * know), and the built-ins a "without …()" check forbids. Undefined when nothing is to be watched.
 */
export function watchFor(request: RunRequest, entry: string, source: string, hit = `__codetrail_hit_${randomHex()}`): Watch | undefined {
  const targets: UsesTarget[] = [];
  const forbidden = new Map<string, boolean>();
  request.checks.forEach((check, index) => {
    if (check.type !== 'uses' || (check.file !== undefined && check.file !== entry)) return;
    if (check.absent === true) {
      if (check.construct === 'call' && check.name !== undefined) forbidden.set(check.name, false);
    } else targets.push({ key: index, construct: check.construct, ...(check.name !== undefined ? { name: check.name } : {}) });
  });
  if (targets.length === 0 && forbidden.size === 0) return undefined;
  const instrumented = targets.length > 0 ? instrumentUses(source, targets, hit) : null;
  const hits = new Set<number>();
  const positions = instrumented?.positions ?? new Map<number, { line: number; column: number }>();
  const watch: Watch = { source: instrumented?.source ?? source, sites: instrumented?.sites ?? new Map(), hits, forbidden, hit, record: (site, value) => value, placed: { file: entry, lines: 0, firstLineColumns: 0 } };
  const record = (site: number, value?: unknown) => {
    // Through the built-ins taken at load: the program may have replaced Set.prototype.add.
    if (I.setHas(hits, site)) return value;
    const expected = I.mapGet(positions, site) as { line: number; column: number } | undefined;
    if (!expected) return value;
    const { file, lines, firstLineColumns } = watch.placed;
    const where = `${file}:${expected.line + lines}:${expected.column + (expected.line === 1 ? firstLineColumns : 0)}`;
    // Where the engine cannot say (a browser without V8's captureStackTrace) the hit counts; the
    // server's verdict, which is the record, always checks the place.
    if (typeof I.captureStackTrace === 'function' && callerPlace(record) !== where) return value;
    I.setAdd(hits, site);
    return value;
  };
  watch.record = record;
  return watch;
}

/**
 * `file:line:column` of the code that called `fn`, from a stack trace taken with the built-ins of
 * load time, with the realm's Error.prepareStackTrace set aside meanwhile (a program could set it).
 */
function callerPlace(fn: (...args: never[]) => unknown): string | null {
  const holder: { stack?: unknown } = {};
  const saved = I.getOwnPropertyDescriptor(I.Error, 'prepareStackTrace');
  if (saved && !I.defineProperty(I.Error, 'prepareStackTrace', { value: undefined, writable: true, configurable: true })) return null;
  try {
    I.captureStackTrace(holder, fn);
    // The first frame: "    at name (file:line:column)" or "    at file:line:column".
    const match = I.exec(/\n\s*at (?:[^\n]*?\()?([^\s()]+:\d+:\d+)\)?\s*(?:\n|$)/, I.String(holder.stack ?? ''));
    return match?.[1] ?? null;
  } catch {
    return null;
  } finally {
    if (saved) I.defineProperty(I.Error, 'prepareStackTrace', saved);
    else I.deleteProperty(I.Error, 'prepareStackTrace');
  }
}

function randomHex(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A `uses` check's verdict from the parsed program and what the run reported. */
export function usesVerdictFromWatch(
  check: Extract<RunRequest['checks'][number], { type: 'uses' }>,
  index: number,
  checkedSource: string,
  entry: string,
  error: RunError | null,
  watch: Watch | undefined,
): string | null {
  const inCode = javascriptUses(checkedSource, check.construct, check.name);
  const watched = error === null && watch !== undefined && (check.file === undefined || check.file === entry);
  const sites = watched ? watch.sites.get(index) : undefined;
  const ran = sites === undefined ? undefined : sites.some((site) => site === -1 || watch!.hits.has(site));
  const calledAnyway = watched && check.absent === true && check.name !== undefined && watch.forbidden.get(check.name) === true;
  return usesVerdict(check, inCode, ran, calledAnyway);
}

/** The hint for a condition that assigns (`if (x = 15)`), or null. */
export function conditionHint(source: string): string | null {
  const found = assignmentInCondition(source);
  if (!found) return null;
  const name = found.name ?? 'the variable';
  return `On line ${found.line} the condition uses a single =, which puts a new value into ${name} instead of comparing. To compare, write === (three equals signs).`;
}
