import styles from './skip-link.module.css';

/** The first stop of the Tab key on every page: jumps past the header to the page's main content. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a className={styles.skipLink} href={`#${target}`}>
      Skip to content
    </a>
  );
}
