import { Link } from './link';
import { cx } from './class-names';
import styles from './logo.module.css';

export interface LogoProps {
  size?: 'sm' | 'md' | 'lg';
  /** Show the "Codetrail" wordmark next to the mark. Default true; when false the name stays accessible. */
  showWordmark?: boolean;
  /** When given, the logo is a link (e.g. "/"). */
  href?: string;
  className?: string;
}

function LogoMark() {
  return (
    <span className={styles.mark} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        {/* A code chevron that turns into a dotted trail ending at an amber goal. */}
        <path className={styles.trail} d="M9 5.5 4 10.5l5 5" />
        <path className={styles.dots} d="M10 18.5c3.5 0 6-1.6 7.6-5.6" />
        <circle className={styles.goal} cx="18.6" cy="8.4" r="2.5" />
      </svg>
    </span>
  );
}

/** The Codetrail mark + wordmark. Its accessible name is "Codetrail". */
export function Logo({ size = 'md', showWordmark = true, href, className }: LogoProps) {
  const content = (
    <>
      <LogoMark />
      {showWordmark ? (
        <span className={styles.wordmark}>
          Code<span className={styles.wordmarkAccent}>trail</span>
        </span>
      ) : (
        <span className="visually-hidden">Codetrail</span>
      )}
    </>
  );
  const classes = cx(styles.logo, styles[size], className);

  if (href) {
    return (
      <Link href={href} className={classes} aria-label={href === '/' ? 'Codetrail home' : undefined}>
        {content}
      </Link>
    );
  }
  return <span className={classes}>{content}</span>;
}
