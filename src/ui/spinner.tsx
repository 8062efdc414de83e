import { cx } from './class-names';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Announced to assistive tech (visually hidden). Default "Loading". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Only the ring, hidden from assistive tech: for a spinner inside a status region that speaks for itself. */
  decorative?: boolean;
}

export function Spinner({ label = 'Loading', size = 'md', className, decorative = false }: SpinnerProps) {
  if (decorative) {
    return (
      <span aria-hidden="true" className={cx(styles.spinner, styles[size], className)}>
        <span className={styles.ring} />
      </span>
    );
  }
  return (
    <span role="status" className={cx(styles.spinner, styles[size], className)}>
      <span className={styles.ring} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
