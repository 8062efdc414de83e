import { ArrivalWindow, DEFAULT_MAX_IN_FLIGHT, MAX_LOOP_LAG_MS, MAX_QUEUE_WAIT_MS, parseMaxInFlight, sheddable, shedRetryDelayMs, shouldShed, SHED_MAX_WAIT_MS, smoothLag, STARTS_PER_TURN, TurnBudget } from './load-shedding';

describe('load shedding', () => {
  it.each([
    ['/web/track/python/tutorial/t/chapter/c/learn?lesson=0', true],
    ['/api/v1/progress', true],
    ['/', true],
    [undefined, true],
    ['/api/health', false],
    ['/api/health?deep=1', false],
    ['/api/healthy', true],
    ['/_next/static/chunks/main.js', false],
    ['/_next/data/build/web/progress.json', true],
    ['/vendor/pyodide-0.27/pyodide.js', false],
    ['/favicon.ico', false],
  ])('%s sheddable: %s', (url, expected) => {
    expect(sheddable(url)).toBe(expected);
  });

  it.each([
    [99, 100, '/web/progress', false],
    [100, 100, '/web/progress', true],
    [250, 100, '/api/health', false],
    [500, 0, '/web/progress', false],
  ])('%i in flight, at most %i: shed %s is %s', (inFlight, max, url, expected) => {
    expect(shouldShed(inFlight, max, url)).toBe(expected);
  });

  it.each([
    // in flight, lag ms, shed
    [10, MAX_LOOP_LAG_MS + 500, false], // a lone spike (first load of a page's code) with little company
    [16, MAX_LOOP_LAG_MS + 1, true], // behind, and busy: requests are waiting unread
    [16, MAX_LOOP_LAG_MS, false],
    [60, 50, false],
  ])('%i in flight with a smoothed loop lag of %i ms: shed is %s', (inFlight, lag, expected) => {
    expect(shouldShed(inFlight, 100, '/web/progress', lag)).toBe(expected);
    expect(shouldShed(inFlight, 100, '/api/health', lag)).toBe(false);
  });

  it.each([
    // in flight, arrivals in the window, lag ms, shed
    [0, 200, MAX_LOOP_LAG_MS + 1, true], // every request served within one turn of the loop, which runs far behind
    [0, 16, MAX_LOOP_LAG_MS + 1, true],
    [0, 15, MAX_LOOP_LAG_MS + 500, false], // a lone slow task with a few requests about
    [0, 500, MAX_LOOP_LAG_MS, false], // busy but on time: serve everything
    [2, 3, 0, false],
  ])('%i in flight, %i arrived lately, lag %i ms: shed is %s', (inFlight, arrivals, lag, expected) => {
    expect(shouldShed(inFlight, 100, '/web/track/python/tutorial/t/chapter/c/learn', lag, arrivals)).toBe(expected);
    expect(shouldShed(inFlight, 100, '/_next/static/chunks/main.js', lag, arrivals)).toBe(false);
    expect(shouldShed(inFlight, 0, '/web/progress', lag, arrivals)).toBe(false);
  });

  it('counts the arrivals of the last ticks only', () => {
    const window = new ArrivalWindow(3);
    window.arrived();
    window.arrived();
    expect(window.count).toBe(2);
    window.tick();
    window.arrived();
    expect(window.count).toBe(3);
    window.tick();
    expect(window.count).toBe(3);
    window.tick(); // the first tick's two arrivals leave the window
    expect(window.count).toBe(1);
    window.tick();
    expect(window.count).toBe(0);
    window.tick();
    expect(window.count).toBe(0);
  });

  it.each([
    // status, shed header, Retry-After, attempt, wait ms (null: do not send again)
    [503, '1', '1', 0, 1000],
    [503, '1', '2', 2, 2000],
    [503, '1', '1', 3, null], // three times is enough
    [503, '1', '3600', 0, SHED_MAX_WAIT_MS],
    [503, '1', null, 0, 1000],
    [503, '1', 'soon', 0, 1000],
    [503, null, '1', 0, null], // a handler's own 503 (the database is starting) may have done work
    [503, '0', '1', 0, null],
    [429, '1', '1', 0, null],
    [200, '1', '1', 0, null],
  ])('status %i, shed %p, Retry-After %p, attempt %i: wait %p', (status, shed, retryAfter, attempt, expected) => {
    expect(shedRetryDelayMs(status, shed, retryAfter, attempt)).toBe(expected);
  });

  it('smooths the lag: one late tick moves it a fifth of the way', () => {
    expect(smoothLag(0, 1000)).toBe(200);
    expect(smoothLag(200, 0)).toBe(160);
    expect(smoothLag(100, -5)).toBe(80);
  });

  it.each([
    [undefined, DEFAULT_MAX_IN_FLIGHT],
    ['', DEFAULT_MAX_IN_FLIGHT],
    ['0', 0],
    ['64', 64],
  ])('MAX_IN_FLIGHT_REQUESTS=%p is %i', (raw, expected) => {
    expect(parseMaxInFlight(raw)).toBe(expected);
  });

  it.each(['-1', '1.5', 'many', '100001'])('refuses MAX_IN_FLIGHT_REQUESTS=%p', (raw) => {
    expect(() => parseMaxInFlight(raw)).toThrow(/MAX_IN_FLIGHT_REQUESTS/);
  });
});

