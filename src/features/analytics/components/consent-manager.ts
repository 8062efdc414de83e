import * as CookieConsent from 'vanilla-cookieconsent';
import { CONSENT_COOKIE, CONSENT_DAYS, CONSENT_REVISION } from '@/domain/analytics/consent';
import { ANALYTICS_ID_COOKIE } from '@/domain/analytics/constants';
import { setConsentCategories } from '@/lib/analytics/track';

/**
 * The consent banner and preferences dialog (vanilla-cookieconsent, docs/decisions.md). Loaded
 * only while a visitor has not answered, on the cookie settings page, or when asked to change the
 * choice: a visitor who has answered never downloads it. It keeps its record in CONSENT_COOKIE,
 * which the server reads too. Its stylesheet is served from /vendor (no CDN).
 */

const STYLESHEET = process.env.CODETRAIL_COOKIECONSENT_CSS ?? '';

/**
 * Resolves once the banner's stylesheet is in (or failed: the banner then shows unstyled rather
 * than never). Showing the banner before its styles would flash it unstyled, then hide it while
 * its entrance starts.
 */
function loadStylesheet(): Promise<void> {
  if (!STYLESHEET) return Promise.resolve();
  const existing = document.querySelector<HTMLLinkElement>('link[data-consent-styles]');
  if (existing?.sheet) return Promise.resolve();
  const link = existing ?? document.createElement('link');
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  if (!existing) {
    link.rel = 'stylesheet';
    link.href = STYLESHEET;
    link.dataset.consentStyles = '';
    document.head.appendChild(link);
  }
  return loaded;
}

let started: Promise<void> | null = null;
/** The cookie settings page saves without the reload that withdrawing marketing causes elsewhere (it reloads itself). */
let reloadOnWithdrawal = true;

/** While the banner shows, the page gets room below it, so nothing (a form's button) stays hidden behind it. */
function keepRoomFor(banner: HTMLElement): void {
  const root = document.documentElement;
  const measure = () => root.style.setProperty('--consent-banner-space', `${banner.offsetHeight}px`);
  measure();
  if (typeof ResizeObserver === 'function') new ResizeObserver(measure).observe(banner);
}

function report(): void {
  setConsentCategories(CookieConsent.getUserPreferences().acceptedCategories);
}

/** Starts the consent manager once per page; `autoShow` opens the banner when the visitor has not answered. */
export function startConsentManager({ autoShow }: { autoShow: boolean }): Promise<void> {
  started ??= loadStylesheet().then(() => CookieConsent.run({
    revision: CONSENT_REVISION,
    autoShow,
    hideFromBots: false,
    disablePageInteraction: false,
    cookie: {
      name: CONSENT_COOKIE,
      expiresAfterDays: CONSENT_DAYS,
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
      path: '/',
    },
    guiOptions: {
      consentModal: { layout: 'box inline', position: 'bottom left', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: { autoClear: { cookies: [{ name: ANALYTICS_ID_COOKIE }, { name: /^mp_/ }] } },
      marketing: { autoClear: { cookies: [{ name: /^_gcl/ }, { name: /^_ga/ }] }, },
    },
    onConsent: report,
    onModalReady: ({ modalName, modal }) => {
      // The banner lives outside the app's wrapper, which carries the self-hosted Inter: use the same font.
      const appFont = document.querySelector('.app-fonts');
      if (appFont) modal.closest<HTMLElement>('#cc-main')?.style.setProperty('--cc-font-family', getComputedStyle(appFont).fontFamily);
      if (modalName === 'consentModal') keepRoomFor(modal);
    },
    onChange: ({ changedCategories }) => {
      report();
      // A third-party script already running cannot be unloaded: start the page afresh without it.
      if (reloadOnWithdrawal && changedCategories.includes('marketing') && !CookieConsent.acceptedCategory('marketing') && marketingScriptsLoaded()) window.location.reload();
    },
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: {
            title: 'Cookies on Codetrail',
            description: 'Some cookies keep you signed in and your progress saved. May we also count how lessons are used and how our ads do? <a href="/web/cookies">Cookie settings</a>',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            showPreferencesBtn: 'Choose',
          },
          preferencesModal: {
            title: 'Cookie choices',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            savePreferencesBtn: 'Save my choices',
            closeIconLabel: 'Close',
            sections: [
              { title: 'Strictly necessary', description: 'Your session, your saved progress and this choice. Codetrail cannot work without them.', linkedCategory: 'necessary' },
              { title: 'Analytics', description: 'Which lessons are started, passed or skipped, kept for 30 days so course engineers can improve them, and in our product analytics service if we use one. An anonymous id lasts one day.', linkedCategory: 'analytics' },
              { title: 'Marketing', description: 'Measures sign-ups and purchases that come from our ads, and lets our learning-reminder emails follow your progress.', linkedCategory: 'marketing' },
            ],
          },
        },
      },
    },
  }));
  return started;
}

/** Whether Tag Manager was started in this page (it cannot be unloaded: withdrawing needs a fresh page). */
export function marketingScriptsLoaded(): boolean {
  return Array.isArray((window as Window & { dataLayer?: unknown }).dataLayer);
}

/** Records a choice made on the cookie settings page. */
export async function saveConsent(categories: readonly ('analytics' | 'marketing')[]): Promise<void> {
  await startConsentManager({ autoShow: false });
  reloadOnWithdrawal = false;
  try {
    CookieConsent.acceptCategory(['necessary', ...categories]);
  } finally {
    reloadOnWithdrawal = true;
  }
  CookieConsent.hide();
  report();
}
