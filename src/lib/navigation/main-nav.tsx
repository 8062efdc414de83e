import { paths } from '@/domain/routing/paths';
import { BookIcon, ChartIcon, GearIcon, PodiumIcon, ToolsIcon, UserIcon, type AppNavLink } from '@/ui';

/** The main destinations of the signed-in app; Learn stays current on section pages (it resolves to one). */
export function mainNavLinks(pathname: string): AppNavLink[] {
  const at = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return [
    { href: paths.redirectToActiveSection(), label: 'Learn', icon: <BookIcon />, current: pathname.includes('/section/') || at(paths.redirectToActiveSection()) },
    { href: paths.build(), label: 'Build', icon: <ToolsIcon />, current: at(paths.build()) },
    { href: paths.leaderboard(), label: 'Leaderboard', icon: <PodiumIcon />, current: at(paths.leaderboard()) },
    { href: paths.progress(), label: 'Progress', icon: <ChartIcon />, current: at(paths.progress()) },
    { href: paths.profile(), label: 'Profile', icon: <UserIcon />, current: at(paths.profile()) },
    { href: paths.settings(), label: 'Settings', icon: <GearIcon />, current: at(paths.settings()) },
  ];
}
