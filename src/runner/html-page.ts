import type { Check, PageStep } from '@/domain/content/model';
import { pageStorageScript, type PageStorageItems } from './page-storage';

/**
 * HTML lessons: the learner's files become one document (linked CSS and scripts inlined, since the
 * preview has no server behind it), and the DOM/CSS checks are measured inside that document.
 */

/**
 * The size of the frame page checks are measured in, wherever they run: the player's hidden
 * measuring frame (never the visible preview, whose width depends on the learner's screen) and
 * content:check's Chromium. One size, so a width-dependent value gets one verdict.
 */
export const CHECK_VIEWPORT = { width: 1024, height: 768 } as const;

export interface PageCheck {
  index: number;
  type: 'dom' | 'css' | 'css-rule';
  media?: string;
  selector: string;
  text?: string;
  count?: number;
  property?: string;
  value?: string;
  /** Fields filled and elements clicked just before this check looks. */
  before?: PageStep[];
}

export function pageChecksOf(checks: Check[]): PageCheck[] {
  return checks.flatMap((check, index): PageCheck[] => {
    if (check.type === 'dom') return [{ index, type: 'dom' as const, selector: check.selector, text: check.text, count: check.count, before: check.before }];
    if (check.type === 'css') return [{ index, type: 'css' as const, selector: check.selector, property: check.property, value: check.value, before: check.before }];
    if (check.type === 'css-rule') return [{ index, type: 'css-rule' as const, selector: check.selector, property: check.property, value: check.value, media: check.media }];
    return [];
  });
}

const escapeClosing = (text: string, tag: string) => text.replace(new RegExp(`</${tag}`, 'gi'), `<\\/${tag}`);

/**
 * One self-contained document from index.html (or the first html file) and its linked files. It
 * starts with the page's own localStorage (page-storage.ts), holding `storage`: what the page
 * saved before this load.
 */
export function buildPageDocument(files: { name: string; content: string }[], storage: PageStorageItems = []): string {
  return assemblePageDocument(files, pageStorageScript(storage));
}

/**
 * A page's files as one document: linked stylesheets and scripts inlined (and stylesheets not linked
 * yet added), with `firstScript` before the learner's first script (the lesson player's storage,
 * the build area's console bridge).
 */
