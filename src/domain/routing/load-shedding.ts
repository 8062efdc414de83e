/**
 * Issue 18: when a process already has as many requests in flight as it can serve promptly, a new
 * one is answered at once with 503 and Retry-After instead of queueing into a timeout. Requests
 * that cost nothing or must always answer are never shed: the health check (probes and load
 * balancers read it), and the build's static files.
 */
export const DEFAULT_MAX_IN_FLIGHT = 100;
export const SHED_RETRY_AFTER_SECONDS = 1;
/**
 * Marks a 503 as shed: the request never reached a handler, so nothing was read or written and
 * sending it again is safe whatever its method. The app's API client waits and sends it again.
 */
export const SHED_HEADER = 'X-Codetrail-Shed';
/** How often the API client sends a shed request again, and the longest it waits each time. */
export const SHED_RETRIES = 3;
export const SHED_MAX_WAIT_MS = 5_000;

/**
 * How long to wait before sending a shed request again (its Retry-After, in seconds, capped), or
 * null when the answer was not shed or the retries are spent.
 */
export function shedRetryDelayMs(status: number, shedHeader: string | null, retryAfter: string | null, attempt: number): number | null {
  if (status !== 503 || shedHeader !== '1' || attempt >= SHED_RETRIES) return null;
  const seconds = retryAfter === null || retryAfter.trim() === '' ? Number.NaN : Number(retryAfter);
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : SHED_RETRY_AFTER_SECONDS * 1000;
  return Math.min(wait, SHED_MAX_WAIT_MS);
}
/**
 * A process whose event loop runs this late (smoothed) is behind: requests wait unread in the
 * socket queue, where no in-flight count sees them. It sheds too, once it is really busy (a short
 * spike, such as loading a page's code the first time, is smoothed away and needs company): at
 * least this many requests in flight, or arrived in the last second or so. The arrivals matter
 * where a request is served within one turn of the loop (the embedded database answers on the
 * request's own thread): then hardly any is ever in flight, however far behind the loop runs.
 */
export const MAX_LOOP_LAG_MS = 300;
export const MIN_IN_FLIGHT_FOR_LAG = 16;
/** How many lag ticks (50 ms each when on time) the arrival count spans. */
export const ARRIVAL_WINDOW_TICKS = 20;

const NEVER_SHED = [/^\/api\/health(?:[/?]|$)/, /^\/_next\/static\//, /^\/vendor\//, /^\/favicon/];

export function sheddable(url: string | undefined): boolean {
  const path = url ?? '/';
  return !NEVER_SHED.some((pattern) => pattern.test(path));
}

export function shouldShed(inFlight: number, maxInFlight: number, url: string | undefined, loopLagMs = 0, recentArrivals = 0): boolean {
  if (maxInFlight <= 0 || !sheddable(url)) return false;
  const company = Math.min(MIN_IN_FLIGHT_FOR_LAG, maxInFlight);
  return inFlight >= maxInFlight || (loopLagMs > MAX_LOOP_LAG_MS && (inFlight >= company || recentArrivals >= company));
}

/**
 * Page, data and API requests that arrived (shed or served) over the last ARRIVAL_WINDOW_TICKS
 * ticks of the lag timer: `arrived()` per request, `tick()` with each timer firing.
 */
export class ArrivalWindow {
  private readonly slots: number[];
  private current = 0;
  private total = 0;

  constructor(ticks = ARRIVAL_WINDOW_TICKS) {
    this.slots = new Array<number>(Math.max(1, ticks)).fill(0);
  }

  arrived(): void {
    this.slots[this.current] = (this.slots[this.current] ?? 0) + 1;
    this.total += 1;
  }

  tick(): void {
    this.current = (this.current + 1) % this.slots.length;
    this.total -= this.slots[this.current] ?? 0;
    this.slots[this.current] = 0;
  }

  get count(): number {
    return this.total;
  }
}

/**
 * How many page, data and API requests a process starts per turn of its event loop. Node 20's
 * libuv accepts one new connection per turn: when a busy turn starts a hundred requests (and runs
 * their renders as their reads come back), a turn lasts about 100 ms and new connections wait in
 * the kernel's accept queue, unseen, at some 8 a second, until their clients time out. With a
 * few starts per turn, turns stay short and new connections are taken promptly; requests past the
 * budget wait in the process's own queue, where their wait is known.
 */
export const STARTS_PER_TURN = 8;
/** A request arriving while the oldest queued one has waited longer than this is shed at once. */
export const MAX_QUEUE_WAIT_MS = 300;

export type Admission = 'start' | 'queued' | 'shed';

/**
 * The per-turn budget and the queue behind it (first in, first out). `arrive` decides for a new
 * request; `turn` (once per turn of the loop, while `busy`) renews the budget and hands back the
 * queued requests to start now. Times are the caller's clock, in milliseconds.
 */
export class TurnBudget<T> {
  private started = 0;
  private items: T[] = [];
  private times: number[] = [];
  private head = 0;

  constructor(
    private readonly perTurn = STARTS_PER_TURN,
    private readonly maxWaitMs = MAX_QUEUE_WAIT_MS,
  ) {}

  get queued(): number {
    return this.items.length - this.head;
  }

  /** Whether another turn must come: requests were started this turn, or some are waiting. */
  get busy(): boolean {
    return this.started > 0 || this.queued > 0;
  }

  /** How long the oldest queued request has waited (0 with none queued). */
  oldestWait(now: number): number {
    return this.queued > 0 ? Math.max(0, now - (this.times[this.head] ?? now)) : 0;
  }

  arrive(item: T, now: number): Admission {
    if (this.queued === 0 && this.started < this.perTurn) {
      this.started += 1;
      return 'start';
    }
    if (this.oldestWait(now) > this.maxWaitMs) return 'shed';
    this.items.push(item);
    this.times.push(now);
    return 'queued';
  }

  /** A new turn: the oldest queued requests, at most a turn's budget, to start now. */
  turn(): T[] {
    const count = Math.min(this.perTurn, this.queued);
    const next = this.items.slice(this.head, this.head + count);
    this.head += count;
    if (this.head === this.items.length) {
      this.items = [];
      this.times = [];
      this.head = 0;
    } else if (this.head > 1024) {
      this.items = this.items.slice(this.head);
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    this.started = count;
    return next;
  }
}

/** The smoothed event-loop lag after one more sample (an exponential moving average, weight 0.2). */
export function smoothLag(previousMs: number, sampleMs: number): number {
  return previousMs * 0.8 + Math.max(0, sampleMs) * 0.2;
}

/** MAX_IN_FLIGHT_REQUESTS: a whole number; 0 turns shedding (and the per-turn budget) off. */
export function parseMaxInFlight(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAX_IN_FLIGHT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new Error(`MAX_IN_FLIGHT_REQUESTS must be a whole number from 0 to 100000 (got "${raw}").`);
  return value;
}
