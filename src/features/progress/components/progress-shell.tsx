import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { SignedInShell } from '@/features/auth';
import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import { HeaderStats } from './header-stats';
import { mainNavLinks } from '@/lib/navigation/main-nav';

/** The signed-in shell with the learning nav and the habit stats in the header. */
export function ProgressShell({ children, summary }: { children: ReactNode; summary?: ProgressSummary | null }) {
  const router = useRouter();
  return (
    <SignedInShell nav={<HeaderStats initial={summary} />} links={mainNavLinks(router.asPath.split(/[?#]/)[0] ?? '')}>
      {children}
    </SignedInShell>
  );
}
