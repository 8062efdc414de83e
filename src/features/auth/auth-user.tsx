import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { COURSE_ENGINEER, rolesFromClaims } from '@/domain/identity/roles';
import { AuthUserContext, type AuthUser } from './auth-user-context';
import type { FirebaseUserSnapshot } from './firebase-session';
import { sessionSync } from './session/session-store';
import { whenIdle } from '@/lib/when-idle';
import { tokenIsFresh } from '@/domain/auth/token-lifetime';
import { isJsonObject, parseJsonObject } from '@/domain/json/json-object';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The user the server rendered with (next-firebase-auth's withUserTokenSSR), including its ID
 * token. Checked by hand rather than with zod to keep the validator out of every page's first load.
 */
export function parseSerializedUser(serialized: string | undefined): (FirebaseUserSnapshot & { token: string | null }) | null {
  const data = parseJsonObject(serialized);
  if (!data) return null;
  const id = text(data.id);
  if (!id) return null;
  const claims = isJsonObject(data.claims) ? data.claims : {};
  return { id, email: text(data.email), displayName: text(data.displayName), claims, token: text(data._token) };
}

function waitForSignedOut(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const { status } = sessionSync.getState();
      if (status === 'signed-out' || status === 'error') {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = sessionSync.subscribe(check);
    check();
  });
}

/** Events that show a learner is using the page: Firebase starts on the first of them. */
const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/** At the latest, Firebase starts this long after the page (a page left open still follows the user). */
const FIREBASE_LATEST_START_MS = 20_000;

/**
 * Mounted once in _app. Starts from the user the server rendered with, then loads the Firebase
 * client in the background (its own chunk, outside every page's first load), follows the signed-in
 * user and keeps the session cookie in step (spec §7). Provides useAuthUser().
 *
 * When: a visitor's page, or a signed-in page whose server token is nearly spent, starts Firebase
 * once the page is idle. A signed-in page with a fresh server token needs nothing from it at first
 * (API calls use that token), so Firebase starts when something needs it (a token the server's can
 * no longer give, a page whose auth policy waits for the session: AuthGate asks), when the learner
 * starts using the page or comes back to its tab, and after 20 s at the latest. Its ~80 KB, its
 * token callback and the re-render it causes then never compete with the page's start.
 */
export function AuthUserProvider({ userSerialized, children }: { userSerialized?: string; children: ReactNode }) {
  const fromServer = useMemo(() => parseSerializedUser(userSerialized), [userSerialized]);
  const [state, setState] = useState<{ user: FirebaseUserSnapshot | null; initialized: boolean }>({ user: fromServer, initialized: false });
  const firebaseUser = useRef<User | null>(null);
  const serverToken = useRef<string | null>(fromServer?.token ?? null);
  serverToken.current = fromServer?.token ?? serverToken.current;
  // Starts Firebase (once); resolves when it has reported the signed-in user for the first time.
  // Asked before the effect below has run (children's effects run first: AuthGate's), it notes the
  // request, which the effect then starts.
  const early = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  const startClient = useRef<() => Promise<void>>(() => {
    if (!early.current) {
      let resolve = () => undefined as void;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      early.current = { promise, resolve };
    }
    return early.current.promise;
  });

  useEffect(() => {
    let stop = () => undefined as void;
    let cancelled = false;
    let started: Promise<void> | null = null;
    let cancelIdle = () => undefined as void;
    const cleanups: (() => void)[] = [];
    const start = () => {
      started ??= new Promise<void>((reported) => {
        cleanups.forEach((cleanup) => cleanup());
        void import('./firebase-session').then(({ watchFirebaseUser }) => {
          if (cancelled) return;
          stop = watchFirebaseUser(async (snapshot, user) => {
            firebaseUser.current = user;
            if (!user) serverToken.current = null;
            setState({ user: snapshot, initialized: true });
            reported();
            await sessionSync.handleTokenChange({ id: snapshot?.id ?? null, getIdToken: () => (user ? user.getIdToken() : Promise.resolve(null)) });
          });
        });
      });
      return started;
    };
    startClient.current = start;
    const startWhenIdle = () => {
      cancelIdle();
      cancelIdle = whenIdle(() => void start());
    };
    if (early.current) {
      const { resolve } = early.current;
      void start().then(resolve);
    } else if (!fromServer || !tokenIsFresh(fromServer.token, Date.now())) {
      // Nothing on a page waits for it, so it never competes with first paint or hydration.
      startWhenIdle();
    } else {
      const listen = (target: EventTarget, type: string, handler: () => void) => {
        target.addEventListener(type, handler, { capture: true, passive: true, once: true });
        cleanups.push(() => target.removeEventListener(type, handler, { capture: true }));
      };
      ENGAGEMENT_EVENTS.forEach((type) => listen(window, type, startWhenIdle));
      listen(document, 'visibilitychange', () => {
        if (document.visibilityState === 'visible') startWhenIdle();
      });
      const latest = setTimeout(startWhenIdle, FIREBASE_LATEST_START_MS);
      cleanups.push(() => clearTimeout(latest));
    }
    return () => {
      cancelled = true;
      cancelIdle();
      cleanups.forEach((cleanup) => cleanup());
      stop();
    };
    // The server user only decides when to start: one start per page life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const getIdToken = useCallback(async (forceRefresh?: boolean) => {
    if (firebaseUser.current) return firebaseUser.current.getIdToken(forceRefresh);
    if (!forceRefresh && tokenIsFresh(serverToken.current, Date.now())) return serverToken.current;
    // The server's token is spent (or a fresh one is asked for): Firebase gives the next one.
    await startClient.current();
    return firebaseUser.current ? (firebaseUser.current as User).getIdToken(forceRefresh) : null;
  }, []);

  const needClient = useCallback(() => void startClient.current(), []);

  const id = state.user?.id ?? null;
  const signOut = useCallback(async () => {
    sessionSync.beginSignOut();
    if (id && firebaseUser.current) {
      const done = waitForSignedOut();
      const { signOutOfFirebase } = await import('./firebase-session');
      await signOutOfFirebase();
      await done;
    } else {
      // Firebase not followed yet (it starts when the page is idle) or not signed in there (or an
      // earlier attempt failed half-way): make sure the browser's Firebase user is gone too, so it
      // cannot bring the session back, then clear the server session directly.
      if (id) await import('./firebase-session').then(({ signOutOfFirebase }) => signOutOfFirebase()).catch(() => undefined);
      await sessionSync.handleTokenChange({ id: null, getIdToken: async () => null });
    }
    const { status, error } = sessionSync.getState();
    if (status === 'error') throw error ?? new Error('Signing out did not finish.');
  }, [id]);

  const value = useMemo<AuthUser>(() => {
    const roles = rolesFromClaims(state.user?.claims ?? {});
    return {
      id,
      email: state.user?.email ?? null,
      displayName: state.user?.displayName ?? null,
      roles,
      isCourseEngineer: roles.includes(COURSE_ENGINEER),
      clientInitialized: state.initialized,
      needClient,
      getIdToken,
      signOut,
    };
  }, [id, state, getIdToken, signOut, needClient]);

  return <AuthUserContext.Provider value={value}>{children}</AuthUserContext.Provider>;
}

export { useAuthUser, type AuthUser } from './auth-user-context';
