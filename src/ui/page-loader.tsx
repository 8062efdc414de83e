import { cx } from './class-names';
import styles from './page-loader.module.css';
import { Spinner } from './spinner';

export interface PageLoaderProps {
  /** Optional visible message under the spinner (e.g. "Checking your session…"). */
  message?: string;
  /** Spinner's accessible label. Default: the message, or "Loading". */
  label?: string;
  className?: string;
}

/** Full-viewport centred spinner: the "loading" state for whole pages (e.g. auth checks). */
export function PageLoader({ message, label, className }: PageLoaderProps) {
  return (
    <div className={cx(styles.loader, className)}>
      <Spinner size="lg" label={label ?? message ?? 'Loading'} />
      {message ? (
        <p className={styles.message} aria-hidden="true">
          {message}
        </p>
      ) : null}
    </div>
  );
}
