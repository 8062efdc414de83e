import { cleanMachineName, createRefusal, DEFAULT_MACHINE_QUOTA, diskRefusal, diskStopNotice, instanceRedirect, isIdle, MACHINE_TEMPLATES, machineTemplate, nextMachineState, startRefusal, type MachineEvent, type MachineState } from './machine-rules';

describe('nextMachineState', () => {
  it.each<[MachineState, MachineEvent, MachineState | null]>([
    ['stopped', 'start', 'starting'],
    ['error', 'start', 'starting'],
    ['running', 'start', null],
    ['starting', 'start', null],
    ['starting', 'started', 'running'],
    ['stopped', 'started', null],
    ['running', 'stop', 'stopping'],
    ['starting', 'stop', 'stopping'],
    ['stopped', 'stop', null],
    ['stopping', 'stopped', 'stopped'],
    ['running', 'stopped', 'stopped'],
    ['starting', 'failed', 'error'],
    ['running', 'failed', null],
    ['running', 'lost', 'stopped'],
    ['starting', 'lost', 'stopped'],
    ['stopped', 'lost', null],
  ])('%s + %s → %s', (state, event, next) => {
    expect(nextMachineState(state, event)).toBe(next);
  });
});

describe('limits', () => {
  it.each([
    [0, null],
    [2, null],
    [3, 'You can have 3 machines. Delete one to make a new one.'],
  ])('creating with %i machines: %s', (existing, refusal) => {
    expect(createRefusal(existing, DEFAULT_MACHINE_QUOTA)).toBe(refusal);
  });

  it.each([
    [0, 1, null],
    [1, 1, 'You already have a machine running. Stop it first to start this one.'],
    [2, 2, 'You can run 2 machines at once. Stop one first.'],
  ])('starting with %i running of %i: %s', (running, maxRunning, refusal) => {
    expect(startRefusal(running, { ...DEFAULT_MACHINE_QUOTA, maxRunning })).toBe(refusal);
  });

  it('says how much disk a machine uses over its quota', () => {
    expect(diskRefusal(100 * 1024 * 1024, DEFAULT_MACHINE_QUOTA)).toBeNull();
    expect(diskRefusal(600 * 1024 * 1024, DEFAULT_MACHINE_QUOTA)).toBe("This machine's files take 600 MB, over its 512 MB. Delete some files in the terminal.");
  });

  it.each([
    [600 * 1024 * 1024, 'Stopped because its files took 600 MB, over its 512 MB.'],
    [512 * 1024 * 1024 + 1, 'Stopped because its files took 513 MB, over its 512 MB.'],
  ])('a machine stopped at %i bytes is told why, and that its files are kept', (bytes, start) => {
    expect(diskStopNotice(bytes, DEFAULT_MACHINE_QUOTA)).toBe(`${start} Your files are kept: start it and delete some in the terminal within a minute, or it stops again.`);
  });
});

describe('isIdle', () => {
  const last = new Date('2026-11-24T10:00:00Z');
  it.each([
    ['2026-11-24T10:29:59Z', false],
    ['2026-11-24T10:30:00Z', true],
    ['2026-11-24T12:00:00Z', true],
  ])('at %s idle: %s', (now, idle) => {
    expect(isIdle(last, new Date(now))).toBe(idle);
  });
});

describe('instanceRedirect', () => {
  it.each([
    [null, '/build'],
    ['', '/build'],
    ['/build', '/build'],
    ['/build?file=server.js', '/build?file=server.js'],
    ['/preview/3000', '/preview/3000'],
    ['/terminal', '/terminal'],
    ['https://evil.example/build', '/build'],
    ['//evil.example/build', '/build'],
    ['/%2F%2Fevil.example', '/build'],
    ['/\\evil.example', '/build'],
    ['/build/../api/internal', '/build'],
    ['/build/%2e%2e/x', '/build'],
    ['/api/session', '/build'],
    ['/build\n', '/build'],
    ['javascript:alert(1)', '/build'],
  ])('%j → %s', (requested, expected) => {
    expect(instanceRedirect(requested)).toBe(expected);
  });
});

describe('templates and names', () => {
  it('offers the three templates the issue names, each with files', () => {
    expect(MACHINE_TEMPLATES.map((template) => template.id)).toEqual(['node-web', 'python', 'linux']);
    for (const template of MACHINE_TEMPLATES) expect(Object.keys(template.files).length).toBeGreaterThan(0);
    expect(machineTemplate('node-web')?.files['server.js']).toContain('listen(PORT');
    expect(machineTemplate('windows')).toBeNull();
  });

  it.each([
    ['  My   box ', 'My box'],
    ['', null],
    ['   ', null],
    ['x'.repeat(61), null],
  ])('%j → %j', (name, cleaned) => {
    expect(cleanMachineName(name)).toBe(cleaned);
  });
});
