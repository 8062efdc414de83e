import { useState, type ReactNode } from 'react';
import { leaveNotificationCookie } from '@/lib/cookies/notification-cookie-jar';
import { paths } from '@/domain/routing/paths';
import { Alert, AppShell, GearIcon, LockIcon, UserIcon, type AppNavLink } from '@/ui';
import { useAuthUser } from '../auth-user';
import { AuthGate } from './auth-gate';

/** Every signed-in page: the auth gate for protected pages plus the shared app shell. */
const ACCOUNT_LINKS = [
  { href: paths.profile(), label: 'Profile', icon: <UserIcon /> },
  { href: paths.settings(), label: 'Settings', icon: <GearIcon /> },
  { href: paths.cookieSettings(), label: 'Cookie settings', icon: <LockIcon /> },
];

export function SignedInShell({ children, nav, links }: { children: ReactNode; nav?: ReactNode; links?: readonly AppNavLink[] }) {
  const user = useAuthUser();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutFailed, setSignOutFailed] = useState(false);

  async function signOut() {
    setSigningOut(true);
    setSignOutFailed(false);
    try {
      await user.signOut();
    } catch {
      setSigningOut(false);
      setSignOutFailed(true);
      return;
    }
    leaveNotificationCookie({ route: '/', kind: 'info', message: 'You are signed out. See you soon!' });
    // A full load drops every cached query of the previous user.
    window.location.assign('/');
  }

  return (
    <AuthGate policy="protected" signingOut={signingOut}>
      <AppShell user={{ displayName: user.displayName, email: user.email }} onSignOut={signOut} signingOut={signingOut} nav={nav} links={links} menuLinks={ACCOUNT_LINKS}>
        {signOutFailed && <Alert kind="error">We could not finish signing you out. Check your connection and try again.</Alert>}
        {children}
      </AppShell>
    </AuthGate>
  );
}
