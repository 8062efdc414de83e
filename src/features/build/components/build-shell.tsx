import { useRouter } from 'next/router';
import { userMessageOf } from '@/lib/errors/user-message';
import type { ReactNode } from 'react';
import { SignedInShell } from '@/features/auth';
import { LazyHeaderStats } from '@/features/progress';
import { mainNavLinks } from '@/lib/navigation/main-nav';

/** The signed-in app shell around the build area's pages. */
export function BuildShell({ children }: { children: ReactNode }) {
  const router = useRouter();
  return (
    <SignedInShell nav={<LazyHeaderStats />} links={mainNavLinks(router.asPath.split(/[?#]/)[0] ?? '')}>
      {children}
    </SignedInShell>
  );
}

export const errorText = (error: unknown, fallback: string) => userMessageOf(error, fallback);

/** "just now", "5 minutes ago", "3 days ago", then the date. */
export function editedAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(iso).toISOString().slice(0, 10);
}
