import type { LessonMode } from '@/domain/lessons/lesson-mode';
import { PanelBoundary } from '../panel-boundary';
import styles from '../../views/lesson-view.module.css';

/** The lesson's title and its explanation (a challenge shows none). */
export function LessonIntro({ title, explanationHtml, mode }: { title: string; explanationHtml: string; mode: LessonMode }) {
  return (
    <>
      <h1 id="lesson-title" className={styles.title}>
        {title}
      </h1>
      <PanelBoundary name="The lesson text">
        {mode !== 'challenge' && <div className={styles.explanation} dangerouslySetInnerHTML={{ __html: explanationHtml }} />}
        {mode === 'challenge' && <p className={styles.challenge}>Challenge: no explanation, no hints. Show what you know.</p>}
      </PanelBoundary>
    </>
  );
}
