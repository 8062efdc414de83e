import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Alert, Button } from '@/ui';
import type { ReportProblemProps } from './report-problem-props';
import styles from './report-problem.module.css';

const loadForm = () => import('./report-problem');

function OpenButton({ loading = false, onOpen, onReach }: { loading?: boolean; onOpen?: () => void; onReach?: () => void }) {
  return (
    <Button variant="ghost" size="sm" className={styles.open} onClick={onOpen} onPointerEnter={onReach} onFocus={onReach} loading={loading}>
      Report a problem with this lesson
    </Button>
  );
}

/** The form's chunk could not load (offline): the button asks for it again. */
function FormUnavailable({ retry }: { retry?: () => void }) {
  return (
    <>
      <OpenButton onOpen={retry} />
      <Alert kind="error">The report form could not load. Check your connection and try again.</Alert>
    </>
  );
}

/** The form's chunk (its request, its schema): fetched when the learner reaches for the button, run when they open it. */
const ReportProblemForm = dynamic(loadForm, { ssr: false, loading: ({ error, retry }) => (error ? <FormUnavailable retry={retry} /> : <OpenButton loading />) });

/**
 * "Report a problem" under a lesson (issue 16). The button is part of the lesson page (rendered
 * on the server); the form is a chunk of its own, loaded when the learner opens it, so a lesson's
 * start never pays for it.
 */
export function ReportProblem(props: ReportProblemProps) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  if (!open) return <OpenButton onOpen={() => setOpen(true)} onReach={() => void loadForm()} />;
  return <ReportProblemForm {...props} note={note} onNoteChange={setNote} onCancel={() => setOpen(false)} />;
}
