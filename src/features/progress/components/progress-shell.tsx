import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { SignedInShell } from '@/features/auth';
import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import { BookIcon, ChartIcon, GearIcon, PodiumIcon, UserIcon, type AppNavLink } from '@/ui';
import { HeaderStats } from './header-stats';
import { paths } from '@/domain/routing/paths';

/** The main destinations; Learn stays current on section pages (it resolves to one). */
export function mainNavLinks(pathname: string): AppNavLink[] {
  const at = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return [
    { href: paths.redirectToActiveSection(), label: 'Learn', icon: <BookIcon />, current: pathname.includes('/section/') || at(paths.redirectToActiveSection()) },
    { href: paths.leaderboard(), label: 'Leaderboard', icon: <PodiumIcon />, current: at(paths.leaderboard()) },
    { href: paths.progress(), label: 'Progress', icon: <ChartIcon />, current: at(paths.progress()) },
    { href: paths.profile(), label: 'Profile', icon: <UserIcon />, current: at(paths.profile()) },
    { href: paths.settings(), label: 'Settings', icon: <GearIcon />, current: at(paths.settings()) },
  ];
}

/** The signed-in shell with the learning nav and the habit stats in the header. */
export function ProgressShell({ children, summary }: { children: ReactNode; summary?: ProgressSummary | null }) {
  const router = useRouter();
  return (
    <SignedInShell nav={<HeaderStats initial={summary} />} links={mainNavLinks(router.asPath.split(/[?#]/)[0] ?? '')}>
      {children}
    </SignedInShell>
  );
}