export function assemblePageDocument(files: { name: string; content: string }[], firstScript: string): string {
  const page = files.find((file) => file.name === 'index.html') ?? files.find((file) => file.name.endsWith('.html'));
  let html = page?.content ?? '';
  const byName = new Map(files.map((file) => [file.name, file.content]));
  const inlined = new Set<string>();
  html = html.replace(/<link\b[^>]*\bhref=["']([^"']+)["'][^>]*>/gi, (tag, href: string) => {
    const css = byName.get(href.replace(/^\.\//, ''));
    if (css === undefined || !/stylesheet/i.test(tag)) return tag;
    inlined.add(href.replace(/^\.\//, ''));
    return `<style data-file="${href}">${escapeClosing(css, 'style')}</style>`;
  });
  html = html.replace(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>\s*<\/script>/gi, (tag, src: string) => {
    const js = byName.get(src.replace(/^\.\//, ''));
    if (js === undefined) return tag;
    inlined.add(src.replace(/^\.\//, ''));
    return `<script data-file="${src}">${escapeClosing(js, 'script')}</script>`;
  });
  // Stylesheets the learner did not link yet still apply, as in most course platforms.
  const unlinked = files.filter((file) => file.name.endsWith('.css') && !inlined.has(file.name));
  if (unlinked.length > 0) {
    const styles = unlinked.map((file) => `<style data-file="${file.name}">${escapeClosing(file.content, 'style')}</style>`).join('');
    html = /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `${styles}</head>`) : `${styles}${html}`;
  }
  // Before the learner's first script: inside <head>, else after the doctype (a script before
  // the doctype would switch the page to quirks mode).
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${firstScript}${html.slice(head.index + head[0].length)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${firstScript}${html.slice(doctype[0].length)}` : `${firstScript}${html}`;
}

/**
 * What one load of the page measured. `resume`: the steps of check `index` reloaded the page after
 * its first `after` steps, so the host loads it again with the storage it had (`storage`) and
 * measures the rest from there (measureAcrossReloads).
 */
export interface PageMeasurement {
  results: [number, boolean][];
  resume: { index: number; after: number; storage: PageStorageItems } | null;
}

/**
 * Page checks across reloads: `load` renders the page with `storage` and measures `checks` in it.
 * Which checks remain after a reload is decided here, from the host's own list, never from what the
 * page reported (a learner's page could send anything); a reload that names no pending check ends
 * the measuring, and so does running out of reload steps.
 */
export async function measureAcrossReloads(checks: PageCheck[], load: (storage: PageStorageItems, checks: PageCheck[]) => Promise<PageMeasurement>): Promise<Map<number, boolean>> {
  const results = new Map<number, boolean>();
  const reloads = checks.reduce((total, check) => total + (check.before ?? []).filter((step) => 'reload' in step).length, 0);
  let pending = checks;
  let storage: PageStorageItems = [];
  for (let loads = 0; loads <= reloads; loads += 1) {
    const measured = await load(storage, pending);
    const expected = new Set(pending.map((check) => check.index));
    for (const [index, passed] of measured.results) if (expected.has(index)) results.set(index, passed);
    if (!measured.resume) break;
    const { index, after } = measured.resume;
    const position = pending.findIndex((check) => check.index === index);
    const check = pending[position];
    if (!check || after < 1 || after > (check.before ?? []).length || !('reload' in ((check.before ?? [])[after - 1] ?? {}))) break;
    pending = [{ ...check, before: (check.before ?? []).slice(after) }, ...pending.slice(position + 1)];
    storage = measured.resume.storage;
  }
  return results;
}

/**
 * Measures DOM and CSS checks in a rendered document. Self-contained (no imports, no closures) so
 * the browser can inject its source into the sandboxed preview and Node can call it with jsdom.
 */
export function measurePageChecks(doc: Document, view: { getComputedStyle: (element: Element) => CSSStyleDeclaration }, checks: PageCheck[]): PageMeasurement {
  const normalise = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');
  // A learner's actions, as events the page's own handlers receive: typing fires input and change,
  // a click is a click (on a form's submit button it submits). False when an element is missing.
  const act = (step: Exclude<PageStep, { reload: true }>): boolean => {
    const target = doc.querySelector('fill' in step ? step.fill : step.click);
    if (!target) return false;
    if ('fill' in step) {
      (target as HTMLInputElement).value = step.with;
      target.dispatchEvent(new (doc.defaultView as Window & typeof globalThis).Event('input', { bubbles: true }));
      target.dispatchEvent(new (doc.defaultView as Window & typeof globalThis).Event('change', { bubbles: true }));
    } else (target as HTMLElement).click();
    return true;
  };
  // A rule in the page's stylesheets, as the engine parsed them (CSSOM): states such as :hover and
  // media queries that nothing on the page triggers are read from the rules themselves.
  const hasRule = (check: PageCheck): boolean => {
    const selectorParts = (text: string) => text.split(',').map((part) => normalise(part).replace(/\s*([>+~])\s*/g, '$1'));
    const wanted = selectorParts(check.selector)[0] ?? '';
    const wantedMedia = check.media === undefined ? null : normalise(check.media).replace(/\s*:\s*/g, ':');
    const sameValue = (written: string, expected: string) => {
      const probe = doc.createElement('div');
      const parsed = (value: string) => {
        probe.style.setProperty(check.property as string, value);
        const result = normalise(probe.style.getPropertyValue(check.property as string) || value);
        probe.style.removeProperty(check.property as string);
        return result;
      };
      return parsed(written) === parsed(expected);
    };
    const visit = (rules: CSSRuleList, media: string | null): boolean =>
      Array.from(rules).some((rule) => {
        const grouped = rule as CSSRule & { cssRules?: CSSRuleList; conditionText?: string; media?: MediaList };
        if (grouped.cssRules && (grouped.conditionText !== undefined || grouped.media !== undefined)) {
          const condition = normalise(grouped.conditionText ?? grouped.media?.mediaText ?? '').replace(/\s*:\s*/g, ':');
          return visit(grouped.cssRules, condition);
        }
        const style = (rule as CSSStyleRule).style;
        const selectorText = (rule as CSSStyleRule).selectorText;
        if (!style || typeof selectorText !== 'string' || !selectorParts(selectorText).includes(wanted)) return false;
        // `screen and (min-width: 700px)` holds `(min-width: 700px)`.
        if (wantedMedia !== null && (media === null || (media !== wantedMedia && !media.split(' and ').includes(wantedMedia)))) return false;
        const written = style.getPropertyValue(check.property as string);
        return written !== '' && (check.value === undefined || sameValue(written, check.value));
      });
    return Array.from(doc.styleSheets).some((sheet) => {
      try {
        return visit(sheet.cssRules, null);
      } catch {
        return false;
      }
    });
  };
  // What the page's localStorage holds now (page-storage.ts), for the next load.
  const savedItems = (): [string, string][] => {
    try {
      const storage = (doc.defaultView as Window).localStorage;
      const items: [string, string][] = [];
      for (let position = 0; position < storage.length; position += 1) {
        const key = storage.key(position);
        if (key !== null) items.push([key, storage.getItem(key) ?? '']);
      }
      return items;
    } catch {
      return [];
    }
  };
  const measure = (check: PageCheck): [number, boolean] => {
    try {
      if (check.before && !check.before.every((step) => 'reload' in step || act(step))) return [check.index, false];
      if (check.type === 'css-rule') return [check.index, hasRule(check)];
      const elements = Array.from(doc.querySelectorAll(check.selector));
      if (check.type === 'dom') {
        const matching = check.text === undefined ? elements : elements.filter((element) => (element.textContent ?? '').includes(check.text as string));
        return [check.index, check.count === undefined ? matching.length > 0 : matching.length === check.count];
      }
      const element = elements[0];
      if (!element || !check.property || check.value === undefined) return [check.index, false];
      const property = check.property;
      // Compare like with like: both values go through the engine's own parsing on a probe element
      // (jsdom reports stylesheet values as written, browsers as computed). The probe is a shallow
      // copy of the element, placed beside it, so values that depend on layout (fr, %, em) resolve
      // in the same context.
      const canonical = (value: string) => {
        let probe = element.cloneNode(false) as HTMLElement;
        probe.style.setProperty(property, value, 'important');
        probe.setAttribute('aria-hidden', 'true');
        try {
          element.after(probe);
        } catch {
          probe = doc.createElement('div');
          probe.setAttribute('style', `${property}: ${value}`);
          (doc.body ?? doc.documentElement).appendChild(probe);
        }
        const computed = view.getComputedStyle(probe).getPropertyValue(property);
        probe.remove();
        return normalise(computed || value);
      };
      const actual = view.getComputedStyle(element).getPropertyValue(property);
      return [check.index, actual !== '' && canonical(actual) === canonical(check.value)];
    } catch {
      return [check.index, false];
    }
  };
  const results: [number, boolean][] = [];
  for (let position = 0; position < checks.length; position += 1) {
    const check = checks[position] as PageCheck;
    const steps = check.before ?? [];
    const reloadAt = steps.findIndex((step) => 'reload' in step);
    if (reloadAt === -1) {
      results.push(measure(check));
      continue;
    }
    // The steps before the reload happen on this load; the rest, and the check, on the next one.
    const ready = steps.slice(0, reloadAt).every((step) => 'reload' in step || act(step));
    if (!ready) {
      results.push([check.index, false]);
      continue;
    }
    return { results, resume: { index: check.index, after: reloadAt + 1, storage: savedItems() } };
  }
  return { results, resume: null };
}
