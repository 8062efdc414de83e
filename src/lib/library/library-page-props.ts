import type { LibraryAccess, LibraryFilters, LibraryKind, LibraryLanguage, LibraryLength, LibraryLevel } from '@/domain/library/library-search';

/** /web/library's props (typed contract from getServerSideProps to the view). */
export interface LibraryResult {
  key: string;
  kind: LibraryKind;
  title: string;
  description: string;
  language: LibraryLanguage;
  level: LibraryLevel;
  length: LibraryLength | null;
  minutes: number | null;
  access: LibraryAccess;
  href: string;
  /** The learner's progress: lessons done of the lessons in it (null: nothing to complete). */
  progress: { done: number; total: number } | null;
  /** Locked in the path for this learner: what opens it, and the section where they continue (null: open). */
  lock: { line: string; href: string } | null;
}

export interface LibraryPageProps {
  filters: LibraryFilters;
  results: LibraryResult[];
  total: number;
  page: number;
  pages: number;
  [key: string]: unknown;
}
