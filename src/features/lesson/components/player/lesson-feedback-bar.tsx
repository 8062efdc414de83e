import type { ReactNode, Ref } from 'react';
import { Alert, Button } from '@/ui';
import type { Feedback } from '../../model/attempt';
import type { CompletionOutcome } from '../../model/lesson-controller';
import { PanelBoundary } from '../panel-boundary';
import styles from '../../views/lesson-view.module.css';

interface LessonFeedbackBarProps {
  feedback: Feedback;
  /** Tutor mode's phrasing of the last miss. */
  tutorText: string | null;
  outcome: CompletionOutcome | null;
  /** The completion failed: this sentence, with Try again. */
  completionError: string | null;
  onRetry: () => void;
  /** Nothing to say and nothing to press: the bar takes no space. */
  quiet: boolean;
  /** The controller scrolls a wrong answer's verdict into view through it. */
  ref?: Ref<HTMLElement>;
  /** The bar's button (LessonActions). */
  children?: ReactNode;
}

/** The verdict bar under the lesson: the verdict, the completion's outcome or error, and the button. */
export function LessonFeedbackBar({ feedback, tutorText, outcome, completionError, onRetry, quiet, ref, children }: LessonFeedbackBarProps) {
  return (
    <PanelBoundary name="The feedback">
      <footer ref={ref} className={styles.footer} data-state={feedback?.kind ?? 'idle'} data-quiet={quiet || undefined}>
        <div className={styles.feedback} role="status" aria-live="polite">
          {feedback && <p>{feedback.text}</p>}
          {tutorText && <p className={styles.tutor}>Tutor: {tutorText}</p>}
        </div>
        {outcome?.offline && <Alert kind="info">We could not reach the server. This lesson is saved on this device and will sync when you are back online.</Alert>}
        {outcome?.restoreNote && <Alert kind={outcome.restoreNote.kind}>{outcome.restoreNote.text}</Alert>}
        {outcome?.response && outcome.response.xpAwarded > 0 && (
          <p className={styles.xpGain} aria-live="polite">
            +{outcome.response.xpAwarded} XP
          </p>
        )}
        {completionError && (
          <Alert kind="warning">
            {completionError}{' '}
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        )}
        {children}
      </footer>
    </PanelBoundary>
  );
}
