import { afterCelebrations } from '@/lib/progress/progress-paths';
import { userMessageOf } from '@/lib/errors/user-message';
import { Alert, ButtonLink, PageHeading, Stack } from '@/ui';
import { useCelebrationSound } from '../celebrations/celebration-sound';
import { CountUp } from '../components/count-up';
import { GoalRing } from '../components/goal-ring';
import { ProgressShell } from '../components/progress-shell';
import { useCelebrationQuery } from './celebration-query';
import { useShownCelebration } from './use-shown-celebration';
import styles from './views.module.css';
import { paths } from '@/domain/routing/paths';

/** /web/daily-goal: the goal ring filling up as XP counts from prevXPCount to today's total. */
export default function DailyGoalView() {
  const { query, prevXPCount } = useCelebrationQuery();
  const { summary } = useShownCelebration('daily-goal');
  const data = summary.data;
  useCelebrationSound('daily-goal', !!data?.dailyGoal.met);
  const fromProgress = data && prevXPCount !== null && data.dailyGoal.xp > 0 ? Math.min(1, prevXPCount / data.dailyGoal.xp) : undefined;
  return (
    <ProgressShell>
      <Stack gap={6} className={`${styles.page} ${styles.center}`}>
        {summary.isError && <Alert kind="error">{userMessageOf(summary.error, 'That did not work. Try again.')}</Alert>}
        {data && (
          <>
            <PageHeading as="div" kicker="Daily goal" title={data.dailyGoal.met ? 'Daily goal reached!' : 'Keep going!'} />
            <GoalRing progress={data.dailyGoal.progress} from={fromProgress} size={180}>
              <span className={styles.xp} data-testid="goal-xp">
                <CountUp from={prevXPCount ?? data.xpToday} to={data.xpToday} />/{data.dailyGoal.xp}
              </span>
              <br />
              XP
            </GoalRing>
            <p className={styles.muted}>
              {data.dailyGoal.met
                ? `That's ${data.freezes.goalDaysTowardNext} of ${data.freezes.goalDaysPerFreeze} goal days toward your next streak freeze.`
                : `${data.dailyGoal.xp - data.xpToday} XP to go today.`}
            </p>
            <ButtonLink href={query ? afterCelebrations(query) : paths.redirectToActiveSection()} size="lg" className={styles.continue}>
              Continue
            </ButtonLink>
          </>
        )}
      </Stack>
    </ProgressShell>
  );
}
