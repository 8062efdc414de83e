import { sectionPath } from '@/lib/progress/progress-paths';
import { ButtonLink, Card, PageHeading, Stack, ToolsIcon, TrophyIcon } from '@/ui';
import { PROJECT_XP } from '@/domain/progress/xp';
import { paths } from '@/domain/routing/paths';
import { ProgressShell } from '../components/progress-shell';
import styles from './views.module.css';

export interface ProjectDoneViewProps {
  trackId: string;
  tutorialTitle: string;
  sectionIndex: number;
  finished: boolean;
  lessons: number;
}

/** /web/project-done: shown after a guided project's last chapter. */
export default function ProjectDoneView({ trackId, tutorialTitle, sectionIndex, finished, lessons }: ProjectDoneViewProps) {
  return (
    <ProgressShell>
      <Stack gap={6} className={`${styles.page} ${styles.center}`}>
        <div className={styles.flame} aria-hidden="true">
          {finished ? <TrophyIcon /> : <ToolsIcon />}
        </div>
        <PageHeading as="div" kicker="Guided project" title={finished ? `You built it: ${tutorialTitle}!` : `${tutorialTitle} is almost done`} />
        <Card>
          {finished ? (
            <p>
              All {lessons} steps done, and +{PROJECT_XP} XP for finishing the project. It is now one of your projects in the build area: keep changing
              it, share it, or start something new of your own.
            </p>
          ) : (
            <p>Some steps of this project are still open. Finish them to complete the project and earn +{PROJECT_XP} XP.</p>
          )}
        </Card>
        <div className={styles.actions}>
          {finished && (
            <ButtonLink href={paths.build()} size="lg" variant="secondary">
              Open your projects
            </ButtonLink>
          )}
          <ButtonLink href={sectionPath(trackId, sectionIndex)} size="lg">
            Continue
          </ButtonLink>
        </div>
      </Stack>
    </ProgressShell>
  );
}
