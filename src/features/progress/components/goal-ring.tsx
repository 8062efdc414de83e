import { useEffect, useState, type ReactNode } from 'react';
import styles from './progress.module.css';

/**
 * The daily goal as a ring that fills from 0 to 1. Given `from` (the progress before this
 * lesson), it starts there and fills up to `progress` (a CSS transition, which the
 * stylesheet turns off for learners who prefer reduced motion).
 */
export function GoalRing({ progress, from, size = 160, children }: { progress: number; from?: number; size?: number; children?: ReactNode }) {
  const radius = 44;
  const circumference = 2 * Math.PI * radius;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const [shown, setShown] = useState(clamp(from ?? progress));
  useEffect(() => {
    // One frame at the starting value, then the target: the browser animates between them.
    const frame = requestAnimationFrame(() => setShown(clamp(progress)));
    return () => cancelAnimationFrame(frame);
  }, [progress]);
  return (
    <div className={styles.ring} style={{ width: size, height: size }} data-testid="goal-ring" data-progress={shown}>
      <svg viewBox="0 0 100 100" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} className={styles.ringTrack} />
        <circle cx="50" cy="50" r={radius} className={styles.ringFill} strokeDasharray={circumference} strokeDashoffset={circumference * (1 - shown)} />
      </svg>
      <div className={styles.ringLabel}>{children}</div>
    </div>
  );
}
