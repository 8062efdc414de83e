import { lessonRoutePrefix } from '@/lib/env/deployment';
import { userMessageOf } from '@/lib/errors/user-message';
import { Link } from '@/ui/link';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { Alert, ButtonLink, Card, FlameIcon, PageHeading, PageLead, SnowflakeIcon, Stack } from '@/ui';
import { useProgressSummary } from '../api/progress-queries';
import { GoalRing } from '../components/goal-ring';
import { ProgressShell } from '../components/progress-shell';
import { StreakCalendar } from '../components/streak-calendar';
import styles from './views.module.css';
import { paths } from '@/domain/routing/paths';

const formatDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** /web/progress: streak history as a calendar, freezes, the daily goal and a restore offer. */
export default function ProgressView() {
  const summary = useProgressSummary();
  const data = summary.data;
  return (
    <ProgressShell>
      <Stack gap={5} className={styles.page}>
        <PageHeading
          kicker="Your progress"
          title={
            <>
              <FlameIcon /> <span data-testid="progress-streak">{data?.streak.current ?? '…'}</span> day streak
            </>
          }
        >
          {data && (
            <PageLead>
              Longest streak: {data.streak.longest} {data.streak.longest === 1 ? 'day' : 'days'} · {data.totalXp} XP in total ·{' '}
              <Link href={paths.profile()}>Your profile and achievements</Link>
            </PageLead>
          )}
        </PageHeading>
        {summary.isError && <Alert kind="error">{userMessageOf(summary.error, 'That did not work. Try again.')}</Alert>}
        {data?.restore && (
          <Alert kind="warning">
            <strong>Your streak broke</strong> on {formatDay(data.restore.missedDays[0] ?? data.today)}. You can restore it until the end of {formatDay(data.restore.until)} by
            doing a make-up review of a lesson you already passed. No payment, ever.{' '}
            {data.restore.review && (
              <ButtonLink
                size="sm"
                href={`${lessonPath({ routePrefix: lessonRoutePrefix(), trackId: data.restore.review.trackId, tutorialId: data.restore.review.tutorialId, chapterId: data.restore.review.chapterId }, 'challenge', data.restore.review.lessonIndex)}&review=restore`}
              >
                Review “{data.restore.review.title}”
              </ButtonLink>
            )}
          </Alert>
        )}
        {data && (
          <>
            <Card>
              <StreakCalendar calendar={data.calendar} today={data.today} />
            </Card>
            <Card>
              <Stack gap={3} align="center">
                <GoalRing progress={data.dailyGoal.progress} size={120}>
                  {data.xpToday}/{data.dailyGoal.xp}
                </GoalRing>
                <p className={styles.muted}>
                  Daily goal: {data.dailyGoal.xp} XP (<Link href={paths.settings()}>change</Link>). <SnowflakeIcon /> {data.freezes.held} of {data.freezes.max} streak freezes: earn one for
                  every {data.freezes.goalDaysPerFreeze} days you meet your goal ({data.freezes.goalDaysTowardNext} so far). A freeze covers a missed day by itself.
                </p>
              </Stack>
            </Card>
          </>
        )}
      </Stack>
    </ProgressShell>
  );
}
