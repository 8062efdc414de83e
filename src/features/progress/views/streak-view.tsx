import { afterCelebrations, dailyGoalUrl } from '@/lib/progress/progress-paths';
import { userMessageOf } from '@/lib/errors/user-message';
import { Alert, ButtonLink, Card, FlameIcon, SnowflakeIcon, Stack } from '@/ui';
import { useCelebrationSound } from '../celebrations/celebration-sound';
import { CountUp } from '../components/count-up';
import { ProgressShell } from '../components/progress-shell';
import { StreakCalendar } from '../components/streak-calendar';
import { useCelebrationQuery } from './celebration-query';
import { useShownCelebration } from './use-shown-celebration';
import styles from './views.module.css';
import { paths } from '@/domain/routing/paths';

/** /web/streak: the flame, XP counting up from prevXPCount, and the calendar. */
export default function StreakView() {
  const { query, prevXPCount } = useCelebrationQuery();
  const { summary, dueBefore } = useShownCelebration('streak');
  const data = summary.data;
  useCelebrationSound('streak', !!data);
  const next = query ? (dueBefore?.dailyGoal ? dailyGoalUrl(query, prevXPCount ?? data?.xpToday ?? 0) : afterCelebrations(query)) : paths.redirectToActiveSection();

  return (
    <ProgressShell>
      <Stack gap={6} className={`${styles.page} ${styles.center}`}>
        {summary.isError && <Alert kind="error">{userMessageOf(summary.error, 'That did not work. Try again.')}</Alert>}
        {data && (
          <>
            <div className={styles.flame} aria-hidden="true" data-testid="streak-flame">
              <FlameIcon />
            </div>
            <h1 className={styles.title}>
              <span className={styles.bigNumber} data-testid="streak-count">
                {data.streak.current}
              </span>{' '}
              day streak!
            </h1>
            <p className={styles.muted}>
              {data.streak.current === 1 ? 'Day one. Come back tomorrow to keep it going.' : `You've learned ${data.streak.current} days in a row. Keep it going tomorrow.`}
              {data.streak.longest > data.streak.current && ` Your best is ${data.streak.longest}.`}
            </p>
            <p className={styles.xp}>
              <CountUp from={prevXPCount ?? data.xpToday} to={data.xpToday} /> XP today
            </p>
            {/* Continue comes before the calendar: on a 390×844 phone it is visible without scrolling. */}
            <ButtonLink href={next} size="lg" className={styles.continue}>
              Continue
            </ButtonLink>
            <Card>
              <StreakCalendar calendar={data.calendar} today={data.today} />
              <p className={styles.muted}>
                <SnowflakeIcon /> {data.freezes.held} of {data.freezes.max} streak freezes. Meet your daily goal on {data.freezes.goalDaysPerFreeze - data.freezes.goalDaysTowardNext} more{' '}
                {data.freezes.goalDaysPerFreeze - data.freezes.goalDaysTowardNext === 1 ? 'day' : 'days'} to earn the next one.
              </p>
            </Card>
          </>
        )}
      </Stack>
    </ProgressShell>
  );
}
