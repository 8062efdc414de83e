/**
 * Issue 18: when a process already has as many requests in flight as it can serve promptly, a new
 * one is answered at once with 503 and Retry-After instead of queueing into a timeout. Requests
 * that cost nothing or must always answer are never shed: the health check (probes and load
 * balancers read it), and the build's static files.
 */
export const DEFAULT_MAX_IN_FLIGHT = 100;
export const SHED_RETRY_AFTER_SECONDS = 1;

const NEVER_SHED = [/^\/api\/health(?:[/?]|$)/, /^\/_next\/static\//, /^\/vendor\//, /^\/favicon/];

export function sheddable(url: string | undefined): boolean {
  const path = url ?? '/';
  return !NEVER_SHED.some((pattern) => pattern.test(path));
}

export function shouldShed(inFlight: number, maxInFlight: number, url: string | undefined): boolean {
  return maxInFlight > 0 && inFlight >= maxInFlight && sheddable(url);
}

/** MAX_IN_FLIGHT_REQUESTS: a whole number; 0 turns shedding off. */
export function parseMaxInFlight(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAX_IN_FLIGHT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new Error(`MAX_IN_FLIGHT_REQUESTS must be a whole number from 0 to 100000 (got "${raw}").`);
  return value;
}
