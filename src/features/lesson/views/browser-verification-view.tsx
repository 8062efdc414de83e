import { lessonRoutePrefix } from '@/lib/env/deployment';
import { userMessageOf } from '@/lib/errors/user-message';
import { Link } from '@/ui/link';
import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { SignedInShell, useApiClient } from '@/features/auth';
import type { RunResult } from '@/runner/run-types';
import { Alert, Button, Card, PageHeading, PageLead, Stack } from '@/ui';
import styles from './browser-verification-view.module.css';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { learningEndpoints, type TrackVerification } from '@/lib/api-client/learning-endpoints';
import { paths } from '@/domain/routing/paths';
import { reportRuntimeCrash } from '@/lib/monitoring/report-runtime-crash';

type Verification = TrackVerification;

interface Outcome {
  lessonId: string;
  title: string;
  href: string;
  solutionPasses: boolean;
  starterFails: boolean;
  detail: string;
  ms: number;
}

function describe(result: RunResult): string {
  if (result.status !== 'ran') return result.reason;
  if (result.error) return `${result.error.type}: ${result.error.message}`;
  const failed = result.checks.filter((check) => !check.passed).map((check) => `check ${check.index + 1}: ${check.message}`);
  return failed.join('; ');
}

/**
 * /web/preview/verify?track=<id>: for course engineers. Runs every code lesson of a published
 * track in this browser's own runtimes (Pyodide worker, JS worker, sandboxed page, sql.js): the
 * solution must pass and the starter must fail, as content:check proves in Node.
 */
export default function BrowserVerificationView({ tracks }: { tracks: { id: string; title: string }[] }) {
  const router = useRouter();
  const client = useApiClient();
  const trackId = typeof router.query.track === 'string' ? router.query.track : null;
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const runFor = useRef<string | null>(null);

  useEffect(() => {
    if (!trackId || runFor.current === trackId) return;
    runFor.current = trackId;
    setOutcomes([]);
    setTotal(null);
    setDone(false);
    setError(null);
    let cancelled = false;
    void (async () => {
      try {
        const data: Verification = await learningEndpoints(client).preview.verification(trackId);
        setTotal(data.lessons.length);
        const { createBrowserCheckEngine, onRuntimeCrash } = await import('@/runner/browser/browser-check-engine');
        onRuntimeCrash(reportRuntimeCrash);
        const engine = createBrowserCheckEngine(() => undefined);
        try {
          for (const lesson of data.lessons) {
            if (cancelled) return;
            const started = performance.now();
            const base = { lessonType: lesson.lessonType, checks: lesson.checks, seed: lesson.seed, checkSeed: lesson.checkSeed ?? null, stdin: lesson.input };
            const solved = await engine.run({ ...base, files: lesson.solution }, () => undefined);
            const starter = await engine.run({ ...base, files: lesson.starter }, () => undefined);
            const solutionPasses = solved.status === 'ran' && solved.passed;
            const starterFails = starter.status === 'ran' && !starter.passed;
            setOutcomes((current) => [
              ...current,
              {
                lessonId: lesson.lessonId,
                title: lesson.title,
                href: lessonPath({ routePrefix: lessonRoutePrefix(), trackId: data.trackId, tutorialId: lesson.tutorialId, chapterId: lesson.chapterId }, 'learn', 0),
                solutionPasses,
                starterFails,
                detail: !solutionPasses ? `Solution: ${describe(solved)}` : !starterFails ? 'The starter already passes every check.' : '',
                ms: Math.round(performance.now() - started),
              },
            ]);
          }
        } finally {
          engine.dispose();
        }
        if (!cancelled) setDone(true);
      } catch (caught) {
        setError(userMessageOf(caught, 'The verification could not run.'));
      }
    })();
    return () => {
      cancelled = true;
      runFor.current = null;
    };
  }, [client, trackId]);

  const failures = outcomes.filter((outcome) => !outcome.solutionPasses || !outcome.starterFails);
  return (
    <SignedInShell>
      <Stack gap={5} className={styles.page}>
        <PageHeading kicker="Course engineer tools" title="Verify code lessons in this browser">
          <PageLead>
            Runs each code lesson&apos;s solution and starter in the learner&apos;s runtimes. content:check proves the same in Node; this page proves the browser agrees.
          </PageLead>
        </PageHeading>
        <nav aria-label="Tracks" className={styles.tracks}>
          {tracks.map((track) => (
            <Link key={track.id} href={paths.previewVerify(track.id)} aria-current={track.id === trackId ? 'page' : undefined}>
              {track.title}
            </Link>
          ))}
        </nav>
        {error && (
          <Alert kind="error">
            {error}{' '}
            <Button size="sm" variant="secondary" onClick={() => router.reload()}>
              Try again
            </Button>
          </Alert>
        )}
        {trackId && total !== null && (
          <p role="status" data-testid="verify-summary" data-done={done || undefined} data-failures={failures.length}>
            {done ? 'Done: ' : 'Running: '}
            {outcomes.length - failures.length} of {total} code lessons verified in this browser
            {failures.length > 0 && `, ${failures.length} failing`}.
          </p>
        )}
        {outcomes.length > 0 && (
          <Card padding="sm">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Lesson</th>
                  <th scope="col">Solution passes</th>
                  <th scope="col">Starter fails</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {outcomes.map((outcome) => (
                  <tr key={outcome.lessonId} data-ok={(outcome.solutionPasses && outcome.starterFails) || undefined}>
                    <td>
                      <Link href={outcome.href}>{outcome.lessonId}</Link>
                      {outcome.detail && <div className={styles.detail}>{outcome.detail}</div>}
                    </td>
                    <td>{outcome.solutionPasses ? 'yes' : 'NO'}</td>
                    <td>{outcome.starterFails ? 'yes' : 'NO'}</td>
                    <td>{outcome.ms} ms</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </Stack>
    </SignedInShell>
  );
}
