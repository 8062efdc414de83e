import { useEffect, useState, type FormEvent } from 'react';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { consentSavedMessage } from '@/domain/analytics/consent';
import { currentConsent } from '@/lib/analytics/track';
import { Alert, Button, Card, Container, PageHeading, PageLead, Stack } from '@/ui';
import { Link } from '@/ui/link';
import styles from './cookie-settings-view.module.css';

type Choice = 'analytics' | 'marketing';

const CHOICES: { id: Choice; title: string; body: string }[] = [
  {
    id: 'analytics',
    title: 'Analytics',
    body: 'Which lessons are started, passed or skipped. Kept for 30 days so our course engineers can fix the lessons people get stuck on, and sent to our product analytics service when we use one. An anonymous id lasts one day.',
  },
  {
    id: 'marketing',
    title: 'Marketing',
    body: 'Measures the sign-ups and purchases that come from our ads, and lets our learning-reminder emails follow your progress.',
  },
];

/**
 * /web/cookies: the visitor's cookie choices, open to everyone (signed in or not). Strictly
 * necessary cookies are listed but cannot be switched off; the rest start off until chosen.
 */
export default function CookieSettingsView() {
  const [chosen, setChosen] = useState<Set<Choice> | null>(null);
  const [decided, setDecided] = useState(false);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'unconfirmed' | 'failed'>('idle');
  const [confirmation, setConfirmation] = useState('');
  const router = useRouter();

  useEffect(() => {
    if (router.query.saved !== '1') return;
    // Back from the fresh start that unloads Tag Manager: the choice is saved; ask the server again (it is idempotent) for the words.
    void import('../components/consent-applier').then(({ applyConsentOnServer }) => applyConsentOnServer()).then((applied) => {
      if (applied) setConfirmation(consentSavedMessage(applied));
      setState(applied ? 'saved' : 'unconfirmed');
    });
  }, [router.query.saved]);

  useEffect(() => {
    const consent = currentConsent();
    setDecided(consent.decided);
    setChosen(new Set(CHOICES.map((choice) => choice.id).filter((id) => consent.granted.has(id))));
  }, []);

  function toggle(id: Choice, on: boolean) {
    setState('idle');
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function save(event: FormEvent, categories: Choice[]) {
    event.preventDefault();
    setState('saving');
    try {
      const { marketingScriptsLoaded, saveConsent } = await import('../components/consent-manager');
      const applied = await saveConsent(categories);
      // Tag Manager, once started, stays until the page is left: start afresh without it.
      if (!categories.includes('marketing') && marketingScriptsLoaded()) return window.location.replace('/web/cookies?saved=1');
      setChosen(new Set(categories));
      setDecided(true);
      if (applied) setConfirmation(consentSavedMessage(applied));
      setState(applied ? 'saved' : 'unconfirmed');
    } catch {
      setState('failed');
    }
  }

  return (
    <Container>
      <Head>
        <title>Cookie settings · Codetrail</title>
      </Head>
      <main id="main" className={styles.page}>
        <Stack gap={5}>
          <PageHeading kicker="Privacy" title="Cookie settings" />
          <PageLead>
            Choose what Codetrail may measure. Nothing beyond the strictly necessary is stored or sent until you say yes, and you can change your mind here at any time.
          </PageLead>
          {!decided && chosen && <Alert kind="info">You have not chosen yet: only strictly necessary cookies are in use.</Alert>}
          <form onSubmit={(event) => void save(event, [...(chosen ?? [])])}>
            <Stack gap={4}>
              <Card as="section" aria-labelledby="cookies-necessary">
                <div className={styles.row}>
                  <div>
                    <h2 id="cookies-necessary" className={styles.title}>
                      Strictly necessary
                    </h2>
                    <p className={styles.body}>Your session, your saved progress, your active track and this choice. Codetrail cannot work without them.</p>
                  </div>
                  <span className={styles.always}>Always on</span>
                </div>
              </Card>
              {CHOICES.map((choice) => (
                <Card as="section" key={choice.id} aria-labelledby={`cookies-${choice.id}`}>
                  <div className={styles.row}>
                    <div>
                      <h2 id={`cookies-${choice.id}`} className={styles.title}>
                        {choice.title}
                      </h2>
                      <p className={styles.body} id={`cookies-${choice.id}-body`}>
                        {choice.body}
                      </p>
                    </div>
                    <label className={styles.toggle}>
                      <input
                        type="checkbox"
                        role="switch"
                        disabled={!chosen}
                        checked={chosen?.has(choice.id) ?? false}
                        aria-describedby={`cookies-${choice.id}-body`}
                        onChange={(event) => toggle(choice.id, event.target.checked)}
                      />
                      <span>Allow {choice.title.toLowerCase()}</span>
                    </label>
                  </div>
                </Card>
              ))}
              <div className={styles.actions}>
                <Button type="submit" disabled={!chosen || state === 'saving'}>
                  Save my choices
                </Button>
                <Button type="button" variant="secondary" disabled={state === 'saving'} onClick={(event) => void save(event, [])}>
                  Necessary only
                </Button>
                <Button type="button" variant="secondary" disabled={state === 'saving'} onClick={(event) => void save(event, ['analytics', 'marketing'])}>
                  Accept all
                </Button>
              </div>
              <div aria-live="polite">
                {state === 'saved' && <Alert kind="success">{confirmation}</Alert>}
                {state === 'unconfirmed' && (
                  <Alert kind="error">Your choice is saved on this device, but Codetrail could not be reached to apply it everywhere. Check your connection and save again.</Alert>
                )}
                {state === 'failed' && <Alert kind="error">Your choice could not be saved. Check that this browser accepts cookies and try again.</Alert>}
              </div>
              <p className={styles.body}>
                <Link href="/">Back to Codetrail</Link>
              </p>
            </Stack>
          </form>
        </Stack>
      </main>
    </Container>
  );
}
