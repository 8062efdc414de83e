import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userMessageOf } from '@/lib/errors/user-message';
import { useState } from 'react';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type LessonReport, type ReportStatus } from '@/domain/feedback/lesson-report';
import { SignedInShell, useApiClient } from '@/features/auth';
import { feedbackEndpoints } from '@/lib/api-client/feedback-endpoints';
import { lessonRoutePrefix } from '@/lib/env/deployment';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { Card, LoadError, PageHeading, PageLead, Stack } from '@/ui';
import { Link } from '@/ui/link';
import styles from './reports-view.module.css';

const lessonHref = (report: LessonReport) => lessonPath({ routePrefix: lessonRoutePrefix(), trackId: report.trackId, tutorialId: report.tutorialId, chapterId: report.chapterId }, report.mode, report.lessonIndex ?? 0);
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

function ReportCard({ report }: { report: LessonReport }) {
  const client = useApiClient();
  const queries = useQueryClient();
  const change = useMutation({
    mutationFn: (status: ReportStatus) => feedbackEndpoints(client).setStatus(report.id, status),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['reports'] }),
  });
  const id = `report-${report.id}`;
  return (
    <Card as="article" aria-labelledby={id} className={styles.report}>
      <div className={styles.top}>
        <h2 id={id} className={styles.lesson}>
          {report.lessonIndex === null ? (
            `${report.trackId} / ${report.tutorialId} / ${report.chapterId} / ${report.lessonId} (no longer published)`
          ) : (
            <Link href={lessonHref(report)}>
              {report.trackId} / {report.tutorialId} / {report.chapterId} / {report.lessonId}
            </Link>
          )}
        </h2>
        <label className={styles.status}>
          Status
          <select value={report.status} disabled={change.isPending} onChange={(event) => change.mutate(event.target.value as ReportStatus)}>
            {REPORT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REPORT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className={styles.note}>{report.note}</p>
      <p className={styles.meta}>
        {report.reporter.name} · {when(report.createdAt)} · {report.mode} · {report.browser.viewport}
        {report.browser.theme ? ` · ${report.browser.theme}` : ''} · {report.browser.language}
      </p>
      {change.isError && <p role="alert">{userMessageOf(change.error, 'That did not work. Try again.')}</p>}
      {(report.files.length > 0 || report.output) && (
        <details className={styles.details}>
          <summary>Their code and output</summary>
          {report.files.map((file) => (
            <figure key={file.name} className={styles.file}>
              <figcaption>{file.name}</figcaption>
              <pre>{file.userContent}</pre>
            </figure>
          ))}
          {report.output && (
            <figure className={styles.file}>
              <figcaption>Output</figcaption>
              <pre>{report.output}</pre>
            </figure>
          )}
          <p className={styles.meta}>{report.browser.userAgent}</p>
        </details>
      )}
    </Card>
  );
}

/** /web/preview/reports (course engineers): lesson reports, newest first, by status. */
export default function ReportsView() {
  const client = useApiClient();
  const [status, setStatus] = useState<ReportStatus | null>('new');
  const reports = useQuery({ queryKey: ['reports', status], queryFn: () => feedbackEndpoints(client).list(status) });
  const counts = reports.data?.counts;
  return (
    <SignedInShell>
      <Stack gap={5}>
        <PageHeading kicker="Course engineering" title="Lesson reports">
          <PageLead>Problems learners reported from a lesson, with their code, the last output and their browser. Open the lesson, fix it, then mark the report.</PageLead>
        </PageHeading>
        <div className={styles.filters} role="group" aria-label="Show reports">
          {[null, ...REPORT_STATUSES].map((each) => (
            <button key={each ?? 'all'} type="button" className={styles.filter} aria-pressed={status === each} onClick={() => setStatus(each)}>
              {each ? REPORT_STATUS_LABELS[each] : 'All'}
              {counts && ` (${each ? counts[each] : REPORT_STATUSES.reduce((sum, key) => sum + counts[key], 0)})`}
            </button>
          ))}
        </div>
        {reports.isPending && <p aria-busy="true">Loading the reports…</p>}
        {reports.isError && <LoadError message={userMessageOf(reports.error, 'That did not work. Try again.')} onRetry={() => void reports.refetch()} />}
        {reports.data && reports.data.reports.length === 0 && <p>No reports here.</p>}
        {reports.data?.reports.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </Stack>
    </SignedInShell>
  );
}
