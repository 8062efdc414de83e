import { z } from 'zod';
import {
  createProjectBodySchema,
  createSnapshotBodySchema,
  recentlyDeletedQuerySchema,
  renameProjectBodySchema,
  saveProjectFilesBodySchema,
  type StaleRevision,
} from '@/domain/build/project-dto';
import type { Identity } from '@/server/auth/identity';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';

/**
 * The build area, API v1 (docs/features/build-area.md). Path ids are only checked for being text
 * here: a malformed one is answered like an unknown one, 404, by the service.
 */

const projectParams = z.object({ projectId: z.string({ error: 'projectId is missing' }) });
const snapshotParams = projectParams.extend({ snapshotId: z.string({ error: 'snapshotId is missing' }) });

type ProjectParams = z.infer<typeof projectParams>;
type SnapshotParams = z.infer<typeof snapshotParams>;

/** Every change counts toward the learner's build-area write limit (429 past it). */
const countWrite = (services: Services, identity: Identity) => services.rateLimits.hit('project-write', identity.uid);

/** GET /projects — the caller's projects (finished guided projects join first); POST — a new one from a template. */
export function projectsRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({
      access: 'user',
      handle: async ({ identity }) => ({ body: await services.projects.list(identity.uid) }),
    }),
    POST: defineEndpoint<Record<string, never>, z.infer<typeof createProjectBodySchema>>({
      access: 'user',
      body: createProjectBodySchema,
      handle: async ({ identity, body }) => {
        await countWrite(services, identity);
        return { status: 201, body: await services.projects.createFromTemplate(identity.uid, body.template, body.title) };
      },
    }),
  };
}

/**
 * GET /projects/deleted — the caller's own projects deleted in the last 30 days (restore each with
 * POST /projects/{id}/restore). The caller's uid is the only owner it reads: nothing in the request
 * names whose projects to list.
 */
export function deletedProjectsRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof recentlyDeletedQuerySchema>>({
      access: 'user',
      query: recentlyDeletedQuerySchema,
      handle: async ({ identity }) => ({ body: await services.projects.listDeleted(identity.uid) }),
    }),
  };
}

/** GET /projects/{projectId}; PATCH { title } renames; DELETE deletes (restorable for 30 days). */
export function projectRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<ProjectParams>({
      access: 'user',
      query: projectParams,
      handle: async ({ identity, query }) => ({ body: await services.projects.get(identity.uid, query.projectId) }),
    }),
    PATCH: defineEndpoint<ProjectParams, z.infer<typeof renameProjectBodySchema>>({
      access: 'user',
      query: projectParams,
      body: renameProjectBodySchema,
      handle: async ({ identity, query, body }) => {
        await countWrite(services, identity);
        return { body: await services.projects.rename(identity.uid, query.projectId, body.title) };
      },
    }),
    DELETE: defineEndpoint<ProjectParams>({
      access: 'user',
      query: projectParams,
      handle: async ({ identity, query }) => {
        await countWrite(services, identity);
        return { body: await services.projects.remove(identity.uid, query.projectId) };
      },
    }),
  };
}

/** PUT /projects/{projectId}/files { files, baseRevision? } — saves every file at once. */
export function projectFilesRoutes(services: Services): Routes {
  return {
    PUT: defineEndpoint<ProjectParams, z.infer<typeof saveProjectFilesBodySchema>>({
      access: 'user',
      query: projectParams,
      body: saveProjectFilesBodySchema,
      handle: async ({ identity, query, body }) => {
        await countWrite(services, identity);
        const result = await services.projects.saveFiles(identity.uid, query.projectId, body.files, body.baseRevision);
        if (result.kind === 'saved') return { body: result.project };
        const stale: StaleRevision = {
          message: `This project changed somewhere else since revision ${body.baseRevision ?? ''}: it is at revision ${result.revision} now. Nothing was saved; keep your copy and load the current one to combine them.`,
          revision: result.revision,
        };
        return { status: 409, body: stale };
      },
    }),
  };
}

/** POST /projects/{projectId}/restore — undoes a delete. */
export function projectRestoreRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<ProjectParams>({
      access: 'user',
      query: projectParams,
      handle: async ({ identity, query }) => {
        await countWrite(services, identity);
        return { body: await services.projects.restore(identity.uid, query.projectId) };
      },
    }),
  };
}

/** POST /projects/{projectId}/duplicate — "Copy of …", a new project of the caller's. */
export function projectDuplicateRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<ProjectParams>({
      access: 'user',
      query: projectParams,
      handle: async ({ identity, query }) => {
        await countWrite(services, identity);
        return { status: 201, body: await services.projects.duplicate(identity.uid, query.projectId) };
      },
    }),
  };
}

/** GET /projects/{projectId}/snapshots — newest first, without files; POST { label? } — a snapshot of the files now. */
export function projectSnapshotsRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<ProjectParams>({
      access: 'user',
      query: projectParams,
      handle: async ({ identity, query }) => ({ body: await services.projects.snapshots(identity.uid, query.projectId) }),
    }),
    POST: defineEndpoint<ProjectParams, z.infer<typeof createSnapshotBodySchema>>({
      access: 'user',
      query: projectParams,
      body: createSnapshotBodySchema,
      handle: async ({ identity, query, body }) => {
        await countWrite(services, identity);
        return { status: 201, body: await services.projects.createSnapshot(identity.uid, query.projectId, body?.label ?? null) };
      },
    }),
  };
}

/** GET /projects/{projectId}/snapshots/{snapshotId} — with its files. */
export function projectSnapshotRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<SnapshotParams>({
      access: 'user',
      query: snapshotParams,
      handle: async ({ identity, query }) => ({ body: await services.projects.snapshot(identity.uid, query.projectId, query.snapshotId) }),
    }),
  };
}

/** POST /projects/{projectId}/snapshots/{snapshotId}/restore — the current files become a snapshot first. */
export function projectSnapshotRestoreRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<SnapshotParams>({
      access: 'user',
      query: snapshotParams,
      handle: async ({ identity, query }) => {
        await countWrite(services, identity);
        return { body: await services.projects.restoreSnapshot(identity.uid, query.projectId, query.snapshotId) };
      },
    }),
  };
}

/** POST /projects/{projectId}/share — anyone with /web/shared/{id} may read it; DELETE stops that. */
export function projectShareRoutes(services: Services): Routes {
  const share = (shared: boolean) =>
    defineEndpoint<ProjectParams>({
      access: 'user',
      query: projectParams,
      handle: async ({ identity, query }) => {
        await countWrite(services, identity);
        return { body: await services.projects.setShared(identity.uid, query.projectId, shared) };
      },
    });
  return { POST: share(true), DELETE: share(false) };
}

/** GET /shared/{projectId} — public: a shared project as anyone sees it. */
export function sharedProjectRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<ProjectParams>({
      access: 'public',
      query: projectParams,
      handle: async ({ query }) => ({ body: await services.projects.shared(query.projectId) }),
    }),
  };
}

/** POST /shared/{projectId}/remix — the caller's own copy of a shared project. */
export function sharedProjectRemixRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<ProjectParams>({
      access: 'user',
      query: projectParams,
      handle: async ({ identity, query }) => {
        await countWrite(services, identity);
        return { status: 201, body: await services.projects.remix(identity.uid, query.projectId) };
      },
    }),
  };
}
