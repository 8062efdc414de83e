import { SignedInShell, useAuthUser } from '@/features/auth';
import { LazyStartGoalPicker } from '@/features/progress';
import { Link } from '@/ui/link';
import { Alert, Button, Card, PageHeading, PageLead, Stack } from '@/ui';
import { useMe } from '../api/get-me';
import { useRecordVisit } from '../api/record-visit';
import styles from './welcome-view.module.css';
import { paths } from '@/domain/routing/paths';

const ROLE_LABELS: Record<string, string> = { course_engineer: 'Course engineer' };

export interface WelcomeViewProps {
  tracks?: { id: string; title: string; description: string; lessons: number }[];
}

/**
 * /onboarding-check: where a signed-in learner lands when no section is active yet (returning
 * learners are sent on to their active section by the server). It greets them, lets them pick
 * a daily goal and a track, and shows their profile as the API knows it.
 */
export default function WelcomeView({ tracks = [] }: WelcomeViewProps) {
  const user = useAuthUser();
  useRecordVisit(user.id);
  const me = useMe(user.id);
  const name = me.data?.displayName ?? user.displayName ?? 'there';

  return (
    <SignedInShell>
      <Stack gap={6} className={styles.page}>
        <PageHeading kicker="Your account is ready" title={`Welcome, ${name}!`}>
          <PageLead>
            Codetrail teaches Python, JavaScript, HTML, CSS and SQL in lessons of a few minutes, with code that runs right here in
            your browser.
          </PageLead>
        </PageHeading>

        <LazyStartGoalPicker />

        {tracks.length > 0 && (
          <Card as="section" aria-labelledby="tracks-heading">
            <h2 id="tracks-heading" className={styles.cardTitle}>
              Pick a track to start
            </h2>
            <ul className={styles.tracks}>
              {tracks.map((track) => (
                <li key={track.id}>
                  <Link href={paths.activeSection(track.id)} className={styles.track} data-track={track.id}>
                    <strong>{track.title}</strong>
                    <span>{track.description}</span>
                    <span className={styles.trackMeta}>{track.lessons} lessons</span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        )}

        <Card as="section" aria-labelledby="profile-heading">
          <h2 id="profile-heading" className={styles.cardTitle}>
            Your profile
          </h2>
          {me.isPending && <p aria-busy="true">Loading your profile…</p>}
          {me.isError && (
            <Stack gap={3}>
              <Alert kind="error">{me.error.message}</Alert>
              <div>
                <Button variant="secondary" onClick={() => void me.refetch()}>
                  Try again
                </Button>
              </div>
            </Stack>
          )}
          {me.data && (
            <dl className={styles.facts}>
              <dt>Name</dt>
              <dd>{me.data.displayName ?? 'Not set'}</dd>
              <dt>Email</dt>
              <dd>{me.data.email ?? 'Not set'}</dd>
              <dt>Roles</dt>
              <dd>
                {me.data.roles.length === 0
                  ? 'Learner'
                  : me.data.roles.map((role) => (
                      <span key={role} className={styles.badge}>
                        {ROLE_LABELS[role] ?? role}
                      </span>
                    ))}
              </dd>
            </dl>
          )}
        </Card>
      </Stack>
    </SignedInShell>
  );
}
