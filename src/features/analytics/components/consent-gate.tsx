import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { currentConsent } from '@/lib/analytics/track';
import { ConsentBanner, type ConsentAnswer } from './consent-banner';

/** What each answer of the banner grants. */
const GRANTED: Record<Exclude<ConsentAnswer, 'choose'>, ('analytics' | 'marketing')[]> = { all: ['analytics', 'marketing'], necessary: [] };

/**
 * Mounted on every page: shows the consent banner while the visitor has not answered (read from
 * the consent cookie once the page has hydrated: the server render never shows it). The cookie
 * settings page asks in its own words, so the banner stays away there. An answer that cannot be
 * saved leaves the banner up to answer again.
 */
export function ConsentGate() {
  const { pathname } = useRouter();
  const onSettingsPage = pathname === '/web/cookies';
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<ConsentAnswer | null>(null);
  useEffect(() => {
    setAsking(!onSettingsPage && !currentConsent().decided);
  }, [onSettingsPage]);

  async function answer(choice: ConsentAnswer) {
    setBusy(choice);
    try {
      const manager = await import('./consent-manager');
      if (choice === 'choose') {
        const { closed } = await manager.openPreferences();
        // The banner waits under the dialog, its buttons ready for the focus the dialog gives back.
        setBusy(null);
        await closed;
      } else await manager.saveConsent(GRANTED[choice]);
    } catch {
      // Not saved (the library could not load): the banner stays and asks again.
    } finally {
      setBusy(null);
      setAsking(!currentConsent().decided);
    }
  }

  return asking ? <ConsentBanner busy={busy} onAnswer={(choice) => void answer(choice)} /> : null;
}
