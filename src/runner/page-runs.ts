import type { Check } from '@/domain/content/model';
import type { PageStorageItems } from './page-storage';
import { measureAcrossReloads, pageChecksOf, type PageCheck, type PageMeasurement } from './html-page';
import type { javascriptWithValues as JavascriptWithValues } from './javascript-analysis';

type PageFiles = { name: string; content: string }[];

/**
 * A lesson's page checks, in as many runs of the page as they need: one with the learner's files,
 * and one more for each other set of values that `dom`/`css` checks give (`set`): the page's
 * scripts run with those top-level variables initialised to the check's values instead (through
 * the parsed program, as a `rerun` check does), so a page that typed its answer in (the list items,
 * "4 tasks left") fails where one that computes it passes. A check whose variable the scripts do not
 * declare fails. `load` renders `files` with `storage` and measures `checks` in it.
 */
export async function measurePageRuns(
  files: PageFiles,
  checks: Check[],
  load: (files: PageFiles, storage: PageStorageItems, checks: PageCheck[]) => Promise<PageMeasurement>,
): Promise<Map<number, boolean>> {
  const runs = new Map<string, PageCheck[]>();
  for (const pageCheck of pageChecksOf(checks)) {
    const check = checks[pageCheck.index];
    const values = check && (check.type === 'dom' || check.type === 'css') && check.set ? JSON.stringify(check.set) : '';
    runs.set(values, [...(runs.get(values) ?? []), pageCheck]);
  }
  const results = new Map<number, boolean>();
  for (const [values, group] of runs) {
    // The parser loads only for a lesson that needs it (the player's check engine stays small).
    const changed = values === '' ? files : withValues(files, JSON.parse(values) as Record<string, unknown>, (await import('./javascript-analysis')).javascriptWithValues);
    if (changed === null) {
      for (const check of group) results.set(check.index, false);
      continue;
    }
    for (const [index, passed] of await measureAcrossReloads(group, (storage, pending) => load(changed, storage, pending))) results.set(index, passed);
  }
  return results;
}

/** The page's files with its scripts' top-level variables given `values`, or null when one is declared nowhere. */
export function withValues(files: PageFiles, values: Record<string, unknown>, javascriptWithValues: typeof JavascriptWithValues): PageFiles | null {
  const unset = new Set(Object.keys(values));
  const changed = files.map((file) => {
    if (!file.name.endsWith('.js')) return file;
    const rewritten = javascriptWithValues(file.content, values);
    if ('error' in rewritten) return file;
    for (const name of Object.keys(values)) if (!rewritten.missing.includes(name)) unset.delete(name);
    return { ...file, content: rewritten.source };
  });
  return unset.size === 0 ? changed : null;
}
