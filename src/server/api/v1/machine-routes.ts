import { z } from 'zod';
import { createMachineBodySchema, renameMachineBodySchema } from '@/domain/machines/machine-dto';
import type { Identity } from '@/server/auth/identity';
import { defineEndpoint, type AnyEndpoint, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';

/**
 * Machines, API v1 (spec §7: GET /instances, GET /instance/login-token; docs/features/machines.md).
 * Path ids are only checked for being text here; a malformed one answers 404 like an unknown one.
 */

const machineParams = z.object({ machineId: z.string({ error: 'machineId is missing' }) });
type MachineParams = z.infer<typeof machineParams>;

/** Every change counts toward the learner's build-area write limit (429 past it). */
const countWrite = (services: Services, identity: Identity) => services.rateLimits.hit('project-write', identity.uid);

/** An endpoint on one machine that changes something. */
function machineWrite<B = undefined>(services: Services, body: z.ZodType<B> | undefined, run: (uid: string, machineId: string, body: B) => Promise<unknown>): AnyEndpoint {
  return defineEndpoint<MachineParams, B>({
    access: 'user',
    query: machineParams,
    body,
    handle: async ({ identity, query, body: parsed }) => {
      await countWrite(services, identity);
      return { body: await run(identity.uid, query.machineId, parsed) };
    },
  });
}

/** GET /instances — the caller's machines (each `type: 'instance'`), limits and templates; POST — a new one. */
export function machinesRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({
      access: 'user',
      handle: async ({ identity }) => ({ body: await services.machines.list(identity.uid) }),
    }),
    POST: defineEndpoint<Record<string, never>, z.infer<typeof createMachineBodySchema>>({
      access: 'user',
      body: createMachineBodySchema,
      handle: async ({ identity, body }) => {
        await countWrite(services, identity);
        await services.billing.requireAccess(identity, { kind: 'machines' });
        return { status: 201, body: await services.machines.create(identity.uid, body) };
      },
    }),
  };
}

/** GET /instances/{machineId}; PATCH { name } renames; DELETE deletes it and its files. */
export function machineRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<MachineParams>({
      access: 'user',
      query: machineParams,
      handle: async ({ identity, query }) => ({ body: await services.machines.get(identity.uid, query.machineId) }),
    }),
    PATCH: machineWrite(services, renameMachineBodySchema, (uid, id, body) => services.machines.rename(uid, id, body.name)),
    DELETE: machineWrite(services, undefined, (uid, id) => services.machines.remove(uid, id)),
  };
}

/** POST /instances/{machineId}/start — answers `starting` at once. Machines are Pro (402 for free learners). */
export function machineStartRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<MachineParams>({
      access: 'user',
      query: machineParams,
      handle: async ({ identity, query }) => {
        await countWrite(services, identity);
        await services.billing.requireAccess(identity, { kind: 'machines' });
        return { body: await services.machines.start(identity.uid, query.machineId) };
      },
    }),
  };
}

/** POST /instances/{machineId}/stop — every process of the machine ends; its files stay. */
export function machineStopRoutes(services: Services): Routes {
  return { POST: machineWrite(services, undefined, (uid, id) => services.machines.stop(uid, id)) };
}

/** GET /instance/login-token?machineId= — `{ token }` for the instance app (60 s, single use). */
export function instanceLoginTokenRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<MachineParams>({
      access: 'user',
      query: machineParams,
      handle: async ({ identity, query }) => ({ body: await services.machines.loginToken(identity.uid, query.machineId) }),
    }),
  };
}
