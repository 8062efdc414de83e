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
  const record = (site: number, value?: unknown) => {
    // Through the built-ins taken at load: the program may have replaced Set.prototype.add.
    I.setAdd(hits, site);
    return value;
  };
  return { source: instrumented?.source ?? source, sites: instrumented?.sites ?? new Map(), hits, forbidden, hit, record };
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
