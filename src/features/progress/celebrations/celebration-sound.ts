import { useEffect, useRef } from 'react';

/**
 * Optional celebration sounds, OFF unless the learner turns them on in settings (remembered on
 * this device). Generated with WebAudio (a few short notes), so there is no audio file to
 * download and nothing loads from outside the app.
 */
export const SOUND_STORAGE_KEY = 'codetrail-celebration-sound';

export type CelebrationSoundKind = 'streak' | 'daily-goal' | 'chapter' | 'tutorial';

/** Notes (Hz) per celebration: a rising arpeggio, longer for bigger moments. */
const MELODIES: Record<CelebrationSoundKind, readonly number[]> = {
  streak: [523.25, 659.25, 783.99],
  'daily-goal': [587.33, 739.99, 880],
  chapter: [523.25, 659.25, 783.99, 1046.5],
  tutorial: [523.25, 659.25, 783.99, 1046.5, 1318.51],
};

const NOTE_SECONDS = 0.12;

export function readSoundEnabled(): boolean {
  try {
    return window.localStorage.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function storeSoundEnabled(enabled: boolean): void {
  try {
    if (enabled) window.localStorage.setItem(SOUND_STORAGE_KEY, 'on');
    else window.localStorage.removeItem(SOUND_STORAGE_KEY);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}

type AudioContextConstructor = new () => AudioContext;

function audioContextConstructor(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const candidate = (window as unknown as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor }).AudioContext;
  return candidate ?? (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext ?? null;
}

/** Plays the celebration's notes when sound is on; returns whether it played. */
export function playCelebrationSound(kind: CelebrationSoundKind, enabled: boolean = readSoundEnabled()): boolean {
  const Context = audioContextConstructor();
  if (!enabled || !Context) return false;
  try {
    const context = new Context();
    const start = context.currentTime + 0.02;
    MELODIES[kind].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * NOTE_SECONDS;
      oscillator.type = 'triangle';
      oscillator.frequency.setValueAtTime(frequency, at);
      // A quick attack and decay so notes do not click; quiet (0.15) on purpose.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS * 1.8);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS * 2);
    });
    const total = (MELODIES[kind].length + 2) * NOTE_SECONDS * 1000;
    setTimeout(() => void context.close().catch(() => undefined), total);
    return true;
  } catch {
    // Audio can be unavailable (no output device, autoplay policy); the celebration still shows.
    return false;
  }
}

/** Plays a celebration's sound once, when `ready` first becomes true. */
export function useCelebrationSound(kind: CelebrationSoundKind, ready: boolean): void {
  const played = useRef(false);
  useEffect(() => {
    if (!ready || played.current) return;
    played.current = true;
    playCelebrationSound(kind);
  }, [kind, ready]);
}
