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
  /** Every matching element, or at least one (see measurePageChecks). */
  match?: 'every' | 'any';
  /** css: only what the stylesheet's selectors give counts (no `!important`, no style=""). */
  selectorsOnly?: boolean;
}

export function pageChecksOf(checks: Check[]): PageCheck[] {
  return checks.flatMap((check, index): PageCheck[] => {
    if (check.type === 'dom') return [{ index, type: 'dom' as const, selector: check.selector, text: check.text, count: check.count, before: check.before, match: check.match }];
    if (check.type === 'css') return [{ index, type: 'css' as const, selector: check.selector, property: check.property, value: check.value, before: check.before, match: check.match, selectorsOnly: check.selectorsOnly }];
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
export function buildPageDocument(files: { name: string; content: string }[], storage: PageStorageItems = [], probe = ''): string {
  // The player's check probe (page-probe.ts) comes right after the storage, before the learner's scripts.
  return assemblePageDocument(files, pageStorageScript(storage) + probe);
}

/** Where a piece of an assembled page came from: a line of a learner's file, or nothing (the platform's). */
type PieceSource = { file: string; line: number } | null;

/** A run of the assembled document; `page` marks the page file's own text (the only text rewritten). */
interface Piece {
  text: string;
  source: PieceSource;
  page: boolean;
}

/**
 * Where each piece of an assembled page starts in the document (1-based line and column) and what
 * it is of the learner's files: the source map that turns an error's document line back into
 * "script.js:3".
 */
export interface DocumentSegment {
  line: number;
  column: number;
  source: PieceSource;
  /** Nothing but spaces before its first line break (an error without a column is not put there). */
  blankStart: boolean;
}

export interface AssembledPage {
  html: string;
  segments: DocumentSegment[];
}

const newlineCount = (text: string) => text.split('\n').length - 1;

const generated = (text: string): Piece => ({ text, source: null, page: false });

/** The page's text from `from` to `to` of `piece`, with the line it starts on in the page file. */
function slicePage(piece: Piece, from: number, to: number): Piece {
  const source = piece.source ? { file: piece.source.file, line: piece.source.line + newlineCount(piece.text.slice(0, from)) } : null;
  return { text: piece.text.slice(from, to), source, page: true };
}

/**
 * Replaces matches of `pattern` in the page's own text (at most `limit` of them); `replace` gets
 * the match and the matched text as a piece, and answers what goes in its place, or null to keep it.
 */
function replaceInPage(pieces: Piece[], pattern: RegExp, replace: (match: RegExpExecArray, matched: Piece) => Piece[] | null, limit = Infinity): { pieces: Piece[]; count: number } {
  const out: Piece[] = [];
  let count = 0;
  for (const piece of pieces) {
    if (!piece.page || count >= limit) {
      out.push(piece);
      continue;
    }
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    let last = 0;
    for (const match of piece.text.matchAll(global)) {
      if (count >= limit) break;
      const from = match.index;
      const replacement = replace(match, slicePage(piece, from, from + match[0].length));
      if (!replacement) continue;
      count += 1;
      out.push(slicePage(piece, last, from), ...replacement);
      last = from + match[0].length;
    }
    out.push(slicePage(piece, last, piece.text.length));
  }
  return { pieces: out.filter((piece) => piece.text.length > 0), count };
}

function inlined(tag: 'style' | 'script', name: string, attribute: string, content: string): Piece[] {
  return [generated(`<${tag} data-file="${attribute}">`), { text: escapeClosing(content, tag), source: { file: name, line: 1 }, page: false }, generated(`</${tag}>`)];
}

/**
 * A page's files as one document: linked stylesheets and scripts inlined (and stylesheets not linked
 * yet added), with `firstScript` before the learner's first script (the lesson player's storage,
 * the build area's console bridge).
 */
export function assemblePageDocument(files: { name: string; content: string }[], firstScript: string): string {
  return assemblePageDocumentWithMap(files, firstScript).html;
}

/** assemblePageDocument, with where each part of the document came from (locateDocumentLine reads it). */
export function assemblePageDocumentWithMap(files: { name: string; content: string }[], firstScript: string): AssembledPage {
  const page = files.find((file) => file.name === 'index.html') ?? files.find((file) => file.name.endsWith('.html'));
  let pieces: Piece[] = page && page.content ? [{ text: page.content, source: { file: page.name, line: 1 }, page: true }] : [];
  const byName = new Map(files.map((file) => [file.name, file.content]));
  const inlinedNames = new Set<string>();
  pieces = replaceInPage(pieces, /<link\b[^>]*\bhref=["']([^"']+)["'][^>]*>/gi, (match) => {
    const href = match[1] ?? '';
    const name = href.replace(/^\.\//, '');
    const css = byName.get(name);
    if (css === undefined || !/stylesheet/i.test(match[0])) return null;
    inlinedNames.add(name);
    return inlined('style', name, href, css);
  }).pieces;
  pieces = replaceInPage(pieces, /<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>\s*<\/script>/gi, (match) => {
    const src = match[1] ?? '';
    const name = src.replace(/^\.\//, '');
    const js = byName.get(name);
    if (js === undefined) return null;
    inlinedNames.add(name);
    return inlined('script', name, src, js);
  }).pieces;
  // Stylesheets the learner did not link yet still apply, as in most course platforms.
  const unlinked = files.filter((file) => file.name.endsWith('.css') && !inlinedNames.has(file.name)).flatMap((file) => inlined('style', file.name, file.name, file.content));
  if (unlinked.length > 0) {
    const placed = replaceInPage(pieces, /<\/head>/i, (_match, matched) => [...unlinked, matched], 1);
    pieces = placed.count > 0 ? placed.pieces : [...unlinked, ...pieces];
  }
  // Before the learner's first script: inside <head>, else after the doctype (a script before
  // the doctype would switch the page to quirks mode).
  const script = generated(firstScript);
  const inHead = replaceInPage(pieces, /<head\b[^>]*>/i, (_match, matched) => [matched, script], 1);
  if (inHead.count > 0) pieces = inHead.pieces;
  else {
    const first = pieces[0];
    const doctype = first?.page ? /^\s*<!doctype[^>]*>/i.exec(first.text) : null;
    pieces = first && doctype ? [slicePage(first, 0, doctype[0].length), script, slicePage(first, doctype[0].length, first.text.length), ...pieces.slice(1)] : [script, ...pieces];
  }
  const segments: DocumentSegment[] = [];
  let line = 1;
  let column = 1;
  for (const piece of pieces) {
    if (piece.text.length === 0) continue;
    segments.push({ line, column, source: piece.source, blankStart: (piece.text.split('\n')[0] ?? '').trim() === '' });
    const breaks = newlineCount(piece.text);
    line += breaks;
    column = breaks > 0 ? piece.text.length - piece.text.lastIndexOf('\n') : column + piece.text.length;
  }
  return { html: pieces.map((piece) => piece.text).join(''), segments };
}

/**
 * The learner's file and line for a line (and column, when known) of an assembled document, or null
 * when it is the platform's own text. Browsers report an inline script's errors by document line
 * and column.
 */
export function locateDocumentLine(segments: readonly DocumentSegment[], line: number, column?: number): { file: string; line: number } | null {
  let found: DocumentSegment | undefined;
  for (const segment of segments) {
    if (segment.line > line || (segment.line === line && column !== undefined && segment.column > column)) break;
    // Without a column: the last of the learner's pieces with text on that line (a tag the platform
    // wrapped around an inlined file is not where an error is).
    if (segment.line === line && column === undefined && (segment.blankStart || segment.source === null)) continue;
    found = segment;
  }
  if (!found?.source) return null;
  return { file: found.source.file, line: found.source.line + (line - found.line) };
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

/** What the measuring function needs of the page's window, beside its document (pageView builds it). */
export interface MeasureView {
  getComputedStyle: (element: Element) => CSSStyleDeclaration;
  /** A new event of the page's own realm, bubbling. */
  newEvent: (type: string) => Event;
  /** What the page's localStorage holds now, for the next load. */
  savedItems: () => [string, string][];
}

/** The items of a page's localStorage (page-storage.ts). Self-contained, like measurePageChecks. */
export function pageSavedItems(win: Window): [string, string][] {
  try {
    const storage = win.localStorage;
    const items: [string, string][] = [];
    for (let position = 0; position < storage.length; position += 1) {
      const key = storage.key(position);
      if (key !== null) items.push([String(key), String(storage.getItem(key) ?? '')]);
    }
    return items;
  } catch {
    return [];
  }
}

/**
 * The view of a window whose globals are trusted (jsdom, Chromium's isolated world). Self-contained.
 * The player builds its own from references it took before the learner's scripts ran (page-probe.ts).
 */
export function pageView(win: Window): MeasureView {
  return {
    getComputedStyle: (element) => win.getComputedStyle(element),
    newEvent: (type) => new (win as Window & typeof globalThis).Event(type, { bubbles: true }),
    savedItems: () => {
      try {
        const storage = win.localStorage;
        const items: [string, string][] = [];
        for (let position = 0; position < storage.length; position += 1) {
          const key = storage.key(position);
          if (key !== null) items.push([String(key), String(storage.getItem(key) ?? '')]);
        }
        return items;
      } catch {
        return [];
      }
    },
  };
}

/**
 * Measures DOM and CSS checks in a rendered document. Self-contained (no imports, no closures) so
 * its source can be run inside the page's frame: in the player's pristine realm (page-probe.ts),
 * in Chromium's isolated world (chromium-html-runner.ts), and in jsdom.
 *
 * What a check means (content/README.md): a `dom` check with `text` or a `css` check looks at
 * every element the selector matches (`match: every`, the default for `css`) or at least one
 * (`match: any`, the default for `dom`); a `css` check with `selectorsOnly` counts only what the
 * stylesheet's selectors give (no `!important`, no `style=""`); a `css-rule` check asks for a rule
 * that has the effect on the lesson's element — in the state (`:hover`, `:focus`) it names, and
 * for `media`, at widths either side of each breakpoint.
 */
export function measurePageChecks(doc: Document, view: MeasureView, checks: PageCheck[]): PageMeasurement {
  'use strict';
  const normalise = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');
  // An engine's list (NodeList, CSSRuleList, StyleSheetList; some of jsdom's are plain arrays).
  const listOf = <T,>(list: { length: number; item?: (index: number) => T | null }): T[] => {
    const out: T[] = [];
    for (let position = 0; position < list.length; position += 1) {
      const item = typeof list.item === 'function' ? list.item(position) : (list as unknown as (T | null)[])[position] ?? null;
      if (item !== null) out.push(item);
    }
    return out;
  };
  // A learner's actions, as events the page's own handlers receive: typing fires input and change,
  // a click is a click (on a form's submit button it submits). False when an element is missing.
  const act = (step: Exclude<PageStep, { reload: true }>): boolean => {
    const target = doc.querySelector('fill' in step ? step.fill : step.click);
    if (!target) return false;
    if ('fill' in step) {
      (target as HTMLInputElement).value = step.with;
      target.dispatchEvent(view.newEvent('input'));
      target.dispatchEvent(view.newEvent('change'));
    } else (target as HTMLElement).click();
    return true;
  };
  // Whether a media condition holds at a viewport width (screen, 16 px per em), or null when it
  // asks about something other than the width and the screen. The same answer in every engine.
  const mediaHolds = (text: string, width: number): boolean | null => {
    const length = (value: string): number | null => {
      const parsed = /^(-?[\d.]+)(px|em|rem)?$/.exec(value.trim());
      if (!parsed) return null;
      const amount = Number(parsed[1]);
      return parsed[2] === 'em' || parsed[2] === 'rem' ? amount * 16 : amount;
    };
    const compare = (left: number, operator: string, right: number) =>
      operator === '<' ? left < right : operator === '<=' ? left <= right : operator === '>' ? left > right : operator === '>=' ? left >= right : left === right;
    const feature = (inner: string): boolean | null => {
      const body = normalise(inner);
      const colon = /^(min-|max-)?width\s*:\s*(.+)$/.exec(body);
      if (colon) {
        const limit = length(colon[2] ?? '');
        if (limit === null) return null;
        return colon[1] === 'min-' ? width >= limit : colon[1] === 'max-' ? width <= limit : width === limit;
      }
      const range = /^(?:(\S+)\s*(<=|<|>=|>|=)\s*)?width(?:\s*(<=|<|>=|>|=)\s*(\S+))?$/.exec(body);
      if (range && (range[1] !== undefined || range[4] !== undefined)) {
        if (range[1] !== undefined) {
          const limit = length(range[1]);
          if (limit === null || !compare(limit, range[2] as string, width)) return limit === null ? null : false;
        }
        if (range[4] !== undefined) {
          const limit = length(range[4]);
          if (limit === null) return null;
          return compare(width, range[3] as string, limit);
        }
        return true;
      }
      return null;
    };
    const query = (part: string): boolean | null => {
      let rest = normalise(part);
      let negate = false;
      if (rest.startsWith('not ')) {
        negate = true;
        rest = rest.slice(4);
      }
      rest = rest.replace(/^only /, '');
      let holds: boolean | null = true;
      for (const piece of rest.split(/\s+and\s+/)) {
        const term = piece.trim();
        let value: boolean | null;
        if (term === 'all' || term === 'screen') value = true;
        else if (term === 'print' || term === 'speech') value = false;
        else if (term.startsWith('(') && term.endsWith(')')) value = feature(term.slice(1, -1));
        else value = null;
        if (value === false) return negate;
        if (value === null) holds = null;
      }
      return holds === null ? null : negate ? !holds : holds;
    };
    let any: boolean | null = false;
    for (const part of text.split(',')) {
      const holds = query(part);
      if (holds === true) return true;
      if (holds === null) any = null;
    }
    return any;
  };
  // The widths a media check is measured at: either side of each breakpoint it names.
  const breakpoints = (text: string): number[] => {
    const widths: number[] = [];
    for (const match of text.matchAll(/(-?[\d.]+)(px|em|rem)?/g)) {
      const amount = Number(match[1]) * (match[2] === 'em' || match[2] === 'rem' ? 16 : 1);
      if (Number.isFinite(amount)) widths.push(Math.floor(amount) - 1, Math.floor(amount), Math.ceil(amount) + 1);
    }
    return widths;
  };
  // States nothing on the page triggers while it is measured; a rule's selector is asked whether it
  // matches the element with the state granted (`:is(*)`) and not without it.
  const STATES = /:(hover|focus-visible|focus-within|focus|active|visited)\b/g;
  const grantStates = (selector: string) => selector.replace(STATES, ':is(*)');
  const sameValue = (property: string, written: string, expected: string) => {
    const probe = doc.createElement('div');
    const parsed = (value: string) => {
      probe.style.setProperty(property, value);
      const result = normalise(probe.style.getPropertyValue(property) || value);
      probe.style.removeProperty(property);
      return result;
    };
    return parsed(written) === parsed(expected);
  };
  // A css-rule check: a rule of the page's stylesheets (as the engine parsed them) that sets the
  // property, with the value, on the lesson's element, in the state the check names, under media
  // conditions that hold at `width` (and, for a media check, only rules inside a media query).
  const ruleApplies = (check: PageCheck, elements: Element[], width: number): boolean => {
    const property = check.property as string;
    const wantsState = STATES.test(check.selector);
    STATES.lastIndex = 0;
    const visit = (rules: CSSRule[], inMedia: boolean): boolean =>
      rules.some((rule) => {
        const grouped = rule as CSSRule & { cssRules?: CSSRuleList; conditionText?: string; media?: MediaList };
        if (grouped.cssRules && !(rule as CSSStyleRule).selectorText) {
          const isMedia = grouped.media !== undefined && grouped.media !== null;
          const condition = isMedia ? (grouped.media?.mediaText ?? grouped.conditionText ?? '') : null;
          if (condition !== null && mediaHolds(condition, width) !== true) return false;
          return visit(listOf(grouped.cssRules), inMedia || isMedia);
        }
        const style = (rule as CSSStyleRule).style;
        const selectorText = (rule as CSSStyleRule).selectorText;
        if (!style || typeof selectorText !== 'string') return false;
        if (check.media !== undefined && !inMedia) return false;
        const written = style.getPropertyValue(property);
        if (written === '' || (check.value !== undefined && !sameValue(property, written, check.value))) return false;
        return elements.some((element) =>
          selectorText.split(',').some((part) => {
            try {
              if (!element.matches(grantStates(part))) return false;
              // A state rule must need the state (a plain `a { … }` has no hover effect).
              return !wantsState || !element.matches(part);
            } catch {
              return false;
            }
          }),
        );
      });
    return listOf(doc.styleSheets).some((sheet) => {
      try {
        return visit(listOf(sheet.cssRules), false);
      } catch {
        return false;
      }
    });
  };
  const hasRule = (check: PageCheck): boolean => {
    const base = check.selector.replace(STATES, '') || '*';
    const elements = listOf(doc.querySelectorAll(base.replace(/(^|[\s>+~(,])(?=[\s>+~),]|$)/g, '$1*')));
    if (elements.length === 0) return false;
    if (check.media === undefined) return ruleApplies(check, elements, doc.documentElement.clientWidth || 1024);
    const widths = breakpoints(check.media);
    return widths.length > 0 && widths.every((width) => {
      const wanted = mediaHolds(check.media as string, width);
      return wanted !== null && ruleApplies(check, elements, width) === wanted;
    });
  };
  // A css check with selectorsOnly: the value as the stylesheet's selectors alone give it, with
  // every `!important` made normal and every style="" attribute set aside while it is measured.
  const withSelectorsOnly = <T,>(measureIt: () => T): T => {
    const restore: (() => void)[] = [];
    const visit = (rules: CSSRule[]) => {
      for (const rule of rules) {
        const grouped = rule as CSSRule & { cssRules?: CSSRuleList };
        const style = (rule as CSSStyleRule).style;
        if (style) {
          for (const name of listOf({ length: style.length, item: (index: number) => style.item(index) })) {
            if (style.getPropertyPriority(name) !== 'important') continue;
            const value = style.getPropertyValue(name);
            style.setProperty(name, value, '');
            restore.push(() => style.setProperty(name, value, 'important'));
          }
        }
        if (grouped.cssRules) visit(listOf(grouped.cssRules));
      }
    };
    for (const sheet of listOf(doc.styleSheets)) {
      try {
        visit(listOf(sheet.cssRules));
      } catch {
        // A sheet the page may not read has nothing of the learner's.
      }
    }
    for (const element of listOf(doc.querySelectorAll('[style]'))) {
      const inline = element.getAttribute('style') as string;
      element.removeAttribute('style');
      restore.push(() => element.setAttribute('style', inline));
    }
    try {
      return measureIt();
    } finally {
      for (const undo of restore.reverse()) undo();
    }
  };
  // A css check on one element: its computed value against the expected one, both through the
  // engine's own parsing on a probe element (jsdom reports stylesheet values as written, browsers as
  // computed). The probe is a shallow copy placed beside it, so values that depend on layout (fr,
  // %, em) resolve in the same context.
  const hasValue = (element: Element, property: string, value: string): boolean => {
    const canonical = (text: string) => {
      let probe = element.cloneNode(false) as HTMLElement;
      probe.removeAttribute('id');
      probe.style.setProperty(property, text, 'important');
      probe.setAttribute('aria-hidden', 'true');
      try {
        element.after(probe);
      } catch {
        probe = doc.createElement('div');
        probe.setAttribute('style', `${property}: ${text}`);
        (doc.body ?? doc.documentElement).appendChild(probe);
      }
      const computed = view.getComputedStyle(probe).getPropertyValue(property);
      probe.remove();
      return normalise(computed || text);
    };
    const actual = view.getComputedStyle(element).getPropertyValue(property);
    return actual !== '' && canonical(actual) === canonical(value);
  };
  const measure = (check: PageCheck): [number, boolean] => {
    try {
      if (check.before && !check.before.every((step) => 'reload' in step || act(step))) return [check.index, false];
      if (check.type === 'css-rule') return [check.index, hasRule(check)];
      const elements = listOf(doc.querySelectorAll(check.selector));
      if (check.type === 'dom') {
        const hasText = (element: Element) => (element.textContent ?? '').includes(check.text as string);
        if (check.text !== undefined && check.match === 'every') {
          return [check.index, elements.length > 0 && elements.every(hasText) && (check.count === undefined || elements.length === check.count)];
        }
        const matching = check.text === undefined ? elements : elements.filter(hasText);
        return [check.index, check.count === undefined ? matching.length > 0 : matching.length === check.count];
      }
      if (elements.length === 0 || !check.property || check.value === undefined) return [check.index, false];
      const property = check.property;
      const value = check.value;
      const judge = () => (check.match === 'any' ? elements.some((element) => hasValue(element, property, value)) : elements.every((element) => hasValue(element, property, value)));
      return [check.index, check.selectorsOnly ? withSelectorsOnly(judge) : judge()];
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
    return { results, resume: { index: check.index, after: reloadAt + 1, storage: view.savedItems() } };
  }
  return { results, resume: null };
}
