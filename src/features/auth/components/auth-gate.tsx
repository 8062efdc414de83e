import { useEffect, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { decidePageAuthState, loginUrl, PAGE_AUTH_POLICIES, type PageAuthPolicyName } from '@/domain/auth/page-auth-state';
import { PageLoader } from '@/ui';
import { useAuthUser } from '../auth-user';
import { useSessionState } from '../session/session-store';

interface AuthGateProps {
  policy: PageAuthPolicyName;
  /** Where a signed-in user is sent from pages that redirect to the app. */
  appDestination?: string;
  /** Keep showing the page while it finishes work of its own (e.g. saving the new name). */
  holdRedirect?: boolean;
  /** The page is signing the user out and will navigate itself: do not bounce to login. */
  signingOut?: boolean;
  children: ReactNode;
}

function isAbsolute(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** Renders a page's auth state: the page, a loader, nothing, or a redirect. */
export function AuthGate({ policy, appDestination = '/onboarding-check', holdRedirect = false, signingOut = false, children }: AuthGateProps) {
  const router = useRouter();
  const user = useAuthUser();
  const session = useSessionState();
  // A page that sends signed-in users on waits for the session the Firebase client keeps: start it.
  const waitsForSession = PAGE_AUTH_POLICIES[policy].whenAuthed !== 'render';
  const { needClient } = user;
  useEffect(() => {
    if (waitsForSession) needClient();
  }, [waitsForSession, needClient]);
  const state = decidePageAuthState(
    {
      isAuthed: user.id !== null,
      clientInitialized: user.clientInitialized,
      sessionReady: session.status === 'active' && session.uid === user.id && !holdRedirect,
      sessionFailed: session.status === 'error',
      signingOut: signingOut || session.status === 'signing-out',
    },
    PAGE_AUTH_POLICIES[policy],
  );

  useEffect(() => {
    if (state === 'redirect-to-app') {
      if (isAbsolute(appDestination)) window.location.assign(appDestination);
      else void router.replace(appDestination);
    } else if (state === 'redirect-to-login') {
      void router.replace(loginUrl(router.asPath));
    }
  }, [state, appDestination, router]);

  switch (state) {
    case 'render':
      return <>{children}</>;
    case 'nothing':
      return null;
    case 'loader':
      return <PageLoader message="Just a moment…" />;
    case 'redirect-to-app':
    case 'redirect-to-login':
      return <PageLoader message="Taking you there…" />;
  }
}