describe('the per-turn budget', () => {
  it('starts a turn\'s budget at once, queues the rest in order and hands them out a budget per turn', () => {
    const budget = new TurnBudget<string>(2, 300);
    expect(budget.busy).toBe(false);
    expect(['a', 'b', 'c', 'd', 'e'].map((item) => budget.arrive(item, 0))).toEqual(['start', 'start', 'queued', 'queued', 'queued']);
    expect(budget.busy).toBe(true);
    expect(budget.turn()).toEqual(['c', 'd']);
    // the turn's budget is spent by what it handed out: a newcomer queues behind 'e'
    expect(budget.arrive('f', 10)).toBe('queued');
    expect(budget.turn()).toEqual(['e', 'f']);
    expect(budget.turn()).toEqual([]);
    expect(budget.busy).toBe(false);
    expect(budget.arrive('g', 20)).toBe('start');
  });

  it.each([
    // oldest queued at, now, what a newcomer gets
    [0, 300, 'queued'],
    [0, 301, 'shed'],
    [100, 350, 'queued'],
  ])('oldest queued at %i ms, a request at %i ms is %s', (oldest, now, expected) => {
    const budget = new TurnBudget<string>(1, 300);
    expect(budget.arrive('first', oldest)).toBe('start');
    expect(budget.arrive('waiting', oldest)).toBe('queued');
    expect(budget.oldestWait(now)).toBe(now - oldest);
    expect(budget.arrive('new', now)).toBe(expected);
  });

  it('never queues while the budget lasts, however long ago the last queue emptied', () => {
    const budget = new TurnBudget<number>(STARTS_PER_TURN, MAX_QUEUE_WAIT_MS);
    for (let index = 0; index < STARTS_PER_TURN; index += 1) expect(budget.arrive(index, 1_000_000)).toBe('start');
    expect(budget.arrive(99, 1_000_000)).toBe('queued');
    expect(budget.oldestWait(1_000_000 + MAX_QUEUE_WAIT_MS + 1)).toBe(MAX_QUEUE_WAIT_MS + 1);
  });

  it('keeps first-in-first-out order over many turns and compacts its storage', () => {
    const budget = new TurnBudget<number>(3, 1_000_000);
    const started: number[] = [];
    for (let item = 0; item < 5_000; item += 1) if (budget.arrive(item, item) === 'start') started.push(item);
    while (budget.busy) started.push(...budget.turn());
    expect(started).toEqual(Array.from({ length: 5_000 }, (_, item) => item));
    expect(budget.queued).toBe(0);
  });
});
