import type { ConsentApplied } from '@/domain/analytics/consent';

/**
 * How a saved choice reaches the server (POST /api/v1/consent), registered by AnalyticsBridge
 * with the app's API client. A module of its own, free of zod and the client, so every page's
 * first load carries only this much; the consent manager, loaded on an answer, calls it.
 */
type Applier = () => Promise<ConsentApplied>;
let applier: Applier | null = null;

export function registerConsentApplier(next: Applier | null): void {
  applier = next;
}

/** The server's answer, or null when it could not be told (the pages still apply the rule on the next request). */
export async function applyConsentOnServer(): Promise<ConsentApplied | null> {
  if (!applier) return null;
  try {
    return await applier();
  } catch {
    return null;
  }
}
