import type { Ref } from 'react';
import { Button } from '@/ui';
import styles from '../../views/lesson-view.module.css';

interface LessonActionsProps {
  action: 'continue' | 'check';
  /** Check waits for an answer. */
  canCheck: boolean;
  onContinue: () => void;
  onCheck: () => void;
  /** The controller moves focus to Continue through it. */
  ref?: Ref<HTMLDivElement>;
}

/** The bar's one button: Check an answer, or Continue once the lesson is passed. */
export function LessonActions({ action, canCheck, onContinue, onCheck, ref }: LessonActionsProps) {
  return (
    <div ref={ref} className={styles.actions}>
      {action === 'continue' ? (
        <Button size="lg" onClick={onContinue}>
          Continue
        </Button>
      ) : (
        <Button size="lg" onClick={onCheck} disabled={!canCheck}>
          Check
        </Button>
      )}
    </div>
  );
}
