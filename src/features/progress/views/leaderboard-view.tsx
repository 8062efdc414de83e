import { ordinal } from '@/domain/text/ordinal';
import { userMessageOf } from '@/lib/errors/user-message';
import { Card, LoadError, PageHeading, PageLead, Stack } from '@/ui';
import { useLeague } from '../api/progress-queries';
import { ProgressShell } from '../components/progress-shell';
import styles from './views.module.css';

function timeLeft(endsAt: string): string {
  const hours = Math.max(0, Math.round((new Date(endsAt).getTime() - Date.now()) / 3_600_000));
  return hours >= 48 ? `${Math.round(hours / 24)} days left` : `${hours} hours left`;
}

/** /web/leaderboard: this week's league group, with the promotion and demotion zones. */
export default function LeaderboardView() {
  const league = useLeague();
  const data = league.data;
  const me = data?.standings.find((row) => row.me);
  return (
    <ProgressShell>
      <Stack gap={5} className={styles.page}>
        <PageHeading kicker="Weekly league" title={data ? `${data.tier} league` : 'Leaderboard'} titleClassName={styles.capitalize}>
          {data && (
            <PageLead>
              Groups of up to 30 learners, ranked by XP earned this week. The week ends Monday 00:00 UTC ({timeLeft(data.endsAt)})
              {data.promotedCount > 0 && `: the top ${data.promotedCount} move up a league`}
              {data.demotedCount > 0 && `, the bottom ${data.demotedCount} move down`}.
            </PageLead>
          )}
        </PageHeading>
        {league.isPending && <p aria-busy="true">Loading the leaderboard…</p>}
        {league.isError && <LoadError message={userMessageOf(league.error, 'That did not work. Try again.')} onRetry={() => void league.refetch()} />}
        {data && !data.joined && (
          <Card>
            <p>You join this week&apos;s league with your first lesson of the week. Finish a lesson to see where you stand.</p>
          </Card>
        )}
        {data && data.joined && (
          <Card padding="sm">
            {me && (
              <p className={styles.standing}>
                You are <strong>{ordinal(me.rank)}</strong> of {data.standings.length} this week.
              </p>
            )}
            <ol className={styles.board} aria-label="Standings">
              {data.standings.flatMap((row, index) => {
                const previous = data.standings[index - 1];
                const zoneStart = row.outcome !== previous?.outcome && row.outcome !== 'stay' ? (row.outcome === 'promote' ? 'Promotion zone' : 'Demotion zone') : null;
                const item = (
                  <li key={row.rank} className={styles.row} data-me={row.me || undefined} data-outcome={row.outcome} aria-current={row.me ? 'true' : undefined}>
                    <span className={styles.rank}>{ordinal(row.rank)}</span>
                    <span>
                      {row.name}
                      {row.me && ' (you)'}
                    </span>
                    <span>{row.xp} XP</span>
                  </li>
                );
                return zoneStart
                  ? [
                      <li key={`zone-${row.rank}`} className={styles.zone}>
                        {zoneStart}
                      </li>,
                      item,
                    ]
                  : [item];
              })}
            </ol>
          </Card>
        )}
      </Stack>
    </ProgressShell>
  );
}
