import Link from 'next/link';
import type { ReactNode } from 'react';
import { SignedInShell } from '@/features/auth';
import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import { HeaderStats } from './header-stats';
import styles from './progress.module.css';
import { paths } from '@/domain/routing/paths';

/** The signed-in shell with the learning nav and the habit stats in the header. */
export function ProgressShell({ children, summary }: { children: ReactNode; summary?: ProgressSummary | null }) {
  return (
    <SignedInShell
      nav={
        <nav className={styles.nav} aria-label="Main">
          <HeaderStats initial={summary} />
          <Link href={paths.redirectToActiveSection()}>Learn</Link>
          <Link href={paths.leaderboard()}>Leaderboard</Link>
          <Link href={paths.settings()}>Settings</Link>
        </nav>
      }
    >
      {children}
    </SignedInShell>
  );
}
