import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './auth-layout.module.css';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** The form. */
  children: ReactNode;
  /** Shown under the card, e.g. "New here? Create an account". */
  footer?: ReactNode;
}

/** Centred, welcoming card layout for sign in, sign up and password reset. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const titleId = useId();
  return (
    <div className={styles.layout}>
      <header className={styles.top}>
        <Logo href="/" size="md" />
        <ThemeToggle />
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <section className={styles.card} aria-labelledby={titleId}>
          <div className={styles.heading}>
            <h1 id={titleId} className={styles.title}>
              {title}
            </h1>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          {children}
        </section>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </main>
    </div>
  );
}
