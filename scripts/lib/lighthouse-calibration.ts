/** How `bench:lighthouse` sets Lighthouse's CPU slowdown from the host's benchmarkIndex (issue 11). */

/** Lighthouse's default: 4× assumes a high-end desktop host (benchmarkIndex 1500–2000). */
export const DEFAULT_CPU_MULTIPLIER = 4;
/**
 * The highest slowdown the calibration gives: the calculator's last anchor (6× at index 2,000,
 * the top of Lighthouse's "high-end desktop" band). Past it the calculator only extrapolates its
 * line, and on this host that measures the host rather than the page: at 8× the bare Next.js page
 * itself scores 84–90 (docs/decisions.md D61).
 */
export const MAX_CPU_MULTIPLIER = 6;
/** A run whose own benchmarkIndex calls for a slowdown this far (relative) from the one it ran at is audited again. */
const RECALIBRATE_BEYOND = 0.15;

/**
 * The CPU slowdown that turns this host into Lighthouse's mid-tier phone, from its benchmarkIndex,
 * as Lighthouse's throttling guide calibrates it (docs/throttling.md, "Calibrating the CPU
 * slowdown", and its calculator): 1× at 150, 2× at 800, 3× at 1300, one more step every 233 up
 * to the calculator's last anchor (6× at 2,000), and no further. At an index of about 950 the
 * default 4× emulates a phone about half as fast as the one Lighthouse means, and Lighthouse
 * itself warns that the score suffers.
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): number {
  let multiplier: number;
  if (benchmarkIndex <= 150) multiplier = 1;
  else if (benchmarkIndex < 800) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else if (benchmarkIndex < 1300) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 3 + (benchmarkIndex - 1300) / 233;
  return Math.round(Math.min(multiplier, MAX_CPU_MULTIPLIER) * 10) / 10;
}

/**
 * Whether a run at `usedMultiplier` stands, given the slowdown its own benchmarkIndex calls for.
 * The host's speed drifts within one run of the script (its index moved from ~2,800 to ~1,500
 * within minutes on this machine), so each audit is checked against the index Lighthouse measured
 * just before it loaded the page.
 */
export function runStands(usedMultiplier: number, fittingMultiplier: number): boolean {
  return Math.abs(fittingMultiplier - usedMultiplier) / usedMultiplier <= RECALIBRATE_BEYOND;
}
