import type { GlossaryCta, GlossaryEntry, GlossaryKind } from '@/domain/glossary/glossary';

/** What the glossary pages are rendered from (typed contract from getServerSideProps to the views). */

export interface GlossaryListItem {
  id: string;
  kind: GlossaryKind;
  name: string;
  summary: string;
}

interface GlossaryPageBase {
  cta: GlossaryCta & { href: string };
  /** The page's absolute URL (canonical link, Open Graph). */
  url: string;
  /** Experiments this view exposed the visitor to (analytics after consent). */
  exposures: { experiment: string; variant: string }[];
  [key: string]: unknown;
}

export interface GlossaryIndexPageProps extends GlossaryPageBase {
  entries: GlossaryListItem[];
}

export interface GlossaryEntryPageProps extends GlossaryPageBase {
  entry: Omit<GlossaryEntry, 'source' | 'checks' | 'lessons' | 'related'>;
  /** The lessons that teach it, in the track's order: where each opens. */
  lessons: { id: string; title: string; tutorialTitle: string; href: string }[];
  related: GlossaryListItem[];
}
