import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { projectPreview, type ProjectFile, type ProjectLanguage } from '@/domain/build/project-templates';
import type { ProjectSource, SnapshotKind, SnapshotRef } from '@/domain/build/project-rules';
import type { Database } from '@/server/db/client';
import { projectSnapshots, projects, users } from '@/server/db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type SnapshotRow = typeof projectSnapshots.$inferSelect;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 20 characters of base32 from 100 random bits (RANDOM_ID_PATTERN): unguessable, safe in a URL. */
export function newRandomId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += BASE32[byte & 31];
  return id;
}

/** What every write of a project's files stores beside them (the list reads only these). */
function filesColumns(language: string, files: ProjectFile[]) {
  return { files, fileCount: files.length, preview: projectPreview(language as ProjectLanguage, files) };
}

const summaryColumns = {
  id: projects.id,
  title: projects.title,
  language: projects.language,
  source: projects.source,
  updatedAt: projects.updatedAt,
  shared: projects.shared,
  fileCount: projects.fileCount,
  preview: projects.preview,
};

const snapshotSummaryColumns = { id: projectSnapshots.id, kind: projectSnapshots.kind, label: projectSnapshots.label, createdAt: projectSnapshots.createdAt };

/** A remix's credit as stored: the original's id, title and author's shown name when it was remixed. */
export interface StoredRemixCredit {
  id: string;
  title: string;
  authorName: string;
}

export interface NewProject {
  ownerId: string;
  title: string;
  language: ProjectLanguage;
  files: ProjectFile[];
  source: ProjectSource;
  sourceRef: string | null;
  /** Set by the service for remixes (and duplicates of them), never from a request. */
  remixedFrom?: StoredRemixCredit | null;
  at: Date;
}

