import { displayName, glossaryEntryPath, groupEntries } from '@/domain/glossary/glossary';
import type { GlossaryIndexPageProps } from '@/lib/glossary/glossary-page-props';
import { PageHeading, PageLead } from '@/ui';
import { Link } from '@/ui/link';
import { GlossaryLayout } from '../components/glossary-layout';
import styles from '../components/glossary.module.css';

const GROUP_TITLES = { element: 'Elements', attribute: 'Attributes' } as const;

/** /glossary/html: every entry, elements then attributes, A–Z. */
export default function GlossaryIndexView({ entries, cta, url, exposures }: GlossaryIndexPageProps) {
  const groups = groupEntries(entries);
  return (
    <GlossaryLayout
      title="HTML glossary: elements and attributes explained · Codetrail"
      description={`Every HTML element and attribute a beginner needs, explained simply, with a live example and browser support: ${entries.length} entries.`}
      url={url}
      cta={cta}
      exposures={exposures}
      structuredData={{
        '@context': 'https://schema.org',
        '@type': 'DefinedTermSet',
        name: 'Codetrail HTML glossary',
        url,
        hasDefinedTerm: entries.map((entry) => ({ '@type': 'DefinedTerm', name: displayName(entry), description: entry.summary, url: `${url}/${entry.id}` })),
      }}
    >
      <div className={styles.page}>
        <PageHeading kicker="Glossary" title="HTML, element by element" />
        <PageLead>Short explanations of the elements and attributes you meet when you start writing web pages, each with an example you can run and the browsers that support it.</PageLead>
        {entries.length === 0 && <p>The glossary is being written. Come back soon.</p>}
        {groups.map((group) => (
          <section key={group.kind} aria-labelledby={`glossary-${group.kind}`} className={styles.group}>
            <h2 id={`glossary-${group.kind}`} className={styles.groupTitle}>
              {GROUP_TITLES[group.kind]}
            </h2>
            <ul className={styles.entryList}>
              {group.entries.map((entry) => (
                <li key={entry.id} className={styles.entryItem}>
                  <Link href={glossaryEntryPath(entry.id)} className={styles.entryLink}>
                    <code>{displayName(entry)}</code>
                  </Link>
                  <p className={styles.entrySummary}>{entry.summary}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </GlossaryLayout>
  );
}
