import { useRouter } from 'next/router';
import { userMessageOf } from '@/lib/errors/user-message';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuthUser } from '@/features/auth';
import { afterCelebrations, nextScreenUrl, parseAfterLessonQuery } from '@/lib/progress/progress-paths';
import { Alert, Button, ButtonLink, Spinner, Stack } from '@/ui';
import { useProgressEndpoints, useStoreSummary } from '../api/progress-queries';
import { ProgressShell } from '../components/progress-shell';
import { browserTimeZone, readPendingCompletions, removePendingCompletions } from '../pending/pending-completions';
import styles from './views.module.css';

/**
 * /web/syncProgress: sends any lessons passed offline (with their own time stamps), then picks
 * the next screen: the streak if today's first lesson extended it, the daily goal if it was just
 * reached, else back into the path.
 */
export default function SyncProgressView() {
  const router = useRouter();
  const user = useAuthUser();
  const endpoints = useProgressEndpoints();
  const store = useStoreSummary();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const query = router.isReady ? parseAfterLessonQuery(router.query) : null;

  const sync = useCallback(async () => {
    if (!user.id || !query) return;
    setError(null);
    const pending = readPendingCompletions(user.id);
    try {
      const { results, summary } = await endpoints.sync(pending, browserTimeZone() ?? null);
      // Rejected ones (a lesson removed since) will never succeed: drop them too. Deferred ones
      // (the server failed) stay queued for the next sync.
      removePendingCompletions(user.id, results.filter((result) => result.status !== 'deferred').map((result) => result.lessonId));
      store(summary);
      const syncedXp = results.reduce((sum, result) => sum + (result.status === 'recorded' ? result.xpAwarded : 0), 0);
      const prevXPCount = Math.max(0, summary.xpToday - (query.earned ?? 0) - syncedXp);
      await router.replace(nextScreenUrl(query, summary.celebrationsDue, prevXPCount));
    } catch (caught) {
      setError(userMessageOf(caught, 'Your progress could not be synced.'));
    }
  }, [endpoints, query, router, store, user.id]);

  useEffect(() => {
    if (started.current || !user.id || !query) return;
    started.current = true;
    void sync();
  }, [query, sync, user.id]);

  return (
    <ProgressShell>
      <Stack gap={5} className={`${styles.page} ${styles.center}`}>
        {router.isReady && !query ? (
          <Alert kind="error">This link is missing the lesson it belongs to.</Alert>
        ) : error ? (
          <>
            <Alert kind="error">{error}</Alert>
            <p className={styles.muted}>Your lessons are safe on this device and will sync next time.</p>
            <div>
              <Button onClick={() => void sync()}>Try again</Button>{' '}
              {query && (
                <ButtonLink variant="secondary" href={afterCelebrations(query)}>
                  Continue without syncing
                </ButtonLink>
              )}
            </div>
          </>
        ) : (
          <>
            <Spinner />
            <p aria-live="polite">Saving your progress…</p>
          </>
        )}
      </Stack>
    </ProgressShell>
  );
}
