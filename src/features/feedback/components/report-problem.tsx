import { useMutation } from '@tanstack/react-query';
import { userMessageOf } from '@/lib/errors/user-message';
import { useId, type FormEvent } from 'react';
import { MAX_REPORT_NOTE, MAX_REPORT_OUTPUT } from '@/domain/feedback/lesson-report';
import { useApiClient } from '@/features/auth';
import { feedbackEndpoints } from '@/lib/api-client/feedback-endpoints';
import { Alert, Button } from '@/ui';
import styles from './report-problem.module.css';
import type { ReportProblemProps } from './report-problem-props';

interface ReportProblemFormProps extends ReportProblemProps {
  /** The learner's note, kept by the opener so Cancel and opening again never lose it. */
  note: string;
  onNoteChange: (note: string) => void;
  onCancel: () => void;
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
 * The "Report a problem" form under a lesson (issue 16): a note, sent with what the learner sees —
 * their files, the last output and their browser — so a course engineer can reproduce it. A chunk
 * of its own, loaded when the learner opens it (ReportProblem in the feature's entry).
 */
export default function ReportProblemForm({ lesson, mode, snapshot, note, onNoteChange, onCancel }: ReportProblemFormProps) {
  const client = useApiClient();
  const id = useId();
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
        onChange={(event) => onNoteChange(event.target.value)}
        maxLength={MAX_REPORT_NOTE}
        rows={4}
        required
        autoFocus
        aria-describedby={`${id}-help`}
      />
      <p id={`${id}-help`} className={styles.help}>
        We send your code as it is now, the last output and your browser details with it.
      </p>
      {send.isError && <Alert kind="error">{userMessageOf(send.error, 'That did not work. Try again.')}</Alert>}
      <div className={styles.row}>
        <Button type="submit" size="sm" loading={send.isPending} disabled={note.trim().length === 0}>
          Send the report
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={send.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
