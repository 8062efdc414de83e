import { useState } from 'react';
import { displayName, glossaryEntryPath, SUPPORT_BROWSERS, supportLabel } from '@/domain/glossary/glossary';
import { HtmlPreview } from '@/features/editor';
import type { GlossaryEntryPageProps } from '@/lib/glossary/glossary-page-props';
import { Button } from '@/ui';
import { Link } from '@/ui/link';
import { GlossaryLayout } from '../components/glossary-layout';
import styles from '../components/glossary.module.css';

/**
 * /glossary/html/{id}: the explanation, an example page with its code and a Run button (the page
 * runs in the lesson runtime's sandbox, an opaque origin), browser support, the lessons that teach
 * it and related entries.
 */
export default function GlossaryEntryView({ entry, lessons, related, cta, url, exposures }: GlossaryEntryPageProps) {
  const [running, setRunning] = useState(false);
  const shown = displayName(entry);
  return (
    <GlossaryLayout
      title={`${entry.title} · HTML glossary · Codetrail`}
      description={entry.summary}
      url={url}
      cta={cta}
      exposures={exposures}
      structuredData={{
        '@context': 'https://schema.org',
        '@type': 'DefinedTerm',
        name: shown,
        description: entry.summary,
        url,
        inDefinedTermSet: { '@type': 'DefinedTermSet', name: 'Codetrail HTML glossary', url: url.replace(/\/[^/]+$/, '') },
      }}
    >
      <article className={styles.page} aria-labelledby="entry-title">
        <p className={styles.crumbs}>
          <Link href="/glossary/html">HTML glossary</Link> <span aria-hidden="true">/</span> {entry.kind === 'element' ? 'Element' : 'Attribute'}
        </p>
        <h1 id="entry-title" className={styles.entryTitle}>
          <code>{shown}</code>
        </h1>
        <p className={styles.summary}>{entry.summary}</p>
        {entry.compat.deprecated && <p className={styles.deprecated}>Deprecated: avoid it in new pages.</p>}
        <div className={styles.explanation} dangerouslySetInnerHTML={{ __html: entry.explanationHtml }} />

        <section aria-labelledby="entry-example" className={styles.section}>
          <h2 id="entry-example">Example</h2>
          <pre className={styles.code} tabIndex={0} aria-label={`Example page: ${entry.example.name}`}>
            <code>{entry.example.content}</code>
          </pre>
          {running ? (
            <div className={styles.preview}>
              <HtmlPreview files={[entry.example]} title={`Preview of the ${shown} example`} />
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setRunning(true)}>
              Run this example
            </Button>
          )}
        </section>

        <section aria-labelledby="entry-support" className={styles.section}>
          <h2 id="entry-support">Browser support</h2>
          {/* Named apart from its section ("Browser support"): same-role landmarks need unique names. */}
          <div className={styles.tableWrap} role="region" aria-label="Browser support table" tabIndex={0}>
            <table className={styles.support}>
              <caption className={styles.caption}>
                First version of each browser that supports {shown}
              </caption>
              <thead>
                <tr>
                  {SUPPORT_BROWSERS.map((browser) => (
                    <th key={browser.id} scope="col">
                      {browser.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  {SUPPORT_BROWSERS.map((browser) => (
                    <td key={browser.id} data-supported={entry.compat.support[browser.id] !== false}>
                      {supportLabel(entry.compat.support[browser.id])}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          {entry.compat.mdnUrl && (
            <p className={styles.muted}>
              More detail: <a href={entry.compat.mdnUrl}>{shown} on MDN</a>
            </p>
          )}
        </section>

        {lessons.length > 0 && (
          <section aria-labelledby="entry-lessons" className={styles.section}>
            <h2 id="entry-lessons">Learn it in the HTML course</h2>
            <ul className={styles.lessonList}>
              {lessons.map((lesson) => (
                <li key={lesson.id}>
                  <Link href={lesson.href}>{lesson.title}</Link> <span className={styles.muted}>· {lesson.tutorialTitle}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {related.length > 0 && (
          <section aria-labelledby="entry-related" className={styles.section}>
            <h2 id="entry-related">Related</h2>
            <ul className={styles.relatedList}>
              {related.map((item) => (
                <li key={item.id}>
                  <Link href={glossaryEntryPath(item.id)}>
                    <code>{displayName(item)}</code>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </GlossaryLayout>
  );
}
