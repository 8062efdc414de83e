import { useSyncExternalStore } from 'react';
import { createSessionSync, type SessionState } from '@/lib/auth/session-sync';
import { logger } from '@/lib/logger';

/**
 * The browser's one session sync. Its error handler is configurable (spec §8): by default a
 * failed /api/login or /api/logout is logged; pages read the state to explain it.
 */
export const sessionSync = createSessionSync({
  onError: (error) => logger.error('auth: session request failed', error),
});

export const configureSessionErrorHandler = sessionSync.setErrorHandler;

const serverState: SessionState = { status: 'unknown', uid: null, error: null };

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionSync.subscribe, sessionSync.getState, () => serverState);
}
