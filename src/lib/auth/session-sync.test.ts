import { installErrorSink, resetErrorReporting, type ErrorContext } from '@/lib/monitoring/report-error';
import { createSessionSync, SessionRequestError } from './session-sync';

function fakeFetch(status: number, body = '') {
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status }));
}

const user = { id: 'u1', getIdToken: async () => 'id-token' };

describe('session sync', () => {
  it('posts the ID token to /api/login with credentials and becomes active', async () => {
    const fetch = fakeFetch(200, '{"status":true}');
    const sync = createSessionSync({ fetch });
    await sync.handleTokenChange(user);
    expect(fetch).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      headers: { Authorization: 'Bearer id-token' },
      credentials: 'include',
    });
    expect(sync.getState()).toEqual({ status: 'active', uid: 'u1', error: null });
  });

  it('posts to /api/logout with credentials when the user is gone', async () => {
    const fetch = fakeFetch(200);
    const sync = createSessionSync({ fetch });
    await sync.handleTokenChange({ id: null, getIdToken: async () => null });
    expect(fetch).toHaveBeenCalledWith('/api/logout', { method: 'POST', headers: {}, credentials: 'include' });
    expect(sync.getState().status).toBe('signed-out');
  });

  it('passes a non-OK answer to the error handler with status and body', async () => {
    const onError = jest.fn();
    const sync = createSessionSync({ fetch: fakeFetch(500, '{"error":"boom"}'), onError });
    await sync.handleTokenChange(user);
    const error = onError.mock.calls[0]?.[0] as SessionRequestError;
    expect(error).toBeInstanceOf(SessionRequestError);
    expect(error.status).toBe(500);
    expect(error.body).toBe('{"error":"boom"}');
    expect(sync.getState().status).toBe('error');
  });

  it('notifies subscribers and lets a newer change win', async () => {
    const sync = createSessionSync({ fetch: fakeFetch(200) });
    const listener = jest.fn();
    sync.subscribe(listener);
    await Promise.all([sync.handleTokenChange(user), sync.handleTokenChange({ id: null, getIdToken: async () => null })]);
    expect(sync.getState().status).toBe('signed-out');
    expect(listener).toHaveBeenCalled();
  });

  it('keeps the signing-out state until the logout settles', async () => {
    const sync = createSessionSync({ fetch: fakeFetch(200) });
    sync.beginSignOut();
    const pending = sync.handleTokenChange({ id: null, getIdToken: async () => null });
    expect(sync.getState().status).toBe('signing-out');
    await pending;
    expect(sync.getState().status).toBe('signed-out');
  });

  it.each([200, 500])('reads the answer body to the end (status %d), so no request stays open', async (status) => {
    const response = new Response('{"status":true}', { status });
    const sync = createSessionSync({ fetch: jest.fn(async () => response), onError: () => undefined });
    await sync.handleTokenChange(user);
    expect(response.bodyUsed).toBe(true);
  });

  it('reports a failed session request by default (logged, then to the error tracker)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reports: { error: unknown; context: ErrorContext }[] = [];
    installErrorSink((error, context) => reports.push({ error, context }));
    try {
      const sync = createSessionSync({ fetch: fakeFetch(503, '{"message":"starting"}') });
      await sync.handleTokenChange(user);
      expect(reports).toEqual([{ error: expect.any(SessionRequestError), context: { area: 'auth', message: 'auth: session request failed' } }]);
      expect(logged).toHaveBeenCalledWith('[codetrail] auth: session request failed', expect.any(SessionRequestError));
    } finally {
      resetErrorReporting();
      logged.mockRestore();
    }
  });
});
