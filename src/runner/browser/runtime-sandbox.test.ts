import { throttledProgress } from './runtime-sandbox';

describe('throttledProgress', () => {
  it('reports the first figure, then at most every 100 ms, and always the last byte', () => {
    let time = 0;
    const reports: [number, number][] = [];
    const report = throttledProgress((loaded, total) => reports.push([loaded, total]), () => time);
    report(0, 1000);
    for (let loaded = 10; loaded < 1000; loaded += 10) {
      time += 5;
      report(loaded, 1000);
    }
    time += 1;
    report(1000, 1000);
    // 99 chunks over 495 ms: the first report, one every 100 ms, and the end.
    expect(reports[0]).toEqual([0, 1000]);
    expect(reports.at(-1)).toEqual([1000, 1000]);
    expect(reports.length).toBeGreaterThanOrEqual(5);
    expect(reports.length).toBeLessThanOrEqual(7);
  });
});
