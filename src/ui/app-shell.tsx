import type { ReactNode } from 'react';
import styles from './app-shell.module.css';
import { Container } from './container';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import type { UserMenuUser } from './user-menu';

export interface AppShellProps {
  user: UserMenuUser;
  onSignOut: () => void | Promise<void>;
  signingOut?: boolean;
  /** Extra header items (e.g. links to Learn / Progress), shown after the logo. */
  nav?: ReactNode;
  children: ReactNode;
}

/** Shared layout for signed-in pages: skip link, sticky header (logo, nav, theme, user menu) and main. */
export function AppShell({ user, onSignOut, signingOut = false, nav, children }: AppShellProps) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <Container className={styles.headerInner}>
          <Logo href="/" size="md" className={styles.brand} />
          <div className={styles.nav}>{nav}</div>
          <div className={styles.actions}>
            <ThemeToggle />
            <UserMenu user={user} onSignOut={onSignOut} signingOut={signingOut} />
          </div>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Container>{children}</Container>
      </main>
    </div>
  );
}
