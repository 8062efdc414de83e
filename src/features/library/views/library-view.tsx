import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { LIBRARY_ACCESS, LIBRARY_KINDS, LIBRARY_LANGUAGES, LIBRARY_LENGTHS, LIBRARY_LEVELS, type LibraryFilters } from '@/domain/library/library-search';
import { SignedInShell } from '@/features/auth';
import { mainNavLinks } from '@/lib/navigation/main-nav';
import type { LibraryPageProps, LibraryResult } from '@/lib/library/library-page-props';
import { Button, LockIcon, PageHeading, PageLead } from '@/ui';
import { Link } from '@/ui/link';
import styles from './library-view.module.css';

const KIND_LABELS = { track: 'Track', tutorial: 'Course', project: 'Guided project', lesson: 'Lesson', glossary: 'Glossary', template: 'Project template' } as const;
const LANGUAGE_LABELS = { python: 'Python', javascript: 'JavaScript', html: 'HTML', css: 'CSS', sql: 'SQL' } as const;
const LEVEL_LABELS = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;
const LENGTH_LABELS = { short: 'Under 20 minutes', medium: '20 minutes to 2 hours', long: '2 hours or more' } as const;
const ACCESS_LABELS = { free: 'Free', pro: 'Pro' } as const;
const SEARCH_DELAY_MS = 250;

type FilterName = Exclude<keyof LibraryFilters, 'q'>;
const FILTERS: { name: FilterName; label: string; values: readonly string[]; labels: Record<string, string> }[] = [
  { name: 'kind', label: 'Type', values: LIBRARY_KINDS, labels: KIND_LABELS },
  { name: 'language', label: 'Language', values: LIBRARY_LANGUAGES, labels: LANGUAGE_LABELS },
  { name: 'level', label: 'Level', values: LIBRARY_LEVELS, labels: LEVEL_LABELS },
  { name: 'length', label: 'Length', values: LIBRARY_LENGTHS, labels: LENGTH_LABELS },
  { name: 'access', label: 'Plan', values: LIBRARY_ACCESS, labels: ACCESS_LABELS },
];

/** The URL of a search: only what is set, so links stay short and shareable. */
function queryOf(filters: LibraryFilters, page = 1): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  for (const { name } of FILTERS) if (filters[name]) query[name] = filters[name] as string;
  if (page > 1) query.page = String(page);
  return query;
}
const hrefOf = (filters: LibraryFilters, page: number) => `/web/library?${new URLSearchParams(queryOf(filters, page)).toString()}`;

function minutesText(minutes: number | null): string | null {
  if (minutes === null) return null;
  return minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

function ResultCard({ result }: { result: LibraryResult }) {
  const { progress } = result;
  const done = progress !== null && progress.total > 0 && progress.done === progress.total;
  const facts = [LANGUAGE_LABELS[result.language], LEVEL_LABELS[result.level], minutesText(result.minutes)].filter(Boolean).join(' · ');
  return (
    <li className={styles.result}>
      <p className={styles.kind}>
        {KIND_LABELS[result.kind]}
        <span className={result.access === 'pro' ? styles.pro : styles.free}>{ACCESS_LABELS[result.access]}</span>
      </p>
      <h2 className={styles.title}>
        <Link href={result.href}>{result.title}</Link>
      </h2>
      {result.description && <p className={styles.description}>{result.description}</p>}
      <p className={styles.facts}>{facts}</p>
      {result.lock ? (
        <p className={styles.locked}>
          <LockIcon aria-hidden="true" className={styles.lockIcon} />
          <span>{result.lock.line}.</span>
          <Link href={result.lock.href}>Continue there</Link>
        </p>
      ) : progress && progress.total > 0 && (
        <p className={styles.progress}>
          {done ? 'Done' : progress.done === 0 ? (progress.total === 1 ? 'Not started' : `${progress.total} lessons, not started`) : `${progress.done} of ${progress.total} lessons done`}
        </p>
      )}
    </li>
  );
}

/**
 * /web/library: everything there is to learn and build, searched as you type (typos forgiven) and
 * filtered by type, language, level, length and plan. A plain form underneath: with no JavaScript
 * the Search button sends the same query and the server answers with the results.
 */
export default function LibraryView({ filters, results, total, page, pages }: LibraryPageProps) {
  const router = useRouter();
  const [q, setQ] = useState(filters.q);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  // The filters last asked for: a second change before the first's results arrive builds on it.
  const wanted = useRef(filters);
  const [selected, setSelected] = useState(filters);
  useEffect(() => {
    wanted.current = filters;
    setSelected(filters);
  }, [filters]);

  const go = (next: LibraryFilters) => {
    wanted.current = next;
    setSelected(next);
    void router.replace({ pathname: '/web/library', query: queryOf(next) }, undefined, { scroll: false });
  };

  function onType(value: string) {
    setQ(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => go({ ...wanted.current, q: value }), SEARCH_DELAY_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(typing.current);
    go({ ...wanted.current, q });
  }

  return (
    <SignedInShell links={mainNavLinks(router.asPath.split(/[?#]/)[0] ?? '')}>
      <div className={styles.page}>
        <PageHeading kicker="Library" title="Everything to learn and build" />
        <PageLead>Tracks, courses, guided projects, single lessons, the HTML glossary and project templates.</PageLead>
        <form role="search" aria-label="Library" method="get" action="/web/library" className={styles.form} onSubmit={onSubmit}>
          <div className={styles.searchRow}>
            <label htmlFor="library-q" className={styles.label}>
              Search
            </label>
            <input id="library-q" type="search" name="q" value={q} onChange={(event) => onType(event.target.value)} placeholder="Try “loops” or “tabel”" autoComplete="off" className={styles.input} />
            <Button type="submit">Search</Button>
          </div>
          <div className={styles.filters}>
            {FILTERS.map((filter) => (
              <label key={filter.name} className={styles.filter}>
                {filter.label}
                <select name={filter.name} value={selected[filter.name] ?? ''} onChange={(event) => go({ ...wanted.current, q, [filter.name]: event.target.value || null })}>
                  <option value="">Any</option>
                  {filter.values.map((value) => (
                    <option key={value} value={value}>
                      {filter.labels[value]}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </form>
        <p role="status" className={styles.count}>
          {total === 0 ? 'Nothing matches. Check the spelling or clear a filter.' : `${total} ${total === 1 ? 'result' : 'results'}${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
        </p>
        <ul className={styles.results}>
          {results.map((result) => (
            <ResultCard key={result.key} result={result} />
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label="Pages" className={styles.pager}>
            {page > 1 && <Link href={hrefOf(filters, page - 1)}>Previous page</Link>}
            {page < pages && <Link href={hrefOf(filters, page + 1)}>Next page</Link>}
          </nav>
        )}
      </div>
    </SignedInShell>
  );
}
