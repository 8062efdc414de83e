import Link from 'next/link';
import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import { BoltIcon, FlameIcon, SnowflakeIcon } from '@/ui';
import { useProgressSummary } from '../api/progress-queries';
import styles from './progress.module.css';
import { paths } from '@/domain/routing/paths';

/** Streak, XP today against the goal, and freezes: shown in the header across the app. */
export function HeaderStats({ initial }: { initial?: ProgressSummary | null }) {
  const { data } = useProgressSummary(initial);
  if (!data) return <div className={styles.stats} aria-hidden="true" />;
  return (
    <Link href={paths.progress()} className={styles.stats} aria-label={`Streak ${data.streak.current} days, ${data.xpToday} of ${data.dailyGoal.xp} XP today, ${data.freezes.held} streak freezes`}>
      <span className={styles.stat} data-active={data.streak.todayCounted || undefined} title="Day streak" data-testid="header-streak">
        <FlameIcon /> {data.streak.current}
      </span>
      <span className={styles.stat} data-met={data.dailyGoal.met || undefined} title="XP today / daily goal" data-testid="header-xp">
        <BoltIcon /> {data.xpToday}/{data.dailyGoal.xp}
      </span>
      <span className={styles.stat} title="Streak freezes" data-testid="header-freezes">
        <SnowflakeIcon /> {data.freezes.held}
      </span>
    </Link>
  );
}
