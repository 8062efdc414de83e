import { Button } from '@/ui';
import { PanelBoundary } from '../panel-boundary';
import styles from '../../views/lesson-view.module.css';

interface LessonHintsProps {
  hintsHtml: string[];
  shown: number;
  passed: boolean;
  onShowHint: () => void;
}

/** The hints opened so far, and a button for the next until the lesson is passed. */
export function LessonHints({ hintsHtml, shown, passed, onShowHint }: LessonHintsProps) {
  return (
    <PanelBoundary name="The hints">
      <section className={styles.hints} aria-label="Hints">
        <ol className={styles.hintList}>
          {hintsHtml.slice(0, shown).map((hint, index) => (
            <li key={index} dangerouslySetInnerHTML={{ __html: hint }} />
          ))}
        </ol>
        {shown < hintsHtml.length && !passed && (
          <Button variant="ghost" size="sm" onClick={onShowHint}>
            {shown === 0 ? 'Show a hint' : 'Show another hint'}
          </Button>
        )}
      </section>
    </PanelBoundary>
  );
}
