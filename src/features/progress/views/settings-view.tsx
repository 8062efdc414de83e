import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { userMessageOf } from '@/lib/errors/user-message';
import type { DailyGoalLevel } from '@/domain/progress/daily-goal';
import { BillingSection } from '@/features/billing';
import { Alert, Button, Card, PageHeading, Stack } from '@/ui';
import { useProgressSummary, useUpdateSettings } from '../api/progress-queries';
import { DailyGoalChoices } from '../components/daily-goal-choices';
import { CelebrationSoundSetting } from '../celebrations/celebration-sound-setting';
import { ProgressShell } from '../components/progress-shell';
import { browserTimeZone } from '../pending/pending-completions';
import styles from './views.module.css';

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return Array.from(new Set([current, 'UTC', ...known])).sort();
}

/** /web/settings: the daily goal, the time zone days are counted in, and billing. */
export default function SettingsView() {
  const summary = useProgressSummary();
  const update = useUpdateSettings();
  const [goal, setGoal] = useState<DailyGoalLevel | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const data = summary.data;
  useEffect(() => {
    if (data && goal === null) setGoal(data.dailyGoal.level);
    if (data && zone === null) setZone(data.timeZone);
  }, [data, goal, zone]);
  const zones = useMemo(() => timeZones(zone ?? 'UTC'), [zone]);
  const deviceZone = browserTimeZone();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!goal || !zone) return;
    setSaved(false);
    await update.mutateAsync({ dailyGoal: goal, timeZone: zone }).then(() => setSaved(true), () => undefined);
  }

  return (
    <ProgressShell>
      <Stack gap={5} className={styles.page}>
        <PageHeading kicker="Settings" title="Your learning rhythm" />
        {summary.isError && <Alert kind="error">{userMessageOf(summary.error, 'That did not work. Try again.')}</Alert>}
        {data && goal && zone && (
          <form onSubmit={(event) => void save(event)}>
            <Stack gap={5}>
              <Card as="section">
                <DailyGoalChoices legend="Daily goal" value={goal} onChange={setGoal} />
              </Card>
              <Card as="section">
                <h2 className={styles.cardTitle}>
                  <label htmlFor="time-zone">Time zone</label>
                </h2>
                <p className={styles.muted}>Your streak counts days in this zone. Changing it, or travelling, never removes a day you already earned.</p>
                <select id="time-zone" className={styles.select} value={zone} onChange={(event) => setZone(event.target.value)}>
                  {zones.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>{' '}
                {deviceZone && deviceZone !== zone && (
                  <Button type="button" variant="secondary" size="sm" onClick={() => setZone(deviceZone)}>
                    Use this device&apos;s zone ({deviceZone})
                  </Button>
                )}
              </Card>
              {update.isError && <Alert kind="error">{userMessageOf(update.error, 'That did not work. Try again.')}</Alert>}
              {saved && <Alert kind="success">Saved. Your new goal counts from now on.</Alert>}
              <div>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? 'Saving…' : 'Save settings'}
                </Button>
              </div>
            </Stack>
          </form>
        )}
        <CelebrationSoundSetting />
        <BillingSection />
      </Stack>
    </ProgressShell>
  );
}
