import { useState } from 'react';
import { dailyGoalXp, type DailyGoalLevel } from '@/domain/progress/daily-goal';
import { Alert, Button, Card, LoadError, Stack } from '@/ui';
import { useProgressSummary, useUpdateSettings } from '../api/progress-queries';
import { DailyGoalChoices } from './daily-goal-choices';
import styles from '../views/views.module.css';

/**
 * Choosing a daily goal while starting (the welcome page): saved through the settings API as
 * soon as it is picked, so the header shows it on the first section page.
 */
export function StartGoalPicker() {
  const summary = useProgressSummary();
  const update = useUpdateSettings();
  const [picked, setPicked] = useState<DailyGoalLevel | null>(null);
  const current = picked ?? summary.data?.dailyGoal.level ?? null;

  function choose(level: DailyGoalLevel) {
    setPicked(level);
    update.mutate({ dailyGoal: level });
  }

  return (
    <Card as="section" aria-labelledby="start-goal-heading">
      <Stack gap={3}>
        <h2 id="start-goal-heading" className={styles.cardTitle}>
          Pick a daily goal
        </h2>
        <p className={styles.muted}>How much a day? Each lesson earns about 10 XP. You can change it any time in settings.</p>
        {summary.isPending && <p aria-busy="true">Loading your goal…</p>}
        {summary.isError && <LoadError message={summary.error.message} onRetry={() => void summary.refetch()} />}
        {current && <DailyGoalChoices legend={<span className="visually-hidden">Daily goal</span>} value={current} onChange={choose} />}
        <div role="status" data-testid="start-goal-status">
          {update.isPending && 'Saving your goal…'}
          {update.isSuccess && picked && `Saved: ${dailyGoalXp(picked)} XP a day.`}
        </div>
        {update.isError && (
          <Alert kind="error">
            {update.error.message}{' '}
            <Button variant="secondary" size="sm" onClick={() => picked && update.mutate({ dailyGoal: picked })}>
              Try again
            </Button>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
