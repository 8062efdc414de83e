import { lessonRoutePrefix } from '@/lib/env/deployment';
import { useExposureEvents } from '@/lib/analytics/use-exposure-events';
import { Link } from '@/ui/link';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { sectionPath } from '@/lib/progress/progress-paths';
import type { PathChapter, PathSection, PathTutorial } from '@/domain/progress/section-path';
import { Card, CheckIcon, FlameIcon, LockIcon, PageHeading, PlayIcon, SnowflakeIcon, Stack } from '@/ui';
import { CompletionDialog } from '../celebrations/completion-dialog';
import { ProgressShell } from '../components/progress-shell';
import { useProgressSummary } from '../api/progress-queries';
import styles from './views.module.css';
import { paths } from '@/domain/routing/paths';
import { useRuntimePreload } from '@/features/editor';

export interface SectionViewProps {
  trackId: string;
  trackTitle: string;
  sectionIndex: number;
  sections: PathSection[];
  tracks: { id: string; title: string }[];
  /** A Pro section seen by a free learner (issue 15): the gate's sentence and the paywall's link. */
  proLock?: { message: string; unlockUrl: string } | null;
  /** Experiments this page exposed the learner to (analytics events, after consent). */
  exposures?: { experiment: string; variant: string }[];
}

const STATE_LABEL: Record<PathChapter['state'], string> = { done: 'Done', current: 'Up next', locked: 'Locked' };

function ChapterNode({ trackId, tutorial, chapter }: { trackId: string; tutorial: PathTutorial; chapter: PathChapter }) {
  const label = `${chapter.title}: ${STATE_LABEL[chapter.state]}, ${chapter.completedLessons} of ${chapter.lessons} lessons`;
  const body = (
    <>
      <span className={styles.nodeDot} aria-hidden="true">
        {chapter.state === 'done' ? <CheckIcon /> : chapter.state === 'locked' ? <LockIcon /> : <PlayIcon />}
      </span>
      <span className={styles.nodeText}>
        <span className={styles.nodeTitle}>{chapter.title}</span>
        <span className={styles.nodeMeta}>
          {STATE_LABEL[chapter.state]} · {chapter.completedLessons}/{chapter.lessons} lessons
        </span>
      </span>
    </>
  );
  if (chapter.state === 'locked')
    return (
      <li className={styles.node} data-state="locked" aria-label={label}>
        {body}
      </li>
    );
  const href = lessonPath({ routePrefix: lessonRoutePrefix(), trackId, tutorialId: tutorial.id, chapterId: chapter.id }, 'learn', chapter.resumeIndex);
  return (
    <li className={styles.node} data-state={chapter.state}>
      <Link href={href} aria-label={label} className={styles.nodeLink} data-testid={`chapter-${chapter.id}`}>
        {body}
      </Link>
    </li>
  );
}

/** A section of a track as a path: its tutorials and chapters, done / up next / locked, with the learner's stats. */
export default function SectionView({ trackId, trackTitle, sectionIndex, sections, tracks, proLock, exposures }: SectionViewProps) {
  useExposureEvents(exposures);
  const section = sections[sectionIndex];
  const summary = useProgressSummary();
  useRuntimePreload({ trackId });
  if (!section) return null;
  const percent = section.lessons === 0 ? 0 : Math.round((section.completedLessons / section.lessons) * 100);
  return (
    <ProgressShell>
      <CompletionDialog sections={sections} />
      <div className={styles.sectionLayout}>
        <Stack gap={5} className={styles.pathColumn}>
          <PageHeading kicker={`${trackTitle} · Section ${sectionIndex + 1} of ${sections.length}`} title={section.title}>
            <div className={styles.bar} role="progressbar" aria-label="Section progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span style={{ width: `${percent}%` }} />
            </div>
            <p className={styles.muted}>
              {section.completedLessons} of {section.lessons} lessons done
            </p>
          </PageHeading>
          {proLock && (
            <Card as="section" aria-labelledby="pro-lock" className={styles.proLock} data-testid="section-pro-lock">
              <h2 id="pro-lock" className={styles.cardTitle}>
                <span className={styles.badge}>Pro</span> Unlock this section
              </h2>
              <p>{proLock.message}</p>
              <p>
                <Link href={proLock.unlockUrl}>See what Pro gives you</Link>
              </p>
            </Card>
          )}
          {section.tutorials.map((tutorial) => (
            <Card as="section" key={tutorial.id} aria-labelledby={`tutorial-${tutorial.id}`}>
              <h2 id={`tutorial-${tutorial.id}`} className={styles.cardTitle}>
                {tutorial.title} {tutorial.kind === 'project' && <span className={styles.badge}>{tutorial.optional ? 'Optional guided project' : 'Guided project'}</span>}
              </h2>
              <ol className={styles.path}>
                {tutorial.chapters.map((chapter) => (
                  <ChapterNode key={chapter.id} trackId={trackId} tutorial={tutorial} chapter={chapter} />
                ))}
              </ol>
            </Card>
          ))}
          <nav className={styles.sectionNav} aria-label="Sections">
            {sectionIndex > 0 ? <Link href={sectionPath(trackId, sectionIndex - 1)}>← {sections[sectionIndex - 1]?.title}</Link> : <span />}
            {sectionIndex < sections.length - 1 && <Link href={sectionPath(trackId, sectionIndex + 1)}>{sections[sectionIndex + 1]?.title} →</Link>}
          </nav>
        </Stack>
        <aside className={styles.side} aria-label="Your stats">
          <Card>
            <h2 className={styles.cardTitle}>Today</h2>
            {summary.data ? (
              <dl className={styles.facts}>
                <dt>Streak</dt>
                <dd data-testid="section-streak">
                  <FlameIcon /> {summary.data.streak.current} {summary.data.streak.current === 1 ? 'day' : 'days'}
                </dd>
                <dt>Daily goal</dt>
                <dd data-testid="section-goal">
                  {summary.data.dailyGoal.met ? (
                    <>
                      Met <CheckIcon /> · {summary.data.xpToday} XP today
                    </>
                  ) : (
                    <>
                      {summary.data.xpToday} / {summary.data.dailyGoal.xp} XP
                    </>
                  )}
                </dd>
                <dt>Freezes</dt>
                <dd>
                  <SnowflakeIcon /> {summary.data.freezes.held}
                </dd>
                <dt>Total</dt>
                <dd>{summary.data.totalXp} XP</dd>
                <dt>League</dt>
                <dd className={styles.capitalize}>{summary.data.league.tier}</dd>
              </dl>
            ) : (
              <p className={styles.muted} aria-busy="true">
                Loading your stats…
              </p>
            )}
            <p>
              <Link href={paths.progress()}>Streak calendar</Link> · <Link href={paths.leaderboard()}>Leaderboard</Link>
            </p>
          </Card>
          <Card>
            <h2 className={styles.cardTitle}>Tracks</h2>
            <ul className={styles.trackList}>
              {tracks.map((track) => (
                <li key={track.id}>
                  {track.id === trackId ? <strong aria-current="page">{track.title}</strong> : <Link href={paths.activeSection(track.id)}>{track.title}</Link>}
                </li>
              ))}
            </ul>
            <p>
              <Link href={paths.library()}>Browse the library</Link> · <Link href={paths.events()}>Events</Link>
            </p>
          </Card>
        </aside>
      </div>
    </ProgressShell>
  );
}
