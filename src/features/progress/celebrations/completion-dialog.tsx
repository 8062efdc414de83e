import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { completionCelebration, type CompletionCelebration } from '@/domain/progress/completion-celebration';
import type { PathSection } from '@/domain/progress/section-path';
import { FINISHED_CHAPTER_PARAM } from '@/lib/progress/progress-paths';
import { Button, CheckIcon, TrophyIcon } from '@/ui';
import { playCelebrationSound } from './celebration-sound';
import { Confetti } from './confetti';
import styles from './celebrations.module.css';

/**
 * The section page's celebration when the learner arrives from a finished chapter
 * (`?finished=<chapterId>`): "Chapter complete!" or, for a tutorial's last chapter, "Tutorial
 * complete!". The flag is dropped from the URL at once, so a reload or a shared link does not
 * celebrate again, and a flag for an unfinished chapter celebrates nothing.
 */
export function CompletionDialog({ sections }: { sections: readonly PathSection[] }) {
  const router = useRouter();
  const [celebration, setCelebration] = useState<CompletionCelebration | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!router.isReady) return;
    const finished = router.query[FINISHED_CHAPTER_PARAM];
    if (finished === undefined) return;
    setCelebration(completionCelebration(sections, typeof finished === 'string' ? finished : null));
    const { [FINISHED_CHAPTER_PARAM]: _dropped, ...rest } = router.query;
    void router.replace({ pathname: router.pathname, query: rest }, undefined, { shallow: true, scroll: false });
  }, [router, sections]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!celebration || !dialog) return;
    // showModal traps focus and closes on Escape; jsdom and old browsers fall back to `open`.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    playCelebrationSound(celebration.kind);
  }, [celebration]);

  if (!celebration) return null;
  const tutorial = celebration.kind === 'tutorial';
  const close = () => {
    dialogRef.current?.close();
    setCelebration(null);
  };

  return (
    <dialog ref={dialogRef} className={styles.dialog} aria-labelledby="completion-title" aria-describedby="completion-text" onClose={() => setCelebration(null)} data-testid="completion-dialog">
      <Confetti />
      <div className={styles.badge} data-kind={celebration.kind} aria-hidden="true">
        {tutorial ? <TrophyIcon /> : <CheckIcon />}
      </div>
      <h2 id="completion-title" className={styles.dialogTitle}>
        {tutorial ? 'Tutorial complete!' : 'Chapter complete!'}
      </h2>
      <p id="completion-text" className={styles.dialogText}>
        {tutorial
          ? `You finished every chapter of ${celebration.tutorialTitle}. That is a whole tutorial behind you.`
          : `You finished “${celebration.chapterTitle}”: ${celebration.chaptersDone} of ${celebration.chapters} chapters of ${celebration.tutorialTitle} done.`}
      </p>
      {celebration.next && <p className={styles.dialogNext}>Up next: {celebration.next.title}</p>}
      <Button size="lg" onClick={close} autoFocus>
        {tutorial ? 'On to the next one' : 'Keep going'}
      </Button>
    </dialog>
  );
}
