import { parseJsonObject } from '@/domain/json/json-object';

/**
 * Cookie consent (issue 16). Strictly necessary cookies (the session, progress, notification,
 * the consent record itself, course engineers' forced variants) need none. `analytics` covers
 * product analytics (our own event store, Mixpanel) and the experiment bucket of visitors who are
 * not signed in; `marketing` covers the ad pixel, Google Tag Manager and the email-marketing tracker.
 * The record is kept by the consent banner (vanilla-cookieconsent) in this cookie as JSON; the
 * server reads the same cookie, so a request carries its visitor's choice.
 */
export const CONSENT_COOKIE = 'codetrail-consent';
/** Six months, after which the banner asks again. */
export const CONSENT_DAYS = 182;
/** Raise it when the categories or what they cover change: every visitor is asked again. */
export const CONSENT_REVISION = 1;

export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface Consent {
  /** Whether the visitor has answered the banner (for the current revision). */
  decided: boolean;
  granted: ReadonlySet<ConsentCategory>;
}

export const NO_CONSENT: Consent = { decided: false, granted: new Set(['necessary']) };

function isCategory(value: unknown): value is ConsentCategory {
  return typeof value === 'string' && (CONSENT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The consent a cookie value records. Anything unreadable, of another revision, or not a JSON
 * object counts as no answer: only what the visitor chose opens a category.
 */
export function consentFromCookie(value: string | null | undefined): Consent {
  if (!value) return NO_CONSENT;
  let text = value;
  try {
    if (!text.startsWith('{')) text = decodeURIComponent(text);
  } catch {
    return NO_CONSENT;
  }
  const record = parseJsonObject(text);
  if (!record || record.revision !== CONSENT_REVISION || !Array.isArray(record.categories)) return NO_CONSENT;
  const granted = new Set<ConsentCategory>(['necessary']);
  for (const category of record.categories) if (isCategory(category)) granted.add(category);
  return { decided: true, granted };
}

/** The record as a list of granted categories (for the client's state and tests). */
export function consentOf(categories: readonly string[]): Consent {
  return { decided: true, granted: new Set<ConsentCategory>(['necessary', ...categories.filter(isCategory)]) };
}

export const allows = (consent: Consent, category: ConsentCategory): boolean => consent.granted.has(category);


/**
 * What the server applied after a saved choice (POST /api/v1/consent). `experiments`: `on` this
 * device takes part; `off` it is outside every experiment and keeps no bucket cookie; `account`
 * analytics is off, but a signed-in learner's experiments follow the account (not a cookie).
 */
export interface ConsentApplied {
  analytics: boolean;
  marketing: boolean;
  experiments: 'on' | 'off' | 'account';
}

export function consentApplied(consent: Consent, signedIn: boolean): ConsentApplied {
  const analytics = allows(consent, 'analytics');
  return { analytics, marketing: allows(consent, 'marketing'), experiments: analytics ? 'on' : signedIn ? 'account' : 'off' };
}

/** The confirmation the cookie settings page announces once a choice is saved and applied. */
export function consentSavedMessage({ analytics, marketing, experiments }: ConsentApplied): string {
  const account = experiments === 'account' ? ' While you are signed in, experiments follow your account, not a cookie.' : '';
  if (analytics && marketing) return 'Saved: all cookies allowed. Analytics, experiments and marketing are on.';
  if (analytics) return 'Saved: analytics and experiments are on, marketing is off.';
  if (marketing) return `Saved: marketing is on, analytics${account ? ' is' : ' and experiments are'} off.${account}`;
  return `Saved: necessary cookies only. ${account ? 'Analytics is off.' : 'Analytics and experiments are off.'}${account}`;
}
