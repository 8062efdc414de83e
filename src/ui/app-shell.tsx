import { Link } from './link';
import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import styles from './app-shell.module.css';
import { Container } from './container';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import type { UserMenuLink, UserMenuUser } from './user-menu';

/** One destination of the main navigation (a header link on wide screens, a tab on phones). */
export interface AppNavLink {
  href: string;
  label: string;
  icon: ReactNode;
  current?: boolean;
}

export interface AppShellProps {
  user: UserMenuUser;
  onSignOut: () => void | Promise<void>;
  signingOut?: boolean;
  /** Extra header items (e.g. the habit stats), shown after the logo on every screen size. */
  nav?: ReactNode;
  /** The main destinations: header links on wide screens, a bottom tab bar on phones. */
  links?: readonly AppNavLink[];
  /** Pages the account menu links to (Profile, Settings ...). */
  menuLinks?: readonly UserMenuLink[];
  children: ReactNode;
}

function NavLinks({ links, className, label }: { links: readonly AppNavLink[]; className: string | undefined; label: string }) {
  return (
    <nav className={className} aria-label={label}>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={link.current ? 'page' : undefined}>
              <span className={styles.linkIcon} aria-hidden="true">
                {link.icon}
              </span>
              <span className={styles.linkLabel}>{link.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Shared layout for signed-in pages: skip link, sticky header (logo, stats, links, theme, user
 * menu) and main. On phones the links move to a tab bar fixed at the bottom, in thumb reach, and
 * the theme moves into the user menu; only one of the two navs is ever displayed.
 */
export function AppShell({ user, onSignOut, signingOut = false, nav, links = [], menuLinks = [], children }: AppShellProps) {
  const hasTabs = links.length > 0;
  return (
    <div className={styles.shell} data-tabs={hasTabs || undefined}>
      <SkipLink />
      <header className={styles.header}>
        <Container className={styles.headerInner}>
          <Logo href="/" size="md" className={styles.brand} />
          <div className={styles.nav}>
            {nav}
            {hasTabs && <NavLinks links={links} className={styles.headerLinks} label="Main" />}
          </div>
          <div className={styles.actions}>
            <ThemeToggle className={styles.headerTheme} />
            <UserMenu user={user} links={menuLinks} onSignOut={onSignOut} signingOut={signingOut} />
          </div>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Container>{children}</Container>
      </main>
      {hasTabs && <NavLinks links={links} className={styles.tabBar} label="Main" />}
    </div>
  );
}
