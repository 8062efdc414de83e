import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { AuthUserProvider, useAuthUser } from './auth-user';

/**
 * When the Firebase client starts (auth-user.tsx): at once on idle for visitors and spent tokens;
 * for a signed-in page with a fresh server token, only when something needs it or the learner
 * starts using the page. Firebase itself is replaced here (its behaviour is covered by the e2e
 * journeys against the Auth emulator); what is tested is the provider's scheduling.
 */
const watchFirebaseUser = jest.fn();
jest.mock('./firebase-session', () => ({
  watchFirebaseUser: (...args: unknown[]) => watchFirebaseUser(...args),
  signOutOfFirebase: async () => undefined,
}));

const jwt = (secondsLeft: number) => `h.${Buffer.from(JSON.stringify({ exp: Date.now() / 1000 + secondsLeft })).toString('base64url')}.s`;
const serialized = (token: string) => JSON.stringify({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', claims: {}, _token: token });
const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));

beforeEach(() => {
  watchFirebaseUser.mockReset();
  // Firebase reports the signed-in user with a fresh token of its own.
  watchFirebaseUser.mockImplementation((onChange: (snapshot: unknown, user: unknown) => Promise<void>) => {
    void onChange({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', claims: {} }, { getIdToken: async () => 'from-firebase' });
    return () => undefined;
  });
  global.fetch = jest.fn(async () => new Response('{}')) as typeof fetch;
});

let captured: ReturnType<typeof useAuthUser> | null = null;
function Probe({ need = false }: { need?: boolean }) {
  const user = useAuthUser();
  captured = user;
  const { needClient } = user;
  useEffect(() => {
    if (need) needClient();
  }, [need, needClient]);
  return null;
}

describe('AuthUserProvider starts Firebase', () => {
  it('for a visitor, once the page is idle', async () => {
    render(<AuthUserProvider><Probe /></AuthUserProvider>);
    await waitFor(() => expect(watchFirebaseUser).toHaveBeenCalledTimes(1));
  });

  it('for a signed-in page whose server token is nearly spent, once the page is idle', async () => {
    render(<AuthUserProvider userSerialized={serialized(jwt(120))}><Probe /></AuthUserProvider>);
    await waitFor(() => expect(watchFirebaseUser).toHaveBeenCalledTimes(1));
  });

  it('for a signed-in page with a fresh token: not at idle, but on the learner’s first press, and only once', async () => {
    render(<AuthUserProvider userSerialized={serialized(jwt(3600))}><Probe /></AuthUserProvider>);
    await idle();
    expect(watchFirebaseUser).not.toHaveBeenCalled();
    // API calls meanwhile use the server's token.
    await expect(captured?.getIdToken()).resolves.toMatch(/^h\./);
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
      window.dispatchEvent(new Event('keydown'));
    });
    await waitFor(() => expect(watchFirebaseUser).toHaveBeenCalledTimes(1));
    await idle();
    expect(watchFirebaseUser).toHaveBeenCalledTimes(1);
    await expect(captured?.getIdToken()).resolves.toBe('from-firebase');
  });

  it('for a signed-in page with a fresh token, when a fresh token is asked for', async () => {
    render(<AuthUserProvider userSerialized={serialized(jwt(3600))}><Probe /></AuthUserProvider>);
    await idle();
    await expect(captured?.getIdToken(true)).resolves.toBe('from-firebase');
    expect(watchFirebaseUser).toHaveBeenCalledTimes(1);
  });

  it('when a page asks for it before the provider’s own effect has run (AuthGate)', async () => {
    render(<AuthUserProvider userSerialized={serialized(jwt(3600))}><Probe need /></AuthUserProvider>);
    await waitFor(() => expect(watchFirebaseUser).toHaveBeenCalledTimes(1));
  });
});
