import { reportError } from '@/lib/monitoring/report-error';

/**
 * Keeps the server session cookie in step with the Firebase client (spec §7): when the
 * signed-in user changes, POST /api/login with the ID token in the Authorization header;
 * when the user is gone, POST /api/logout. Both include credentials. A non-OK answer becomes
 * a SessionRequestError with status and body, handed to the configured error handler
 * (reportSessionError unless another is configured).
 */

export const LOGIN_API_ENDPOINT = '/api/login';
export const LOGOUT_API_ENDPOINT = '/api/logout';

export class SessionRequestError extends Error {
  override name = 'SessionRequestError';
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`Session request to ${endpoint} failed with status ${status}: ${body}`);
  }
}

/**
 * The default error handler: logged as before and reported like every other failure
 * (docs/monitoring.md); the error's message names the endpoint and the status.
 */
export function reportSessionError(error: Error): void {
  reportError(error, { area: 'auth', message: 'auth: session request failed' });
}

export type SessionStatus = 'unknown' | 'syncing' | 'active' | 'signed-out' | 'signing-out' | 'error';

export interface SessionState {
  status: SessionStatus;
  /** The user the server session belongs to (when active) or is being made for (when syncing). */
  uid: string | null;
  error: Error | null;
}

export interface TokenUser {
  id: string | null;
  getIdToken: () => Promise<string | null>;
}

export interface SessionSyncOptions {
  fetch?: typeof fetch;
  onError?: (error: Error) => void;
}

export function createSessionSync(options: SessionSyncOptions = {}) {
  let state: SessionState = { status: 'unknown', uid: null, error: null };
  const listeners = new Set<() => void>();
  let onError = 'onError' in options ? options.onError : reportSessionError;
  // Only the newest token change may settle the state.
  let generation = 0;

  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  async function post(endpoint: string, headers: Record<string, string>): Promise<void> {
    const doFetch = options.fetch ?? fetch;
    const response = await doFetch(endpoint, { method: 'POST', headers, credentials: 'include' });
    // Always read the body: an unread one holds the connection open, and the page never goes
    // network-idle (Lighthouse could not finish a lesson page).
    const body = await response.text().catch(() => '');
    if (!response.ok) throw new SessionRequestError(endpoint, response.status, body);
  }

  async function handleTokenChange(user: TokenUser): Promise<void> {
    generation += 1;
    const mine = generation;
    try {
      if (user.id) {
        set({ status: 'syncing', uid: user.id, error: null });
        const token = await user.getIdToken();
        if (!token) throw new Error('The signed-in user has no ID token.');
        await post(LOGIN_API_ENDPOINT, { Authorization: `Bearer ${token}` });
        if (mine === generation) set({ status: 'active', uid: user.id, error: null });
      } else {
        if (state.status !== 'signing-out') set({ status: 'syncing', uid: null, error: null });
        await post(LOGOUT_API_ENDPOINT, {});
        if (mine === generation) set({ status: 'signed-out', uid: null, error: null });
      }
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (mine === generation) set({ status: 'error', uid: user.id, error });
      onError?.(error);
    }
  }

  return {
    handleTokenChange,
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Marks a sign-out as started so pages hold still until the logout request settles. */
    beginSignOut: () => set({ status: 'signing-out', uid: null, error: null }),
    setErrorHandler(handler: ((error: Error) => void) | undefined) {
      onError = handler;
    },
  };
}

export type SessionSync = ReturnType<typeof createSessionSync>;
