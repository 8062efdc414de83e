import { useSyncExternalStore } from 'react';
import { IDLE_PROGRESS, progressPercent, pythonProgress, type RuntimeStatus } from '@/runner/browser/runtime-progress';
import styles from './runtime-status-badge.module.css';

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/**
 * The runtime's state beside the Run button: while Python loads, a bar with the real download
 * (bytes of the runtime's files) and then its start-up step. The words live in a status region,
 * announced when the stage changes; the bar's percentage is not announced on every byte.
 */
export function RuntimeStatusBadge({ status }: { status: RuntimeStatus }) {
  const progress = useSyncExternalStore(pythonProgress.subscribe, pythonProgress.get, () => IDLE_PROGRESS);
  const loading = status === 'loading';
  const percent = progressPercent(progress);
  const downloading = progress.stage === 'download';
  const sizes = downloading && progress.totalBytes > 0 ? `${megabytes(progress.loadedBytes)} of ${megabytes(progress.totalBytes)} MB` : null;
  return (
    <span className={styles.badge} data-testid="runtime-status" data-status={status}>
      <span role="status" className={styles.words}>
        {loading && (downloading ? 'Downloading Python…' : 'Starting Python…')}
        {status === 'failed' && 'Python could not start. Reload the page to try again.'}
      </span>
      {loading && (
        <>
          <span
            className={styles.bar}
            role="progressbar"
            aria-label="Python loading"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={sizes ? `${percent}% (${sizes})` : `${percent}%`}
          >
            <span className={styles.fill} style={{ width: `${percent}%` }} />
          </span>
          <span className={styles.percent} aria-hidden="true">
            {percent}%
          </span>
        </>
      )}
    </span>
  );
}
