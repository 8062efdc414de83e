import { useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A number that counts from `from` to `to` (instantly when the learner prefers reduced motion). */
export function CountUp({ from, to, durationMs = 900, className }: { from: number; to: number; durationMs?: number; className?: string }) {
  const [value, setValue] = useState(from);
  useEffect(() => {
    if (prefersReducedMotion() || from === to) {
      setValue(to);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      const eased = 1 - (1 - t) ** 3;
      setValue(Math.round(from + (to - from) * eased));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [from, to, durationMs]);
  // Screen readers get the final figure, not every step. (Text, not aria-label: a label on a plain
  // span is not announced, and axe flags it as aria-prohibited-attr.)
  return (
    <span className={className} data-testid="count-up">
      <span className="visually-hidden">{to}</span>
      <span aria-hidden="true">{value}</span>
    </span>
  );
}
