import {
  deletedProjectSchema,
  projectListSchema,
  projectSchema,
  recentlyDeletedListSchema,
  shareSchema,
  sharedProjectSchema,
  snapshotListSchema,
  snapshotSchema,
  snapshotSummarySchema,
  type ProjectFileDto,
} from '@/domain/build/project-dto';
import type { ProjectTemplate } from '@/domain/build/project-templates';
import type { ApiClient } from './api-client';

const project = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** The build area's API v1 (README: "Build area API"), answers checked with the shared DTO schemas. */
export function buildEndpoints(client: ApiClient) {
  return {
    list: () => client.request({ path: '/projects', errorKey: 'fetchProjects', schema: projectListSchema }),
    create: (template: ProjectTemplate, title?: string) => client.request({ method: 'POST', path: '/projects', body: { template, ...(title ? { title } : {}) }, errorKey: 'createProject', schema: projectSchema }),
    get: (id: string) => client.request({ path: project(id), errorKey: 'fetchProject', schema: projectSchema }),
    rename: (id: string, title: string) => client.request({ method: 'PATCH', path: project(id), body: { title }, errorKey: 'renameProject', schema: projectSchema }),
    saveFiles: (id: string, files: ProjectFileDto[]) => client.request({ method: 'PUT', path: `${project(id)}/files`, body: { files }, errorKey: 'saveProject', schema: projectSchema }),
    remove: (id: string) => client.request({ method: 'DELETE', path: project(id), errorKey: 'deleteProject', schema: deletedProjectSchema }),
    deleted: () => client.request({ path: '/projects/deleted', errorKey: 'fetchDeletedProjects', schema: recentlyDeletedListSchema }),
    restore: (id: string) => client.request({ method: 'POST', path: `${project(id)}/restore`, errorKey: 'restoreProject', schema: projectSchema }),
    duplicate: (id: string) => client.request({ method: 'POST', path: `${project(id)}/duplicate`, errorKey: 'duplicateProject', schema: projectSchema }),
    snapshots: (id: string) => client.request({ path: `${project(id)}/snapshots`, errorKey: 'fetchSnapshots', schema: snapshotListSchema }),
    snapshot: (id: string, snapshotId: string) => client.request({ path: `${project(id)}/snapshots/${encodeURIComponent(snapshotId)}`, errorKey: 'fetchSnapshots', schema: snapshotSchema }),
    createSnapshot: (id: string, label?: string) => client.request({ method: 'POST', path: `${project(id)}/snapshots`, body: label ? { label } : {}, errorKey: 'createSnapshot', schema: snapshotSummarySchema }),
    restoreSnapshot: (id: string, snapshotId: string) =>
      client.request({ method: 'POST', path: `${project(id)}/snapshots/${encodeURIComponent(snapshotId)}/restore`, errorKey: 'restoreSnapshot', schema: projectSchema }),
    share: (id: string) => client.request({ method: 'POST', path: `${project(id)}/share`, errorKey: 'shareProject', schema: shareSchema }),
    unshare: (id: string) => client.request({ method: 'DELETE', path: `${project(id)}/share`, errorKey: 'shareProject', schema: shareSchema }),
    shared: (id: string) => client.request({ path: `/shared/${encodeURIComponent(id)}`, errorKey: 'fetchSharedProject', schema: sharedProjectSchema }),
    remix: (id: string) => client.request({ method: 'POST', path: `/shared/${encodeURIComponent(id)}/remix`, errorKey: 'remixProject', schema: projectSchema }),
  };
}

export type BuildEndpoints = ReturnType<typeof buildEndpoints>;
