import type { Check } from '@/domain/content/model';

/**
 * The HTML glossary (issue 17): every element and main attribute the HTML track teaches, authored
 * as files in content/glossary/html, checked by content:check and published with the publish set.
 * Public pages at /glossary/html and /glossary/html/{id}.
 */

/** The track whose lessons the HTML glossary links to (by lesson id). */
export const GLOSSARY_TRACK_ID = 'html';

export const GLOSSARY_KINDS = ['element', 'attribute'] as const;
export type GlossaryKind = (typeof GLOSSARY_KINDS)[number];

/** Browsers shown in the support table, in this order (ids of @mdn/browser-compat-data). */
export const SUPPORT_BROWSERS = [
  { id: 'chrome', label: 'Chrome' },
  { id: 'edge', label: 'Edge' },
  { id: 'firefox', label: 'Firefox' },
  { id: 'safari', label: 'Safari' },
  { id: 'chrome_android', label: 'Chrome Android' },
  { id: 'safari_ios', label: 'Safari on iOS' },
] as const;
export type SupportBrowser = (typeof SUPPORT_BROWSERS)[number]['id'];

/** One browser's support: the first version (`"1"`, `"≤18"`), `true` (yes, version unknown), or `false` (no). */
export type BrowserSupport = string | boolean;

export interface GlossaryCompat {
  /** The @mdn/browser-compat-data key, e.g. html.elements.a. */
  key: string;
  support: Record<SupportBrowser, BrowserSupport>;
  deprecated: boolean;
  /** MDN's reference page for the entry, when the data names one. */
  mdnUrl: string | null;
}

export interface GlossaryEntry {
  id: string;
  kind: GlossaryKind;
  /** As written: `a`, `h1–h6`, `href`. */
  name: string;
  /** The page's title (≤ 60 characters). */
  title: string;
  /** One sentence: the page's meta description and the index's text. */
  summary: string;
  /** The explanation, rendered to HTML at compile time (markdown with raw HTML shown as text). */
  explanationHtml: string;
  /** A small complete page that shows the entry, run in the lesson runtime's sandbox. */
  example: { name: string; content: string };
  /** DOM checks content:check runs against the example (it must show what it claims). */
  checks: Check[];
  compat: GlossaryCompat;
  /** HTML-track lesson ids that teach it (stable ids: links survive lessons moving). */
  lessons: string[];
  /** Other glossary ids. */
  related: string[];
  /** Repository path, for error messages. */
  source: string;
}

export const glossaryIndexPath = (): string => '/glossary/html';
export const glossaryEntryPath = (id: string): string => `/glossary/html/${encodeURIComponent(id)}`;

/** How an entry is shown in lists and headings: `<a>` for elements, `href` for attributes. */
export function displayName(entry: Pick<GlossaryEntry, 'kind' | 'name'>): string {
  return entry.kind === 'element' ? `<${entry.name}>` : entry.name;
}

/** A browser's support as a reader says it. */
export function supportLabel(support: BrowserSupport): string {
  if (support === false) return 'No';
  if (support === true) return 'Yes';
  return support.startsWith('≤') ? `${support.slice(1)} or earlier` : `Since ${support}`;
}

/**
 * The glossary's index, grouped for reading: elements, then attributes, each A–Z by name (digits
 * after letters, so h1–h6 sits under H).
 */
export function groupEntries<T extends Pick<GlossaryEntry, 'kind' | 'name'>>(entries: readonly T[]): { kind: GlossaryKind; entries: T[] }[] {
  return GLOSSARY_KINDS.map((kind) => ({
    kind,
    entries: entries.filter((entry) => entry.kind === kind).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })),
  })).filter((group) => group.entries.length > 0);
}

/**
 * The fixed call to action at the bottom of every glossary page, per the experiment
 * experiment-glossary-fixed-cta-variations (original vs variant_learn_daily).
 */
export type GlossaryCtaVariant = 'original' | 'variant_learn_daily';

export interface GlossaryCta {
  variant: GlossaryCtaVariant;
  text: string;
  action: string;
}

export function glossaryCta(variant: GlossaryCtaVariant): GlossaryCta {
  return variant === 'variant_learn_daily'
    ? { variant, text: 'Five minutes a day is all it takes to learn HTML.', action: 'Learn daily, free' }
    : { variant, text: 'Learn HTML by writing it, one short lesson at a time.', action: 'Start the HTML course' };
}
