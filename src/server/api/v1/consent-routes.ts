import { consentApplied, consentFromCookie, allows } from '@/domain/analytics/consent';
import { planBucket } from '@/domain/experiments/experiments';
import { expiredBucketCookie } from '@/server/gssp/experiment-bucket-cookie';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';

/**
 * POST /consent (anyone; the learner when a token is sent), no body: applies the consent record
 * the request's cookie holds (the banner has just written it) to what only the server can touch.
 * The experiment bucket cookie is HttpOnly, so a withdrawal in the browser cannot remove it: this
 * answer expires it when analytics is not allowed. The browser's word is not taken: the consent
 * is read from the cookie, as every page does (page-experiments.ts) → 200 ConsentApplied.
 */
export function consentRoutes(cookies: { consent: string | undefined; bucket: string | undefined }): Routes {
  return {
    POST: defineEndpoint({
      access: 'optional',
      handle: async ({ identity }) => {
        const consent = consentFromCookie(cookies.consent);
        const plan = planBucket({ cookie: cookies.bucket, analyticsAllowed: allows(consent, 'analytics') });
        const headers: Record<string, string> = plan.clearCookie ? { 'Set-Cookie': expiredBucketCookie() } : {};
        return { body: consentApplied(consent, identity !== null), headers };
      },
    }),
  };
}
