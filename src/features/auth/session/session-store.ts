import { useSyncExternalStore } from 'react';
import { createSessionSync, reportSessionError, type SessionState } from '@/lib/auth/session-sync';

/**
 * The browser's one session sync. Its error handler is configurable (spec §8): by default a
 * failed /api/login or /api/logout is logged and reported; pages read the state to explain it.
 */
export const sessionSync = createSessionSync({ onError: reportSessionError });

export const configureSessionErrorHandler = sessionSync.setErrorHandler;

const serverState: SessionState = { status: 'unknown', uid: null, error: null };

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionSync.subscribe, sessionSync.getState, () => serverState);
}
