import type { SharedProject } from '@/domain/build/project-dto';

/** /web/build/{id}?backlink= */
export type ProjectPageProps =
  | { kind: 'project'; projectId: string; backlink: string; previewTemplate: string; [key: string]: unknown }
  /** The back-link was not a build or section-details path: the page explains and links home. */
  | { kind: 'invalid-backlink'; message: string; [key: string]: unknown };

/** /web/shared/{id}: public, rendered with the project for titles and link previews. */
export interface SharedPageProps {
  project: SharedProject;
  previewTemplate: string;
  /** The absolute URL of this page, for Open Graph. */
  url: string;
  /** The signed-in viewer is the author (decided by the server): Edit instead of Remix. */
  viewerIsOwner: boolean;
  [key: string]: unknown;
}

/** /web/build */
export interface BuildPageProps {
  /** Where the instance app opens machines (its own origin). */
  instanceOrigin: string;
  [key: string]: unknown;
}

/** /web/build/machines/{id}?backlink= */
export type MachinePageProps =
  | { kind: 'machine'; machineId: string; backlink: string; instanceOrigin: string; [key: string]: unknown }
  | { kind: 'invalid-backlink'; message: string; [key: string]: unknown };

/** /web/build/machines/sign-in: shown only when the login token is not bound (why, and the way back). */
export interface MachineSignInPageProps {
  message: string;
  [key: string]: unknown;
}
