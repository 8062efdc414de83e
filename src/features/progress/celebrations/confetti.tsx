import styles from './celebrations.module.css';

const PIECES = 18;

/** Decorative confetti burst (CSS only; still when the learner prefers reduced motion). */
export function Confetti() {
  return (
    <div className={styles.confetti} aria-hidden="true">
      {Array.from({ length: PIECES }, (_, index) => (
        <span key={index} style={{ ['--i' as string]: index, ['--x' as string]: `${((index * 37) % 100) - 50}` }} />
      ))}
    </div>
  );
}
