import { DEFAULT_MAX_IN_FLIGHT, parseMaxInFlight, sheddable, shouldShed } from './load-shedding';

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
