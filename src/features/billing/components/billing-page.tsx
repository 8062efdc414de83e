import Head from 'next/head';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { AuthGate, SignedInShell } from '@/features/auth';
import { LazyHeaderStats } from '@/features/progress';
import type { PageAuthPolicyName } from '@/domain/auth/page-auth-state';
import { mainNavLinks } from '@/lib/navigation/main-nav';
import { AuthLayout, PageHeading, PageLead, Stack } from '@/ui';
import styles from './billing.module.css';

export interface BillingPageProps {
  /**
   * app: the signed-in app around the page (the paywall, web purchases). focused: only the logo
   * and the theme around one card, for checkouts and the pages a learner from the mobile app sees.
   */
  layout: 'app' | 'focused';
  /** Focused pages only: who may see them (app pages are always for signed-in learners). */
  policy?: Extract<PageAuthPolicyName, 'protected' | 'public'>;
  kicker?: string;
  /** The page's one h1, and its <title>. */
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

function AppLayout({ kicker, title, lead, children }: Omit<BillingPageProps, 'layout' | 'policy'>) {
  const router = useRouter();
  return (
    <SignedInShell nav={<LazyHeaderStats />} links={mainNavLinks(router.asPath.split(/[?#]/)[0] ?? '')}>
      <Stack gap={6} className={styles.page}>
        <PageHeading kicker={kicker} title={title}>
          {lead && <PageLead>{lead}</PageLead>}
        </PageHeading>
        {children}
      </Stack>
    </SignedInShell>
  );
}

/** The frame of every billing page: one h1, the document title, the right shell. */
export function BillingPage({ layout, policy = 'protected', ...page }: BillingPageProps) {
  return (
    <>
      <Head>
        <title>{`${page.title} · Codetrail`}</title>
      </Head>
      {layout === 'app' ? (
        <AppLayout {...page} />
      ) : (
        <AuthGate policy={policy}>
          <AuthLayout title={page.title} subtitle={page.lead}>
            {page.children}
          </AuthLayout>
        </AuthGate>
      )}
    </>
  );
}
