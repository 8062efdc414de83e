import { sectionPath } from '@/lib/progress/progress-paths';
import { ButtonLink, Card, PageHeading, Stack, ToolsIcon, TrophyIcon } from '@/ui';
import { PROJECT_XP } from '@/domain/progress/xp';
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
              All {lessons} steps done, and +{PROJECT_XP} XP for finishing the project. Everything you wrote is saved; open the last step any time to
              keep changing it.
            </p>
          ) : (
            <p>Some steps of this project are still open. Finish them to complete the project and earn +{PROJECT_XP} XP.</p>
          )}
        </Card>
        <ButtonLink href={sectionPath(trackId, sectionIndex)} size="lg">
          Continue
        </ButtonLink>
      </Stack>
    </ProgressShell>
  );
}
