import { consentFromCookie, CONSENT_COOKIE, consentOf, type Consent } from '@/domain/analytics/consent';
import { LINK_TRACKING_TIMEOUT_MS } from '@/domain/analytics/constants';
import type { AnalyticsProperties, BrowserEventName } from '@/domain/analytics/events';
import { registerCollector, type PendingEvent } from './collector';

export { registerCollector, type CollectorSender } from './collector';

/**
 * `track(event, properties)`: the one way features report analytics events (docs/analytics.md).
 * This file is all a page pays for up front: it checks the visitor's consent and, only when some
 * was given, loads the dispatcher (validation against the catalogue, the configured destinations)
 * on first use. Before an answer, and after "necessary only", events are dropped here: nothing is
 * queued, stored or sent. Business events (a purchase, a subscription's start or end) are not
 * the browser's to send: the server records them from the payment provider, so `track()` does not
 * even type them (SERVER_ONLY_EVENT_NAMES).
 */

type Dispatcher = { dispatch: (events: PendingEvent[], consent: Consent) => Promise<void> };

let consent: Consent | null = null;
let dispatcher: Promise<Dispatcher> | null = null;

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/** The visitor's current answer (read from the consent cookie until the banner reports one). */
export function currentConsent(): Consent {
  consent ??= consentFromCookie(readCookie(CONSENT_COOKIE));
  return consent;
}

/** Called by the consent banner and the cookie settings page when the visitor answers. */
export function setConsentCategories(categories: readonly string[]): void {
  consent = consentOf(categories);
}

function loadDispatcher(): Promise<Dispatcher> {
  dispatcher ??= import('./dispatch').then((module) => module.createDispatcher());
  return dispatcher;
}

const anyConsent = (value: Consent) => value.granted.has('analytics') || value.granted.has('marketing');

/** Sends an event to every destination the visitor agreed to; resolves once they have taken it (or failed). */
export function track<E extends BrowserEventName>(name: E, properties: AnalyticsProperties<E>): Promise<void> {
  const now = currentConsent();
  if (typeof window === 'undefined' || !anyConsent(now)) return Promise.resolve();
  const event: PendingEvent = { name, properties: properties as Record<string, unknown>, path: window.location.pathname, at: new Date().toISOString() };
  return loadDispatcher()
    .then((loaded) => loaded.dispatch([event], now))
    .catch(() => undefined);
}

/**
 * Tracks a click on a link that leaves the page, then navigates: as soon as the event is taken,
 * or after LINK_TRACKING_TIMEOUT_MS, whichever comes first, so a slow tracker never holds a
 * learner back longer than that.
 */
export function trackThenNavigate<E extends BrowserEventName>(name: E, properties: AnalyticsProperties<E>, navigate: () => void, timeoutMs = LINK_TRACKING_TIMEOUT_MS): Promise<void> {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    navigate();
  };
  const timer = setTimeout(go, timeoutMs);
  return track(name, properties).then(() => {
    clearTimeout(timer);
    go();
  });
}

/**
 * Tracks an event at most once per browser tab session for `key` (an exposure seen again on reload
 * is not a second exposure). Without session storage it tracks every time.
 */
export function trackOnce<E extends BrowserEventName>(key: string, name: E, properties: AnalyticsProperties<E>): Promise<void> {
  const storageKey = `codetrail-tracked:${key}`;
  try {
    if (window.sessionStorage.getItem(storageKey)) return Promise.resolve();
    if (anyConsent(currentConsent())) window.sessionStorage.setItem(storageKey, '1');
  } catch {
    // Storage blocked: track anyway.
  }
  return track(name, properties);
}

/** Tests only: forget the loaded consent and dispatcher. */
export function resetAnalyticsForTests(): void {
  consent = null;
  dispatcher = null;
  registerCollector(null);
}
