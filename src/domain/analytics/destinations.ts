import type { Destination } from './events';

/**
 * Which analytics services are configured (all off by default; .env.example): read from the
 * NEXT_PUBLIC_* variables at build time, checked here so a wrong value stops the build rather
 * than sending events somewhere unexpected, and turned into the Content-Security-Policy sources
 * each one needs (nothing is allowed for a service that is not configured).
 */
export interface AnalyticsDestinations {
  mixpanel: { token: string; apiHost: string } | null;
  gtm: { containerId: string } | null;
  pixel: { url: string } | null;
}

export interface AnalyticsEnv {
  NEXT_PUBLIC_MIXPANEL_TOKEN?: string | undefined;
  NEXT_PUBLIC_MIXPANEL_API_HOST?: string | undefined;
  NEXT_PUBLIC_GTM_ID?: string | undefined;
  NEXT_PUBLIC_AD_PIXEL_URL?: string | undefined;
}

export const DEFAULT_MIXPANEL_API_HOST = 'https://api-js.mixpanel.com';
export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/** An https URL, or http on a loopback host (tests and local receivers). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback) ? url.origin : null;
  } catch {
    return null;
  }
}

export function analyticsDestinationsFrom(env: AnalyticsEnv): { destinations: AnalyticsDestinations; problems: string[] } {
  const problems: string[] = [];
  const value = (text: string | undefined) => (text ?? '').trim();
  let mixpanel: AnalyticsDestinations['mixpanel'] = null;
  const token = value(env.NEXT_PUBLIC_MIXPANEL_TOKEN);
  if (token) {
    const apiHost = value(env.NEXT_PUBLIC_MIXPANEL_API_HOST) || DEFAULT_MIXPANEL_API_HOST;
    if (!/^[A-Za-z0-9]{8,64}$/.test(token)) problems.push('NEXT_PUBLIC_MIXPANEL_TOKEN must be a Mixpanel project token');
    else if (!originOf(apiHost)) problems.push('NEXT_PUBLIC_MIXPANEL_API_HOST must be an https URL');
    else mixpanel = { token, apiHost: apiHost.replace(/\/+$/, '') };
  }
  let gtm: AnalyticsDestinations['gtm'] = null;
  const containerId = value(env.NEXT_PUBLIC_GTM_ID);
  if (containerId) {
    if (/^GTM-[A-Z0-9]{4,12}$/.test(containerId)) gtm = { containerId };
    else problems.push('NEXT_PUBLIC_GTM_ID must be a container id such as GTM-AB12CD');
  }
  let pixel: AnalyticsDestinations['pixel'] = null;
  const url = value(env.NEXT_PUBLIC_AD_PIXEL_URL);
  if (url) {
    if (originOf(url)) pixel = { url };
    else problems.push('NEXT_PUBLIC_AD_PIXEL_URL must be an https URL');
  }
  return { destinations: { mixpanel, gtm, pixel }, problems };
}

/** The destinations that can receive events: Codetrail's own store always; the services when configured. */
export function configuredDestinations(destinations: AnalyticsDestinations, options: { emailTracker: boolean }): Set<Destination> {
  const configured = new Set<Destination>(['collector']);
  if (destinations.mixpanel) configured.add('mixpanel');
  if (destinations.gtm) configured.add('gtm');
  if (destinations.pixel) configured.add('pixel');
  if (options.emailTracker) configured.add('email_tracker');
  return configured;
}

/** What the app's Content-Security-Policy must allow for the configured services, and nothing more. */
export function analyticsPolicySources(destinations: AnalyticsDestinations): { script: string[]; connect: string[]; img: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (destinations.mixpanel) connect.push(originOf(destinations.mixpanel.apiHost) ?? '');
  if (destinations.gtm) {
    script.push(GTM_ORIGIN);
    connect.push(GTM_ORIGIN);
    img.push(GTM_ORIGIN);
  }
  if (destinations.pixel) img.push(originOf(destinations.pixel.url) ?? '');
  const clean = (list: string[]) => [...new Set(list.filter(Boolean))];
  return { script: clean(script), connect: clean(connect), img: clean(img) };
}
