import { z } from 'zod';
import { PROJECT_SOURCES, SNAPSHOT_KINDS, cleanProjectTitle, cleanSnapshotLabel, type TextVerdict } from './project-rules';
import { PROJECT_LANGUAGES, PROJECT_TEMPLATES } from './project-templates';

/**
 * The build area's API v1 shapes, shared by the server (it parses request bodies with these and
 * types its answers with the inferred types) and the browser (it can parse answers with them).
 * Pure zod: no server code, so features may import it.
 */

/** Project and snapshot ids: 20 characters of lower-case base32 (100 random bits). */
export const RANDOM_ID_PATTERN = /^[a-z2-7]{20}$/;
export const isRandomId = (value: string) => RANDOM_ID_PATTERN.test(value);

/** PostgreSQL integer columns: a revision past this cannot be stored, so it cannot be current. */
export const MAX_REVISION = 2 ** 31 - 1;

const cleaned = (clean: (raw: string) => TextVerdict) =>
  z.string().transform((raw, context) => {
    const verdict = clean(raw);
    if (verdict.ok) return verdict.value;
    context.addIssue({ code: 'custom', message: verdict.message });
    return z.NEVER;
  });

export const projectTitleSchema = cleaned(cleanProjectTitle);
export const snapshotLabelSchema = cleaned(cleanSnapshotLabel);

/** A file as sent and stored; names and sizes are checked by validateProjectFiles (project-files.ts). */
export const projectFileSchema = z.object({ path: z.string(), content: z.string() }).strict();
export type ProjectFileDto = z.infer<typeof projectFileSchema>;

// ---- request bodies --------------------------------------------------------------------------

/** POST /projects */
export const createProjectBodySchema = z.object({ template: z.enum(PROJECT_TEMPLATES), title: projectTitleSchema.optional() }).strict();
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

/** PATCH /projects/{id} */
export const renameProjectBodySchema = z.object({ title: projectTitleSchema }).strict();
export type RenameProjectBody = z.input<typeof renameProjectBodySchema>;

/**
 * PUT /projects/{id}/files: every file of the project at once (files not sent are removed).
 * With `baseRevision`, the save only applies if the project is still at that revision; otherwise
 * 409 with the current revision (staleRevisionSchema). Without it, the last save wins.
 */
export const saveProjectFilesBodySchema = z
  .object({
    files: z.array(projectFileSchema),
    baseRevision: z.number().int('baseRevision must be a whole number').min(1, 'baseRevision starts at 1').max(MAX_REVISION, `baseRevision is at most ${MAX_REVISION}`).optional(),
  })
  .strict();
export type SaveProjectFilesBody = z.input<typeof saveProjectFilesBodySchema>;

/** POST /projects/{id}/snapshots (the body may be left out). */
export const createSnapshotBodySchema = z.object({ label: snapshotLabelSchema.optional() }).strict().optional();
export type CreateSnapshotBody = z.input<typeof createSnapshotBodySchema>;

// ---- answers ---------------------------------------------------------------------------------

const isoDateTime = z.string();

/** One entry of GET /projects. */
export const projectSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  language: z.enum(PROJECT_LANGUAGES),
  source: z.enum(PROJECT_SOURCES),
  updatedAt: isoDateTime,
  shared: z.boolean(),
  fileCount: z.number().int(),
  /** The first lines of the entry file, for a thumbnail. */
  preview: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** GET /projects: the caller's projects, most recently changed first. */
export const projectListSchema = z.object({ projects: z.array(projectSummarySchema) });
export type ProjectList = z.infer<typeof projectListSchema>;

/**
 * Where a remix came from, as the server recorded it when the remix was made: the original's title
 * and author then; `sharePath` while the original is still shared (else null: no link).
 */
export const remixCreditSchema = z.object({ title: z.string(), authorName: z.string(), sharePath: z.string().nullable() });
export type RemixCredit = z.infer<typeof remixCreditSchema>;

/** A whole project: GET, POST, PATCH /projects/{id}, PUT .../files, restores, duplicates, remixes. */
export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  language: z.enum(PROJECT_LANGUAGES),
  source: z.enum(PROJECT_SOURCES),
  /** The template's name, the duplicated or remixed project's id, or the guided project's tutorial id. */
  sourceRef: z.string().nullable(),
  files: z.array(projectFileSchema),
  /** Goes up by one with every change of the files (saves, snapshot restores). */
  revision: z.number().int(),
  shared: z.boolean(),
  /** `/web/shared/{id}` while shared, else null. */
  sharePath: z.string().nullable(),
  /** Null unless the project is a remix (or a duplicate of one). */
  remixedFrom: remixCreditSchema.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Project = z.infer<typeof projectSchema>;

/** 409 from PUT .../files when baseRevision is not the current revision. */
export const staleRevisionSchema = z.object({ message: z.string(), revision: z.number().int() });
export type StaleRevision = z.infer<typeof staleRevisionSchema>;

/** DELETE /projects/{id}: restorable with POST .../restore until then. */
export const deletedProjectSchema = z.object({ undoUntil: isoDateTime });
export type DeletedProject = z.infer<typeof deletedProjectSchema>;

/** One entry of GET /projects/deleted. */
export const recentlyDeletedProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  language: z.enum(PROJECT_LANGUAGES),
  deletedAt: isoDateTime,
  /** Restorable with POST /projects/{id}/restore until then. */
  restoreUntil: isoDateTime,
  /** Whole days left, counted up by the server's clock (daysLeftToRestore). */
  daysLeft: z.number().int(),
  /** It was shared when deleted: restoring it brings the same public link back. */
  shared: z.boolean(),
});
export type RecentlyDeletedProject = z.infer<typeof recentlyDeletedProjectSchema>;

/** GET /projects/deleted: the caller's projects deleted in the last 30 days, most recently deleted first. */
export const recentlyDeletedListSchema = z.object({ projects: z.array(recentlyDeletedProjectSchema) });
export type RecentlyDeletedList = z.infer<typeof recentlyDeletedListSchema>;

/** GET /projects/deleted takes no query parameters. */
export const recentlyDeletedQuerySchema = z.object({}).strict();

export const snapshotSummarySchema = z.object({ id: z.string(), kind: z.enum(SNAPSHOT_KINDS), label: z.string().nullable(), createdAt: isoDateTime });
export type SnapshotSummary = z.infer<typeof snapshotSummarySchema>;

/** GET /projects/{id}/snapshots: newest first, without files. */
export const snapshotListSchema = z.object({ snapshots: z.array(snapshotSummarySchema) });
export type SnapshotList = z.infer<typeof snapshotListSchema>;

/** GET /projects/{id}/snapshots/{snapshotId} (POST .../snapshots answers the summary). */
export const snapshotSchema = snapshotSummarySchema.extend({ files: z.array(projectFileSchema) });
export type Snapshot = z.infer<typeof snapshotSchema>;

/** POST /projects/{id}/share (shared, with its path) and DELETE .../share (not shared, null). */
export const shareSchema = z.object({ shared: z.boolean(), sharePath: z.string().nullable() });
export type Share = z.infer<typeof shareSchema>;

/** GET /shared/{id}: what anyone with the link sees (no owner id, no history). */
export const sharedProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  language: z.enum(PROJECT_LANGUAGES),
  files: z.array(projectFileSchema),
  /** The name the author shows to others (as on leaderboards). */
  authorName: z.string(),
  /** Null unless it is a remix (or a duplicate of one). */
  remixedFrom: remixCreditSchema.nullable(),
  updatedAt: isoDateTime,
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;
