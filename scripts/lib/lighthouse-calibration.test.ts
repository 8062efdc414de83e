import { MAX_CPU_MULTIPLIER, calibratedCpuMultiplier, runStands } from './lighthouse-calibration';

describe('calibratedCpuMultiplier', () => {
  it.each([
    [100, 1],
    [150, 1],
    [800, 2],
    [950, 2.3],
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [2000, 6],
    [2611, MAX_CPU_MULTIPLIER],
    [3733, MAX_CPU_MULTIPLIER],
  ])('index %d → %d×', (index, multiplier) => {
    expect(calibratedCpuMultiplier(index)).toBe(multiplier);
  });
});

describe('runStands', () => {
  it.each([
    [6, 6, true],
    [6, 5.2, true],
    [6, 5, false],
    [4, 4.6, true],
    [4, 4.7, false],
    [3.9, 6, false],
  ])('ran at %d×, index calls for %d× → %s', (used, fitting, stands) => {
    expect(runStands(used, fitting)).toBe(stands);
  });
});
