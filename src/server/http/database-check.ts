/**
 * Whether the database answers, for /api/health. Health is polled by `npm start` as its readiness
 * probe and hammered by `npm run bench:api` as its baseline, so one answer serves every caller for
 * a second and concurrent callers share one `select 1`; a stuck database is reported after
 * `timeoutMs` rather than hanging the probe.
 */
export type DatabaseState = 'ok' | 'timeout' | 'error';

export interface DatabaseCheckOptions {
  ping: () => Promise<unknown>;
  timeoutMs?: number;
  freshForMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export function createDatabaseCheck({ ping, timeoutMs = 2000, freshForMs = 1000, now = Date.now, onError }: DatabaseCheckOptions): () => Promise<DatabaseState> {
  let inFlight: Promise<DatabaseState> | null = null;
  let last: { at: number; state: DatabaseState } | null = null;

  return async () => {
    if (last && now() - last.at < freshForMs) return last.state;
    // A ping still running (a stuck database) is waited on again, never piled up.
    const pinging = (inFlight ??= ping().then(
      () => 'ok' as const,
      (error: unknown) => {
        onError?.(error);
        return 'error' as const;
      },
    ));
    void pinging.finally(() => {
      if (inFlight === pinging) inFlight = null;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const state = await Promise.race([pinging, timeout]);
    clearTimeout(timer);
    last = { at: now(), state };
    return state;
  };
}
