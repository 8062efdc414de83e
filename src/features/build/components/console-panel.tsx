import type { ConsoleLine } from '@/domain/build/preview-messages';
import styles from './build.module.css';

/** The project's console: what its page logged (web) or its program printed (other languages). */
export function ConsolePanel({ lines, empty }: { lines: readonly ConsoleLine[]; empty: string }) {
  return (
    <section className={styles.console} aria-label="Console">
      <h2 className={styles.panelTitle}>Console</h2>
      <pre className={styles.consoleOutput} aria-live="polite" data-testid="project-console">
        {lines.length === 0 ? (
          <span className={styles.muted}>{empty}</span>
        ) : (
          lines.map((line, index) => (
            <span key={index} className={styles.consoleLine} data-level={line.level}>
              {line.level === 'error' ? '✖ ' : line.level === 'warn' ? '⚠ ' : ''}
              {line.text}
              {'\n'}
            </span>
          ))
        )}
      </pre>
    </section>
  );
}
