import styles from './progress.module.css';

/** The daily goal as a ring that fills from 0 to 1. */
export function GoalRing({ progress, size = 160, children }: { progress: number; size?: number; children?: React.ReactNode }) {
  const radius = 44;
  const circumference = 2 * Math.PI * radius;
  const filled = Math.min(1, Math.max(0, progress));
  return (
    <div className={styles.ring} style={{ width: size, height: size }}>
      <svg viewBox="0 0 100 100" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} className={styles.ringTrack} />
        <circle cx="50" cy="50" r={radius} className={styles.ringFill} strokeDasharray={circumference} strokeDashoffset={circumference * (1 - filled)} />
      </svg>
      <div className={styles.ringLabel}>{children}</div>
    </div>
  );
}
