import * as CookieConsent from 'vanilla-cookieconsent';
import { CONSENT_COOKIE, CONSENT_DAYS, CONSENT_REVISION } from '@/domain/analytics/consent';
import type { ConsentApplied } from '@/domain/analytics/consent';
import { ANALYTICS_ID_COOKIE } from '@/domain/analytics/constants';
import { setConsentCategories } from '@/lib/analytics/track';
import { applyConsentOnServer } from './consent-applier';

/**
 * The consent record and the preferences dialog (vanilla-cookieconsent, docs/decisions.md D79). The
 * first question is our own small banner (consent-banner.tsx); this module, the library and its
 * stylesheet load only when the visitor answers it, asks to choose, or uses the cookie settings
 * page: a visitor who has answered never downloads them. It keeps its record in CONSENT_COOKIE,
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
/** saveConsent tells the server itself (and waits for it); a choice made in the dialog is told here. */
let savingDirectly = false;

/** Who waits for the preferences dialog to close (openPreferences). */
const onPreferencesHidden: (() => void)[] = [];

function report(): void {
  setConsentCategories(CookieConsent.getUserPreferences().acceptedCategories);
}

/** A choice made in the library's dialog: the server expires what consent no longer covers. */
function reportAndApply(): void {
  report();
  if (!savingDirectly) void applyConsentOnServer();
}

/** Starts the consent manager once per page; it never shows its own banner (consent-banner.tsx asks). */
function startConsentManager(): Promise<void> {
  started ??= loadStylesheet().then(() => CookieConsent.run({
    revision: CONSENT_REVISION,
    autoShow: false,
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
    onConsent: reportAndApply,
    onModalReady: ({ modalName, modal }) => {
      // The banner lives outside the app's wrapper, which carries the self-hosted Inter: use the same font.
      const appFont = document.querySelector('.app-fonts');
      if (appFont && modalName === 'preferencesModal') modal.closest<HTMLElement>('#cc-main')?.style.setProperty('--cc-font-family', getComputedStyle(appFont).fontFamily);
    },
    onModalHide: ({ modalName }) => {
      if (modalName === 'preferencesModal') onPreferencesHidden.splice(0).forEach((resolve) => resolve());
    },
    onChange: ({ changedCategories }) => {
      reportAndApply();
      // A third-party script already running cannot be unloaded: start the page afresh without it.
      if (reloadOnWithdrawal && changedCategories.includes('marketing') && !CookieConsent.acceptedCategory('marketing') && marketingScriptsLoaded()) window.location.reload();
    },
    language: {
      default: 'en',
      translations: {
        en: {
          // Never shown: our own banner (consent-banner.tsx) asks the first question.
          consentModal: {},
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

/**
 * Opens the preferences dialog (the banner's "Choose") once the library is in; `closed` resolves
 * when the dialog closes, answered or not (the banner then asks again if nothing was chosen).
 */
export async function openPreferences(): Promise<{ closed: Promise<void> }> {
  await startConsentManager();
  const closed = new Promise<void>((resolve) => onPreferencesHidden.push(resolve));
  CookieConsent.showPreferences();
  return { closed };
}

/**
 * Records a choice made on the banner or the cookie settings page, then has the server apply it
 * (the experiment bucket cookie is HttpOnly: only the server can expire it). Resolves to the
 * server's answer, or null when the choice is recorded but the server could not be told.
 */
export async function saveConsent(categories: readonly ('analytics' | 'marketing')[]): Promise<ConsentApplied | null> {
  await startConsentManager();
  reloadOnWithdrawal = false;
  savingDirectly = true;
  try {
    CookieConsent.acceptCategory(['necessary', ...categories]);
  } finally {
    reloadOnWithdrawal = true;
    savingDirectly = false;
  }
  CookieConsent.hide();
  report();
  return applyConsentOnServer();
}
