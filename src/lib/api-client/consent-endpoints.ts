import * as z from 'zod/mini';
import type { ConsentApplied } from '@/domain/analytics/consent';
import type { ApiClient } from './api-client';

/** zod/mini: the consent manager's chunk stays small (it loads only when a visitor answers). */
export const consentAppliedSchema = z.object({ analytics: z.boolean(), marketing: z.boolean(), experiments: z.enum(['on', 'off', 'account']) });

/** POST /consent: the server applies the consent cookie the banner has just written (consent-routes.ts). */
export function consentEndpoints(client: ApiClient) {
  return {
    apply: (): Promise<ConsentApplied> => client.request({ method: 'POST', path: '/consent', errorKey: 'applyConsent', schema: consentAppliedSchema }),
  };
}
