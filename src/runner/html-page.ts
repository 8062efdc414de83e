import type { Check, PageStep } from '@/domain/content/model';

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

/** One self-contained document from index.html (or the first html file) and its linked files. */
export function buildPageDocument(files: { name: string; content: string }[]): string {
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
  return html;
}

/**
 * Measures DOM and CSS checks in a rendered document. Self-contained (no imports, no closures) so
 * the browser can inject its source into the sandboxed preview and Node can call it with jsdom.
 */
export function measurePageChecks(doc: Document, view: { getComputedStyle: (element: Element) => CSSStyleDeclaration }, checks: PageCheck[]): [number, boolean][] {
  const normalise = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');
  // A learner's actions, as events the page's own handlers receive: typing fires input and change,
  // a click is a click (on a form's submit button it submits). False when an element is missing.
  const act = (step: PageStep): boolean => {
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
  return checks.map((check) => {
    try {
      if (check.before && !check.before.every(act)) return [check.index, false];
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
  });
}
