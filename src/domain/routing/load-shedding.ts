/**
 * Issue 18: when a process already has as many requests in flight as it can serve promptly, a new
 * one is answered at once with 503 and Retry-After instead of queueing into a timeout. Requests
 * that cost nothing or must always answer are never shed: the health check (probes and load
 * balancers read it), and the build's static files.
 */
export const DEFAULT_MAX_IN_FLIGHT = 100;
export const SHED_RETRY_AFTER_SECONDS = 1;
/**
 * A process whose event loop runs this late (smoothed) is behind: requests wait unread in the
 * socket queue, where no in-flight count sees them. It sheds too, once it is really busy (a short
 * spike, such as loading a page's code the first time, is smoothed away and needs company).
 */
export const MAX_LOOP_LAG_MS = 300;
export const MIN_IN_FLIGHT_FOR_LAG = 16;

const NEVER_SHED = [/^\/api\/health(?:[/?]|$)/, /^\/_next\/static\//, /^\/vendor\//, /^\/favicon/];

export function sheddable(url: string | undefined): boolean {
  const path = url ?? '/';
  return !NEVER_SHED.some((pattern) => pattern.test(path));
}

export function shouldShed(inFlight: number, maxInFlight: number, url: string | undefined, loopLagMs = 0): boolean {
  if (maxInFlight <= 0 || !sheddable(url)) return false;
  return inFlight >= maxInFlight || (loopLagMs > MAX_LOOP_LAG_MS && inFlight >= Math.min(MIN_IN_FLIGHT_FOR_LAG, maxInFlight));
}

/** The smoothed event-loop lag after one more sample (an exponential moving average, weight 0.2). */
export function smoothLag(previousMs: number, sampleMs: number): number {
  return previousMs * 0.8 + Math.max(0, sampleMs) * 0.2;
}

/** MAX_IN_FLIGHT_REQUESTS: a whole number; 0 turns shedding off. */
export function parseMaxInFlight(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAX_IN_FLIGHT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new Error(`MAX_IN_FLIGHT_REQUESTS must be a whole number from 0 to 100000 (got "${raw}").`);
  return value;
}
