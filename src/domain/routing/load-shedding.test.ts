import { DEFAULT_MAX_IN_FLIGHT, MAX_LOOP_LAG_MS, parseMaxInFlight, sheddable, shouldShed, smoothLag } from './load-shedding';

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
