import { Link } from '@/ui/link';
import { userMessageOf } from '@/lib/errors/user-message';
import { useEffect, useState, type FormEvent } from 'react';
import { publicNameSchema } from '@/domain/progress/public-name';
import { paths } from '@/domain/routing/paths';
import type { LearnerProfile } from '@/lib/api-client/profile-endpoints';
import { Alert, Button, Card, CheckIcon, FlameIcon, LockIcon, PageHeading, PageLead, Stack, LoadError, TextField, TrophyIcon } from '@/ui';
import { useLearnerProfile, useRenameLearner } from '../api/profile-queries';
import { ProgressShell } from '../components/progress-shell';
import { StreakCalendar } from '../components/streak-calendar';
import styles from './views.module.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function NameForm({ profile }: { profile: LearnerProfile }) {
  const rename = useRenameLearner();
  const [name, setName] = useState(profile.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setName(profile.name), [profile.name]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = publicNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'That name cannot be used.');
      return;
    }
    setProblem(null);
    await rename.mutateAsync(parsed.data).then(() => setSaved(true), () => undefined);
  }

  return (
    <Card as="section" aria-labelledby="name-heading">
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap={3}>
          <h2 id="name-heading" className={styles.cardTitle}>
            Name shown to others
          </h2>
          <TextField
            label="Your name on leaderboards"
            name="displayName"
            value={name}
            maxLength={60}
            autoComplete="nickname"
            onChange={(event) => {
              setName(event.target.value);
              setSaved(false);
            }}
            error={problem ?? undefined}
            hint={profile.nameChosen ? undefined : 'Taken from your sign-in until you choose one. Your email is never shown.'}
          />
          {rename.isError && <Alert kind="error">{userMessageOf(rename.error, 'That did not work. Try again.')}</Alert>}
          <div role="status">{saved && 'Saved. Leaderboards show your new name.'}</div>
          <div>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save name'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

/** /web/profile: the name others see, tracks in progress, totals, streaks, achievements and the calendar. */
export default function ProfileView() {
  const profile = useLearnerProfile();
  const data = profile.data;
  const earned = data?.achievements.filter((achievement) => achievement.earned).length ?? 0;
  return (
    <ProgressShell>
      <Stack gap={5} className={styles.page}>
        <PageHeading kicker="Your profile" title={<span data-testid="profile-name">{data?.name ?? 'Your profile'}</span>}>
          {data && (
            <PageLead>
              {plural(data.totals.xp, 'XP', 'XP')} · {plural(data.totals.lessons, 'lesson', 'lessons')} · {plural(data.totals.daysLearned, 'day', 'days')} learned
            </PageLead>
          )}
        </PageHeading>
        {profile.isPending && <p aria-busy="true">Loading your profile…</p>}
        {profile.isError && <LoadError message={userMessageOf(profile.error, 'That did not work. Try again.')} onRetry={() => void profile.refetch()} />}
        {data && (
          <>
            <Card as="section" aria-labelledby="totals-heading">
              <h2 id="totals-heading" className={styles.cardTitle}>
                Totals
              </h2>
              <dl className={styles.facts} data-testid="profile-totals">
                <dt>Total XP</dt>
                <dd>{data.totals.xp}</dd>
                <dt>Lessons done</dt>
                <dd>{data.totals.lessons}</dd>
                <dt>Days learned</dt>
                <dd>{data.totals.daysLearned}</dd>
                <dt>Current streak</dt>
                <dd>
                  <FlameIcon /> {plural(data.streak.current, 'day', 'days')}
                </dd>
                <dt>Longest streak</dt>
                <dd>{plural(data.streak.longest, 'day', 'days')}</dd>
              </dl>
            </Card>

            <Card as="section" aria-labelledby="tracks-heading">
              <h2 id="tracks-heading" className={styles.cardTitle}>
                Tracks in progress
              </h2>
              {data.tracks.length === 0 ? (
                <p className={styles.muted}>
                  No track started yet. <Link href={paths.onboardingCheck()}>Pick a track</Link>
                </p>
              ) : (
                <ul className={styles.profileTracks}>
                  {data.tracks.map((track) => (
                    <li key={track.id} data-testid={`profile-track-${track.id}`}>
                      <Link href={paths.activeSection(track.id)}>{track.title}</Link>
                      <span className={styles.muted}>
                        {track.percent}% · {track.completedLessons} of {track.lessons} lessons
                      </span>
                      <div className={styles.bar} role="progressbar" aria-label={`${track.title} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={track.percent}>
                        <span style={{ width: `${track.percent}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>

            <Card as="section" aria-labelledby="achievements-heading">
              <h2 id="achievements-heading" className={styles.cardTitle}>
                Achievements <span className={styles.muted}>({earned} of {data.achievements.length})</span>
              </h2>
              <ul className={styles.achievements}>
                {data.achievements.map((achievement) => (
                  <li key={achievement.id} className={styles.achievement} data-earned={achievement.earned || undefined} data-testid={`achievement-${achievement.id}`}>
                    <span className={styles.achievementIcon} aria-hidden="true">
                      {achievement.earned ? <TrophyIcon /> : <LockIcon />}
                    </span>
                    <span>
                      <strong>{achievement.title}</strong> {achievement.earned && <CheckIcon aria-hidden="true" />}
                      <br />
                      <span className={styles.muted}>
                        {achievement.earned ? 'Earned' : 'Not yet'}: {achievement.description}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </Card>

            <Card as="section" aria-label="Streak calendar">
              <StreakCalendar calendar={data.calendar} today={data.today} />
            </Card>

            <NameForm profile={data} />
          </>
        )}
      </Stack>
    </ProgressShell>
  );
}
