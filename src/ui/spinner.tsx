import { cx } from './class-names';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Announced to assistive tech (visually hidden). Default "Loading". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx(styles.spinner, styles[size], className)}>
      <span className={styles.ring} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
