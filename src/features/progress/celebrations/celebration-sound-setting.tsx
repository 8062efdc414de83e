import { useEffect, useState } from 'react';
import { Card } from '@/ui';
import { playCelebrationSound, readSoundEnabled, storeSoundEnabled } from './celebration-sound';
import styles from './celebrations.module.css';

/** Settings: celebration sounds on or off (off by default), remembered on this device at once. */
export function CelebrationSoundSetting() {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => setEnabled(readSoundEnabled()), []);
  function change(next: boolean) {
    storeSoundEnabled(next);
    setEnabled(next);
    // A sample, so the learner hears what they turned on.
    if (next) playCelebrationSound('streak', true);
  }
  return (
    <Card as="section" aria-labelledby="sound-setting-title">
      <h2 id="sound-setting-title" className={styles.settingTitle}>
        Celebrations
      </h2>
      <label className={styles.switchRow}>
        <input type="checkbox" checked={enabled} onChange={(event) => change(event.target.checked)} />
        <span>Play a sound when I keep my streak, reach my goal or finish a chapter</span>
      </label>
      <p className={styles.settingNote}>Saved on this device as soon as you change it.</p>
    </Card>
  );
}
