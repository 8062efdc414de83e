import { playCelebrationSound, readSoundEnabled, SOUND_STORAGE_KEY, storeSoundEnabled } from './celebration-sound';

class FakeParam {
  setValueAtTime = jest.fn();
  exponentialRampToValueAtTime = jest.fn();
}

class FakeAudioContext {
  static created = 0;
  static oscillators = 0;
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.created += 1;
  }
  createOscillator() {
    FakeAudioContext.oscillators += 1;
    return { type: 'sine', frequency: new FakeParam(), connect: (node: unknown) => node, start: jest.fn(), stop: jest.fn() };
  }
  createGain() {
    return { gain: new FakeParam(), connect: (node: unknown) => node };
  }
  close() {
    return Promise.resolve();
  }
}

describe('celebration sound', () => {
  beforeEach(() => {
    window.localStorage.clear();
    FakeAudioContext.created = 0;
    FakeAudioContext.oscillators = 0;
    (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('is off by default and remembered once turned on', () => {
    expect(readSoundEnabled()).toBe(false);
    storeSoundEnabled(true);
    expect(window.localStorage.getItem(SOUND_STORAGE_KEY)).toBe('on');
    expect(readSoundEnabled()).toBe(true);
    storeSoundEnabled(false);
    expect(readSoundEnabled()).toBe(false);
  });

  it('stays silent while off: no audio context is even created', () => {
    expect(playCelebrationSound('chapter')).toBe(false);
    expect(FakeAudioContext.created).toBe(0);
  });

  it.each([
    ['streak', 3],
    ['daily-goal', 3],
    ['chapter', 4],
    ['tutorial', 5],
  ] as const)('plays the %s melody (%i notes) when on', (kind, notes) => {
    storeSoundEnabled(true);
    expect(playCelebrationSound(kind)).toBe(true);
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.oscillators).toBe(notes);
  });
});
