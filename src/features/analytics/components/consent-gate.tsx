import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { currentConsent } from '@/lib/analytics/track';
import { whenIdle } from '@/lib/when-idle';

/**
 * Mounted on every page: asks for consent (lazily loading the banner) while the visitor has not
 * answered. The cookie settings page asks in its own words, so the banner stays away there.
 */
export function ConsentGate() {
  const { pathname } = useRouter();
  const onSettingsPage = pathname === '/web/cookies';
  useEffect(() => {
    if (onSettingsPage || currentConsent().decided) return;
    return whenIdle(() => void import('./consent-manager').then((module) => module.startConsentManager({ autoShow: true })));
  }, [onSettingsPage]);
  return null;
}
