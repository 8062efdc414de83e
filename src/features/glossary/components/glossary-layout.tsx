import Head from 'next/head';
import type { ReactNode } from 'react';
import { paths } from '@/domain/routing/paths';
import { glossaryIndexPath } from '@/domain/glossary/glossary';
import { useExposureEvents } from '@/lib/analytics/use-exposure-events';
import type { GlossaryIndexPageProps } from '@/lib/glossary/glossary-page-props';
import { ButtonLink, Container, Logo, SkipLink, ThemeToggle } from '@/ui';
import { Link } from '@/ui/link';
import styles from './glossary.module.css';

interface GlossaryLayoutProps extends Pick<GlossaryIndexPageProps, 'cta' | 'url' | 'exposures'> {
  title: string;
  description: string;
  /** schema.org data for search engines (a DefinedTermSet or a DefinedTerm). */
  structuredData: Record<string, unknown>;
  children: ReactNode;
}

/**
 * Every glossary page: its title, description, canonical URL and Open Graph tags for search
 * engines and link previews; a light header; the content; the fixed call to action of the
 * visitor's experiment variant (rendered on the server, so it never flickers).
 */
export function GlossaryLayout({ title, description, url, structuredData, cta, exposures, children }: GlossaryLayoutProps) {
  useExposureEvents(exposures);
  return (
    <div className={styles.layout}>
      <Head>
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="canonical" href={url} />
        <meta property="og:type" content="article" />
        <meta property="og:site_name" content="Codetrail" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        <meta name="twitter:card" content="summary" />
        {/* JSON in a script element: '<' is escaped so no text can close it. */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, '\\u003c') }} />
      </Head>
      <SkipLink />
      <header className={styles.header}>
        <Container className={styles.headerInner}>
          <Logo href="/" size="md" />
          <nav aria-label="Glossary" className={styles.headerNav}>
            <Link href={glossaryIndexPath()}>HTML glossary</Link>
            <Link href={paths.login()}>Sign in</Link>
            <ThemeToggle />
          </nav>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Container>{children}</Container>
      </main>
      <footer className={styles.footer}>
        <Container className={styles.footerInner}>
          <p>Browser support data: MDN browser-compat-data (CC0).</p>
          <Link href={paths.cookieSettings()}>Cookie settings</Link>
        </Container>
      </footer>
      <aside className={styles.cta} aria-label="Learn HTML with Codetrail" data-variant={cta.variant}>
        <Container className={styles.ctaInner}>
          <p className={styles.ctaText}>{cta.text}</p>
          <ButtonLink href={cta.href} size="md">
            {cta.action}
          </ButtonLink>
        </Container>
      </aside>
    </div>
  );
}
