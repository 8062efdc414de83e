import { paths } from '@/domain/routing/paths';
import { LazyHeaderStats as HeaderStats } from '@/features/progress';
import type { LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { Link } from '@/ui/link';
import { ModePicker } from '../mode-picker';
// The view's module: its class names are hashed from its path, so the markup moved, not the file.
import styles from '../../views/lesson-view.module.css';

/** The player's top bar: leave, the chapter's progress steps, the mode picker and the learner's stats. */
export function LessonHeader(props: LessonPageProps) {
  const progress = Math.round((props.lessons.filter((entry) => entry.completed).length / props.lessons.length) * 100);
  return (
    <header className={styles.header}>
      <Link href={paths.section(props.trackId, props.sectionIndex)} className={styles.close} aria-label="Leave the lesson">
        ✕
      </Link>
      <div className={styles.progress} role="progressbar" aria-label={`${props.chapterTitle}: lesson ${props.lessonIndex + 1} of ${props.lessons.length}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        {props.lessons.map((entry, index) => (
          <span key={entry.id} className={styles.step} data-done={entry.completed || undefined} data-current={index === props.lessonIndex || undefined} />
        ))}
      </div>
      <ModePicker mode={props.mode} hrefFor={(mode) => lessonPath(props, mode, props.lessonIndex)} />
      <HeaderStats />
    </header>
  );
}

/** Where the learner is, in words. */
export function LessonWhere({ tutorialTitle, chapterTitle, lessonIndex, lessonCount }: { tutorialTitle: string; chapterTitle: string; lessonIndex: number; lessonCount: number }) {
  return (
    <p className={styles.where}>
      {tutorialTitle} · {chapterTitle} · Lesson {lessonIndex + 1} of {lessonCount}
    </p>
  );
}
