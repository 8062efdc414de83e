import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { LOGIN_BINDING_PATTERN } from '@/server/machines/login-token';
import { INSTANCE_SECRET_HEADER } from '@/domain/machines/machine-contracts';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import { unauthorized } from '@/server/http/http-error';
import type { Services } from '@/server/services/services';

/**
 * The internal API only the instance app calls (machine-contracts.ts): it proves itself with the
 * shared secret (INSTANCE_APP_SECRET), never with a learner's token. Browsers never call it.
 */

/** Throws 401 unless the header carries the shared secret (compared in constant time). */
export function checkInstanceSecret(secret: string, given: string | string[] | undefined): void {
  const expected = Buffer.from(secret);
  const actual = Buffer.from(typeof given === 'string' ? given : '');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw unauthorized('Only the instance app may call this.');
}

export const instanceExchangeBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(1024),
  binding: z.string({ error: 'binding is required' }).regex(LOGIN_BINDING_PATTERN, 'binding must be 43 base64url characters'),
});
export const instanceActivityBodySchema = z.object({
  machineId: z.string().min(1).max(64),
  userId: z.string().min(1).max(128),
  since: z.iso.datetime({ error: 'since must be an ISO time' }).optional(),
});

/** POST /api/internal/instance/exchange { token, binding } → the machine the token opens (once, in the browser it was bound to). */
export function instanceExchangeRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof instanceExchangeBodySchema>>({
      access: 'public',
      body: instanceExchangeBodySchema,
      handle: async ({ body }) => ({ body: await services.machines.exchange(body.token, body.binding) }),
    }),
  };
}

/** POST /api/internal/instance/activity { machineId, userId, since } → the machine now (404 when gone, or signed out since). */
export function instanceActivityRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof instanceActivityBodySchema>>({
      access: 'public',
      body: instanceActivityBodySchema,
      handle: async ({ body }) => ({ body: await services.machines.activity(body.machineId, body.userId, body.since ? new Date(body.since) : null) }),
    }),
  };
}

export { INSTANCE_SECRET_HEADER };
