import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { MAX_REPORT_NOTE, MAX_REPORT_OUTPUT } from '@/domain/feedback/lesson-report';
import { useApiClient } from '@/features/auth';
import { feedbackEndpoints } from '@/lib/api-client/feedback-endpoints';
import { Alert, Button } from '@/ui';
import styles from './report-problem.module.css';

export interface ReportProblemProps {
  lesson: { trackId: string; tutorialId: string; chapterId: string; lessonId: string };
  mode: 'learn' | 'challenge' | 'tutor';
  /** The learner's files as they are now, and the last run's output (read when the report is sent). */
  snapshot: () => { files: { name: string; userContent: string }[]; output: string };
}

function browserDetails() {
  const theme = document.documentElement.getAttribute('data-theme') ?? (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  return {
    userAgent: navigator.userAgent.slice(0, 500),
    language: (navigator.language || 'und').slice(0, 35),
    viewport: `${Math.min(99_999, window.innerWidth)}x${Math.min(99_999, window.innerHeight)}`,
    theme: theme === 'dark' ? ('dark' as const) : ('light' as const),
  };
}

/**
 * "Report a problem" under a lesson (issue 16): a note, sent with what the learner sees — their
 * files, the last output and their browser — so a course engineer can reproduce it.
 */
export default function ReportProblem({ lesson, mode, snapshot }: ReportProblemProps) {
  const client = useApiClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () => {
      const { files, output } = snapshot();
      return feedbackEndpoints(client).send({ ...lesson, mode, note, files, output: output.slice(-MAX_REPORT_OUTPUT), browser: browserDetails() });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim().length > 0) send.mutate();
  }

  if (send.isSuccess) {
    return (
      <p className={styles.thanks} role="status">
        Thank you. Your report is with our course engineers.
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="ghost" size="sm" className={styles.open} onClick={() => setOpen(true)}>
        Report a problem with this lesson
      </Button>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Report a problem
      </h2>
      <label htmlFor={`${id}-note`} className={styles.label}>
        What went wrong?
      </label>
      <textarea
        id={`${id}-note`}
        className={styles.note}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={MAX_REPORT_NOTE}
        rows={4}
        required
        autoFocus
        aria-describedby={`${id}-help`}
      />
      <p id={`${id}-help`} className={styles.help}>
        We send your code as it is now, the last output and your browser details with it.
      </p>
      {send.isError && <Alert kind="error">{send.error.message}</Alert>}
      <div className={styles.row}>
        <Button type="submit" size="sm" loading={send.isPending} disabled={note.trim().length === 0}>
          Send the report
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)} disabled={send.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
