import { Link } from '@/ui/link';
import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import { BoltIcon, CheckIcon, FlameIcon, SnowflakeIcon } from '@/ui';
import { useProgressSummary } from '../api/progress-queries';
import styles from './progress.module.css';
import { StatsPlaceholder } from './stats-placeholder';
import { paths } from '@/domain/routing/paths';

/** Streak, XP today against the goal, and freezes: shown in the header across the app. */
export function HeaderStats({ initial }: { initial?: ProgressSummary | null }) {
  const { data } = useProgressSummary(initial);
  if (!data) return <StatsPlaceholder />;
  const met = data.dailyGoal.met;
  const goal = met ? `daily goal met with ${data.xpToday} XP today (goal ${data.dailyGoal.xp})` : `${data.xpToday} of ${data.dailyGoal.xp} XP today`;
  return (
    <Link href={paths.progress()} className={styles.stats} aria-label={`Streak ${data.streak.current} days, ${goal}, ${data.freezes.held} streak freezes`}>
      <span className={styles.stat} data-active={data.streak.todayCounted || undefined} title="Day streak" data-testid="header-streak">
        <FlameIcon /> {data.streak.current}
      </span>
      {/* Past the goal "230/50" reads as an error: a met goal shows as met (short on phones). */}
      {met ? (
        <span className={styles.stat} data-met title={`Daily goal met: ${data.xpToday} XP today`} data-testid="header-xp">
          <BoltIcon /> <span className={styles.goalMetWords}>Goal met</span> <CheckIcon />
        </span>
      ) : (
        <span className={styles.stat} title="XP today / daily goal" data-testid="header-xp">
          <BoltIcon /> {data.xpToday}/{data.dailyGoal.xp}
        </span>
      )}
      <span className={styles.stat} title="Streak freezes" data-testid="header-freezes">
        <SnowflakeIcon /> {data.freezes.held}
      </span>
    </Link>
  );
}
