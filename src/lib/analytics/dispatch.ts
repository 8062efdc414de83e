import type { Consent } from '@/domain/analytics/consent';
import { ANALYTICS_COOKIE_DAYS, ANALYTICS_ID_COOKIE, LINK_TRACKING_TIMEOUT_MS } from '@/domain/analytics/constants';
import { configuredDestinations, type AnalyticsDestinations } from '@/domain/analytics/destinations';
import { browserEventSchema, destinationsFor, type AnalyticsEventName, type Destination } from '@/domain/analytics/events';
import { analyticsEnv } from '@/lib/env/analytics-env';
import { publicEnv } from '@/lib/env/public-env';
import { logger } from '@/lib/logger';
import { collectorSender, type PendingEvent } from './collector';

/**
 * Loaded by track() only after consent: validates each event against the catalogue and hands it
 * to the destinations the visitor agreed to. Third-party code (Mixpanel's SDK, the GTM container)
 * is fetched only here, only when configured, and only with the consent it needs.
 */

type MixpanelClient = { track: (name: string, properties: Record<string, unknown>, options: { send_immediately: boolean }, callback: () => void) => void };
type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

const DESTINATION_TIMEOUT_MS = 5000;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The visitor's anonymous id of the day (spec §9: the analytics cookie expires after one day). */
export function anonymousId(): string {
  const existing = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${ANALYTICS_ID_COOKIE}=`))
    ?.slice(ANALYTICS_ID_COOKIE.length + 1);
  if (existing && /^[A-Za-z0-9_-]{16,40}$/.test(existing)) return existing;
  const id = randomId();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${ANALYTICS_ID_COOKIE}=${id}; Path=/; Max-Age=${ANALYTICS_COOKIE_DAYS * 86_400}; SameSite=Lax${secure}`;
  return id;
}


async function sendToCollector(events: PendingEvent[], withAnonymousId: boolean): Promise<void> {
  const body = { events, ...(withAnonymousId ? { anonymousId: anonymousId() } : {}) };
  const sender = collectorSender();
  if (sender) return sender(body);
  // Outside the app's providers (no signed-in learner to name): a plain same-origin call.
  const response = await fetch(`${publicEnv.apiBaseUrl}/analytics/events`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), keepalive: true });
  if (!response.ok) throw new Error(`the collector answered ${response.status}`);
}

export function createDispatcher(destinations: AnalyticsDestinations = analyticsEnv, { timeoutMs = DESTINATION_TIMEOUT_MS }: { timeoutMs?: number } = {}) {
  // A destination that does not answer never holds the caller (trackThenNavigate waits on this).
  const withTimeout = (work: Promise<unknown>) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, timeoutMs))]).then(() => undefined);
  // The email tracker sits behind our own collector; the browser cannot know whether it is configured.
  const configured = configuredDestinations(destinations, { emailTracker: true });
  let mixpanel: Promise<MixpanelClient> | null = null;
  let gtmLoaded = false;

  function loadMixpanel(config: NonNullable<AnalyticsDestinations['mixpanel']>): Promise<MixpanelClient> {
    mixpanel ??= import('mixpanel-browser/dist/mixpanel-core.cjs.js').then(({ default: client }) => {
      client.init(config.token, {
        api_host: config.apiHost,
        persistence: 'cookie',
        cookie_expiration: ANALYTICS_COOKIE_DAYS,
        secure_cookie: window.location.protocol === 'https:',
        track_links_timeout: LINK_TRACKING_TIMEOUT_MS,
        // Only the events of the catalogue: no automatic page views, clicks or session recordings.
        autocapture: false,
        track_pageview: false,
        record_sessions_percent: 0,
        ip: false,
      });
      return client as unknown as MixpanelClient;
    });
    return mixpanel;
  }

  function toGtm(containerId: string, event: PendingEvent): void {
    const target = window as DataLayerWindow;
    target.dataLayer ??= [];
    if (!gtmLoaded) {
      gtmLoaded = true;
      target.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      const script = document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
      document.head.appendChild(script);
    }
    target.dataLayer.push({ event: event.name, ...event.properties });
  }

  function toPixel(url: string, event: PendingEvent): Promise<void> {
    return new Promise((resolve) => {
      const target = new URL(url);
      target.searchParams.set('ev', event.name);
      for (const [key, value] of Object.entries(event.properties)) if (typeof value === 'string' || typeof value === 'number') target.searchParams.set(key, String(value));
      const image = new Image(1, 1);
      image.onload = image.onerror = () => resolve();
      image.referrerPolicy = 'no-referrer';
      image.src = target.toString();
    });
  }

  return {
    async dispatch(events: PendingEvent[], consent: Consent): Promise<void> {
      const work: Promise<unknown>[] = [];
      const forCollector: PendingEvent[] = [];
      for (const event of events) {
        const verdict = browserEventSchema.safeParse(event);
        if (!verdict.success) {
          logger.warn(`analytics: ${event.name} was not sent (${verdict.error.issues[0]?.message ?? 'invalid'})`);
          continue;
        }
        const to = new Set<Destination>(destinationsFor(event.name as AnalyticsEventName, consent.granted, configured));
        if (to.has('collector') || to.has('email_tracker')) forCollector.push(event);
        if (to.has('mixpanel') && destinations.mixpanel) {
          work.push(loadMixpanel(destinations.mixpanel).then((client) => new Promise<void>((resolve) => client.track(event.name, event.properties, { send_immediately: true }, () => resolve()))));
        }
        if (to.has('gtm') && destinations.gtm) toGtm(destinations.gtm.containerId, event);
        if (to.has('pixel') && destinations.pixel) work.push(toPixel(destinations.pixel.url, event));
      }
      if (forCollector.length > 0) work.push(sendToCollector(forCollector, consent.granted.has('analytics')));
      const results = await Promise.allSettled(work.map(withTimeout));
      for (const result of results) if (result.status === 'rejected') logger.warn('analytics: a destination did not take an event', result.reason instanceof Error ? result.reason.message : result.reason);
    },
  };
}
