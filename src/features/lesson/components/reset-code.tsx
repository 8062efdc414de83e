import { useEffect, useId, useRef, useState } from 'react';
import { buttonClassName } from '@/ui';
import styles from './reset-code.module.css';

type Files = { name: string; content: string }[];

export interface ResetCodeProps {
  files: Files;
  starterFiles: Files;
  /** Replace the learner's files (reset, and undo of the reset). */
  onReplace: (files: Files) => void;
  disabled: boolean;
}

const sameFiles = (a: Files, b: Files) => a.length === b.length && a.every((file, index) => file.name === b[index]?.name && file.content === b[index]?.content);

/**
 * Reset code asks first, then offers Undo, so nothing typed is lost by a slip. Undo stays until the
 * learner types again (from then on their new code is the thing to keep).
 */
export function ResetCode({ files, starterFiles, onReplace, disabled }: ResetCodeProps) {
  const questionId = useId();
  const [confirming, setConfirming] = useState(false);
  const [before, setBefore] = useState<Files | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const resetRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const unchanged = sameFiles(files, starterFiles);
  const canUndo = before !== null && unchanged;

  /** Focus goes back to Reset code once it is shown again (it is not rendered while confirming). */
  const focusReset = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (focusReset.current) resetRef.current?.focus();
    focusReset.current = false;
  }, [confirming, before]);
  useEffect(() => {
    if (canUndo) undoRef.current?.focus();
  }, [canUndo]);

  function cancel() {
    focusReset.current = true;
    setConfirming(false);
  }

  return (
    <div className={styles.root}>
      {confirming ? (
        <div
          role="group"
          aria-labelledby={questionId}
          className={styles.confirm}
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
        >
          <span id={questionId}>Replace your code with the starter code?</span>
          <button
            ref={confirmRef}
            type="button"
            className={buttonClassName({ variant: 'danger', size: 'sm' })}
            onClick={() => {
              setBefore(files);
              setConfirming(false);
              onReplace(starterFiles);
            }}
          >
            Yes, reset
          </button>
          <button type="button" className={buttonClassName({ variant: 'ghost', size: 'sm' })} onClick={cancel}>
            Keep my code
          </button>
        </div>
      ) : (
        <button ref={resetRef} type="button" className={buttonClassName({ variant: 'ghost' })} onClick={() => setConfirming(true)} disabled={disabled || unchanged}>
          Reset code
        </button>
      )}
      <span role="status" className={styles.undo}>
        {canUndo && !confirming ? (
          <>
            <span>Code reset to the starter code.</span>
            <button
              ref={undoRef}
              type="button"
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              onClick={() => {
                if (before) onReplace(before);
                focusReset.current = true;
                setBefore(null);
              }}
            >
              Undo reset
            </button>
          </>
        ) : null}
      </span>
    </div>
  );
}
