import styles from './stats-placeholder.module.css';

/** The header pill's place, empty, until the learner's figures arrive. */
export function StatsPlaceholder() {
  return <div className={styles.placeholder} aria-hidden="true" data-testid="header-stats-pending" />;
}
