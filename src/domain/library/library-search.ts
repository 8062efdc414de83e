/**
 * The library's search (issue 17): instant, typo tolerant, and pure, so the server answers a
 * plain GET (no JavaScript needed) and tests pin its behaviour. A query matches an item when every
 * query word matches some word of the item: exactly, as the start of a word, or within a small
 * edit distance (one typo from 4 letters, two from 8). Title words weigh more than the rest.
 */

export const LIBRARY_KINDS = ['track', 'tutorial', 'project', 'lesson', 'glossary', 'template'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export const LIBRARY_LANGUAGES = ['python', 'javascript', 'html', 'css', 'sql'] as const;
export type LibraryLanguage = (typeof LIBRARY_LANGUAGES)[number];
export const LIBRARY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type LibraryLevel = (typeof LIBRARY_LEVELS)[number];
export const LIBRARY_LENGTHS = ['short', 'medium', 'long'] as const;
export type LibraryLength = (typeof LIBRARY_LENGTHS)[number];
export const LIBRARY_ACCESS = ['free', 'pro'] as const;
export type LibraryAccess = (typeof LIBRARY_ACCESS)[number];

export interface LibraryItem {
  /** Unique across kinds: `lesson:html-links`. */
  key: string;
  kind: LibraryKind;
  title: string;
  description: string;
  /** Extra words that find it (a glossary entry's element name, a lesson's tutorial). */
  keywords: string;
  language: LibraryLanguage;
  level: LibraryLevel;
  /** Estimated minutes to finish it (null: open-ended, such as a template). */
  minutes: number | null;
  access: LibraryAccess;
  href: string;
  /** Lessons in it, for the learner's progress (null: nothing to complete). */
  lessonIds: string[] | null;
  /** Its chapters in a track's path, for the path's lock (null: nothing the path locks). */
  path: { trackId: string; chapterIds: string[] } | null;
}

export interface LibraryFilters {
  q: string;
  kind: LibraryKind | null;
  language: LibraryLanguage | null;
  level: LibraryLevel | null;
  length: LibraryLength | null;
  access: LibraryAccess | null;
}

/** Short: under 20 minutes; long: 2 hours and more. */
export function lengthOf(minutes: number | null): LibraryLength | null {
  if (minutes === null) return null;
  if (minutes < 20) return 'short';
  return minutes < 120 ? 'medium' : 'long';
}

/** Lower case, accents and punctuation gone (`<h1>` and "h1" are one word). */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Damerau–Levenshtein (optimal string alignment) distance, giving up past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Typos forgiven in a word of this length. */
export const typosAllowed = (length: number): number => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** How well one query word matches one item word: 3 exact, 2 prefix, 1 within the typos allowed, 0 not. */
export function wordMatch(query: string, word: string): number {
  if (query === word) return 3;
  if (query.length >= 2 && word.startsWith(query)) return 2;
  const allowed = typosAllowed(query.length);
  if (allowed > 0 && editDistance(query, word, allowed) <= allowed) return 1;
  // A typo in a word typed in part ("varables" of "variables…"): the same length of the word's start.
  if (allowed > 0 && word.length > query.length && editDistance(query, word.slice(0, query.length), allowed) <= allowed) return 1;
  return 0;
}

/** The item's score for the query (0: no match). Title words count three times. */
export function scoreItem(item: Pick<LibraryItem, 'title' | 'description' | 'keywords'>, queryWords: readonly string[]): number {
  if (queryWords.length === 0) return 1;
  const title = words(item.title);
  const rest = [...words(item.keywords), ...words(item.description)];
  let total = 0;
  for (const query of queryWords) {
    const inTitle = Math.max(0, ...title.map((word) => wordMatch(query, word)));
    const elsewhere = Math.max(0, ...rest.map((word) => wordMatch(query, word)));
    if (inTitle === 0 && elsewhere === 0) return 0;
    total += inTitle * 3 + elsewhere;
  }
  return total;
}

const KIND_ORDER: Record<LibraryKind, number> = { track: 0, tutorial: 1, project: 2, lesson: 3, glossary: 4, template: 5 };

/** The items that pass the filters and match the query, best first (ties: tracks before lessons, then A–Z). */
export function searchLibrary<T extends LibraryItem>(items: readonly T[], filters: LibraryFilters): T[] {
  const queryWords = words(filters.q).slice(0, 8);
  return items
    .filter(
      (item) =>
        (!filters.kind || item.kind === filters.kind) &&
        (!filters.language || item.language === filters.language) &&
        (!filters.level || item.level === filters.level) &&
        (!filters.length || lengthOf(item.minutes) === filters.length) &&
        (!filters.access || item.access === filters.access),
    )
    .map((item) => ({ item, score: scoreItem(item, queryWords) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] || a.item.title.localeCompare(b.item.title))
    .map(({ item }) => item);
}