/** The build area's tables: the only code that reads or writes projects and their snapshots. */
export function createProjectRepository(db: Database) {
  return {
    /**
     * Locks the owner's user row for this transaction: a learner's project creations queue behind
     * each other, so two at once cannot both pass the project limit. False when there is no such user.
     */
    async lockOwner(ownerId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
      return row !== undefined;
    },

    /** Projects that count toward the limit: those not deleted. */
    async countActive(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(projects)
        .where(and(eq(projects.ownerId, ownerId), isNull(projects.deletedAt)));
      return Number(row?.count ?? 0);
    },

    async insert(project: NewProject): Promise<ProjectRow> {
      const [row] = await db
        .insert(projects)
        .values({
          id: newRandomId(),
          ownerId: project.ownerId,
          title: project.title,
          language: project.language,
          ...filesColumns(project.language, project.files),
          source: project.source,
          sourceRef: project.sourceRef,
          remixedFromId: project.remixedFrom?.id ?? null,
          remixedFromTitle: project.remixedFrom?.title ?? null,
          remixedFromAuthor: project.remixedFrom?.authorName ?? null,
          createdAt: project.at,
          updatedAt: project.at,
        })
        .returning();
      if (!row) throw new Error('Inserting a project returned no row');
      return row;
    },

    /** Inserts a guided project unless this learner already has that one (deleted or not): null then. */
    async insertGuided(project: Omit<NewProject, 'source' | 'sourceRef'> & { tutorialId: string }): Promise<ProjectRow | null> {
      const [row] = await db
        .insert(projects)
        .values({
          id: newRandomId(),
          ownerId: project.ownerId,
          title: project.title,
          language: project.language,
          ...filesColumns(project.language, project.files),
          source: 'guided',
          sourceRef: project.tutorialId,
          createdAt: project.at,
          updatedAt: project.at,
        })
        .onConflictDoNothing({ target: [projects.ownerId, projects.sourceRef], where: sql`"source" = 'guided'` })
        .returning();
      return row ?? null;
    },

    /** The owner's projects that are not deleted, most recently changed first (no files). */
    listActive(ownerId: string) {
      return db
        .select(summaryColumns)
        .from(projects)
        .where(and(eq(projects.ownerId, ownerId), isNull(projects.deletedAt)))
        .orderBy(desc(projects.updatedAt), desc(projects.createdAt), asc(projects.id));
    },

    /** The owner's deleted projects deleted at or after `since`, most recently deleted first (no files). */
    listDeleted(ownerId: string, since: Date) {
      return db
        .select({ id: projects.id, title: projects.title, language: projects.language, deletedAt: projects.deletedAt, shared: projects.shared })
        .from(projects)
        .where(and(eq(projects.ownerId, ownerId), isNotNull(projects.deletedAt), gte(projects.deletedAt, since), ne(projects.fileCount, 0)))
        .orderBy(desc(projects.deletedAt), asc(projects.id));
    },

    /** Whether a project is shared now (and not deleted), for a remix's link to its original. */
    async isShared(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.shared, true), isNull(projects.deletedAt)));
      return row !== undefined;
    },

    /** One of the owner's projects, deleted or not; `lock` holds it for this transaction. */
    async findOwned(ownerId: string, id: string, options: { lock?: boolean } = {}): Promise<ProjectRow | null> {
      const query = db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Replaces every file and moves the revision on by one. */
    async updateFiles(project: Pick<ProjectRow, 'id' | 'language'>, files: ProjectFile[], at: Date): Promise<ProjectRow> {
      const [row] = await db
        .update(projects)
        .set({ ...filesColumns(project.language, files), revision: sql`${projects.revision} + 1`, updatedAt: at })
        .where(eq(projects.id, project.id))
        .returning();
      if (!row) throw new Error(`Updating the files of project ${project.id} returned no row`);
      return row;
    },

    async rename(id: string, title: string, at: Date): Promise<ProjectRow> {
      const [row] = await db.update(projects).set({ title, updatedAt: at }).where(eq(projects.id, id)).returning();
      if (!row) throw new Error(`Renaming project ${id} returned no row`);
      return row;
    },

    /**
     * Hides the project. Its sharing is kept as it was: while deleted nobody can read it (findShared
     * skips deleted projects, so its link answers 404), and a restore brings the same link back.
     */
    async markDeleted(id: string, at: Date): Promise<void> {
      await db.update(projects).set({ deletedAt: at }).where(eq(projects.id, id));
    },

    async markRestored(id: string): Promise<ProjectRow> {
      const [row] = await db.update(projects).set({ deletedAt: null }).where(eq(projects.id, id)).returning();
      if (!row) throw new Error(`Restoring project ${id} returned no row`);
      return row;
    },

    async setShared(id: string, shared: boolean, at: Date): Promise<void> {
      await db
        .update(projects)
        .set(shared ? { shared: true, sharedAt: sql`coalesce(${projects.sharedAt}, ${at.toISOString()}::timestamptz)` } : { shared: false, sharedAt: null })
        .where(eq(projects.id, id));
    },

    /** A project anyone with the link may read: shared and not deleted, with its author's names. */
    async findShared(id: string) {
      const [row] = await db
        .select({ project: projects, ownerId: users.id, publicName: users.publicName, displayName: users.displayName })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.ownerId))
        .where(and(eq(projects.id, id), eq(projects.shared, true), isNull(projects.deletedAt)));
      return row ?? null;
    },

    /** Tutorial ids of every guided project the owner ever got, deleted ones included. */
    async guidedSourceRefs(ownerId: string): Promise<Set<string>> {
      const rows = await db
        .select({ ref: projects.sourceRef })
        .from(projects)
        .where(and(eq(projects.ownerId, ownerId), eq(projects.source, 'guided')));
      return new Set(rows.flatMap((row) => (row.ref ? [row.ref] : [])));
    },

    /**
     * Removes the owner's projects deleted before `before` (past the undo window) with their
     * snapshots. A guided project keeps an empty row, so it is never imported again.
     */
    async purgeDeletedBefore(ownerId: string, before: Date): Promise<void> {
      const expired = and(eq(projects.ownerId, ownerId), isNotNull(projects.deletedAt), lt(projects.deletedAt, before));
      const expiredIds = db.select({ id: projects.id }).from(projects).where(expired);
      await db.delete(projectSnapshots).where(inArray(projectSnapshots.projectId, expiredIds));
      await db.delete(projects).where(and(expired, ne(projects.source, 'guided')));
      await db
        .update(projects)
        .set({ files: [], fileCount: 0, preview: '', shared: false, sharedAt: null })
        .where(and(expired, eq(projects.source, 'guided'), ne(projects.fileCount, 0)));
    },

    // ---- snapshots ----

    async insertSnapshot(snapshot: { projectId: string; kind: SnapshotKind; label: string | null; files: ProjectFile[]; at: Date }): Promise<SnapshotRow> {
      const [row] = await db
        .insert(projectSnapshots)
        .values({ id: newRandomId(), projectId: snapshot.projectId, kind: snapshot.kind, label: snapshot.label, files: snapshot.files, createdAt: snapshot.at })
        .returning();
      if (!row) throw new Error('Inserting a snapshot returned no row');
      return row;
    },

    async lastSnapshotAt(projectId: string, kind: SnapshotKind): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: projectSnapshots.createdAt })
        .from(projectSnapshots)
        .where(and(eq(projectSnapshots.projectId, projectId), eq(projectSnapshots.kind, kind)))
        .orderBy(desc(projectSnapshots.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    async snapshotRefs(projectId: string): Promise<SnapshotRef[]> {
      const rows = await db.select({ id: projectSnapshots.id, kind: projectSnapshots.kind, createdAt: projectSnapshots.createdAt }).from(projectSnapshots).where(eq(projectSnapshots.projectId, projectId));
      return rows.map((row) => ({ ...row, kind: row.kind as SnapshotKind }));
    },

    async deleteSnapshots(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(projectSnapshots).where(inArray(projectSnapshots.id, ids));
    },

    /** Newest first, without files. */
    listSnapshots(projectId: string) {
      return db
        .select(snapshotSummaryColumns)
        .from(projectSnapshots)
        .where(eq(projectSnapshots.projectId, projectId))
        .orderBy(desc(projectSnapshots.createdAt), desc(projectSnapshots.id));
    },

    async findSnapshot(projectId: string, snapshotId: string): Promise<SnapshotRow | null> {
      const [row] = await db
        .select()
        .from(projectSnapshots)
        .where(and(eq(projectSnapshots.id, snapshotId), eq(projectSnapshots.projectId, projectId)));
      return row ?? null;
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
