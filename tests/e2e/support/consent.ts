import type { BrowserContextOptions } from '@playwright/test';

/**
 * The consent record the banner writes (vanilla-cookieconsent's cookie, read by the server too).
 * Journeys start as a visitor who already chose "necessary only", so the banner (a box at the
 * bottom of the screen) never covers what they test; the consent journeys clear it.
 */
export const CONSENT_COOKIE = 'codetrail-consent';

export function consentRecord(categories: readonly string[]): string {
  const now = new Date().toISOString();
  return encodeURIComponent(JSON.stringify({ categories: ['necessary', ...categories], revision: 1, data: null, consentTimestamp: now, consentId: '00000000-0000-4000-8000-000000000000', services: {}, languageCode: 'en', lastConsentTimestamp: now, expirationTime: Date.now() + 182 * 86_400_000 }));
}

export function decidedVisitor(baseURL: string, categories: readonly string[] = []): NonNullable<BrowserContextOptions['storageState']> {
  return {
    cookies: [{ name: CONSENT_COOKIE, value: consentRecord(categories), domain: new URL(baseURL).hostname, path: '/', expires: Math.floor(Date.now() / 1000) + 86_400 * 30, httpOnly: false, secure: false, sameSite: 'Lax' }],
    origins: [],
  };
}
