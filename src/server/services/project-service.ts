import { guidedProjectStart, guidedProjectsToImport } from '@/domain/build/guided-projects';
import { entryFileRemovalRefusal } from '@/domain/build/file-edits';
import { isRandomId, type DeletedProject, type Project, type ProjectList, type ProjectSummary, type RecentlyDeletedList, type RemixCredit, type Share, type SharedProject, type Snapshot, type SnapshotList, type SnapshotSummary } from '@/domain/build/project-dto';
import { validateProjectFiles } from '@/domain/build/project-files';
import {
  DELETE_UNDO_WINDOW_MS,
  MAX_PROJECTS_PER_LEARNER,
  autoSnapshotDue,
  canUndoDelete,
  copyTitle,
  daysLeftToRestore,
  snapshotsToPrune,
  undoDeadline,
  type ProjectSource,
  type SnapshotKind,
} from '@/domain/build/project-rules';
import { TEMPLATE_RULES, templateFiles, type ProjectFile, type ProjectLanguage, type ProjectTemplate } from '@/domain/build/project-templates';
import { shownName } from '@/domain/progress/public-name';
import { paths } from '@/domain/routing/paths';
import { logger } from '@/lib/logger';
import type { Database } from '@/server/db/client';
import { HttpError, conflict, notFound } from '@/server/http/http-error';
import { createLearningRepository } from '@/server/repositories/learning-repository';
import { createProjectRepository, type NewProject, type ProjectRepository, type ProjectRow, type SnapshotRow, type StoredRemixCredit } from '@/server/repositories/project-repository';
import type { ContentService } from './content-service';

/**
 * The build area (docs/decisions.md D72 and D103, "Build area"): a learner's own projects, their snapshots,
 * sharing and remixing, and guided projects imported once finished. A learner only ever reaches
 * their own projects: anyone else's — and their own deleted ones — answer the same 404 as a
 * project that never existed. Every change is one transaction; a refused one changes nothing.
 */

export type SaveFilesResult = { kind: 'saved'; project: Project } | { kind: 'stale'; revision: number };

const PROJECT_NOT_FOUND = 'There is no such project: it may have been deleted, or the link is wrong.';
const SNAPSHOT_NOT_FOUND = 'This project has no such snapshot.';

const iso = (date: Date) => date.toISOString();

function storedCredit(row: ProjectRow): StoredRemixCredit | null {
  return row.remixedFromId && row.remixedFromTitle !== null && row.remixedFromAuthor !== null ? { id: row.remixedFromId, title: row.remixedFromTitle, authorName: row.remixedFromAuthor } : null;
}

/** The credit as shown: a link only while the original is still shared. */
async function remixCredit(repo: ProjectRepository, row: ProjectRow): Promise<RemixCredit | null> {
  const credit = storedCredit(row);
  if (!credit) return null;
  return { title: credit.title, authorName: credit.authorName, sharePath: (await repo.isShared(credit.id)) ? paths.sharedProject(credit.id) : null };
}

async function projectDto(repo: ProjectRepository, row: ProjectRow): Promise<Project> {
  return {
    id: row.id,
    title: row.title,
    language: row.language as ProjectLanguage,
    source: row.source as ProjectSource,
    sourceRef: row.sourceRef,
    files: row.files,
    revision: row.revision,
    shared: row.shared,
    sharePath: row.shared ? paths.sharedProject(row.id) : null,
    remixedFrom: await remixCredit(repo, row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function snapshotSummaryDto(row: Pick<SnapshotRow, 'id' | 'kind' | 'label' | 'createdAt'>): SnapshotSummary {
  return { id: row.id, kind: row.kind as SnapshotKind, label: row.label, createdAt: iso(row.createdAt) };
}

/** 422 for names and counts, 413 for sizes; nothing is written. */
function refuseInvalidFiles(language: ProjectLanguage, files: ProjectFile[]): void {
  const verdict = validateProjectFiles(language, files);
  if (!verdict.ok) throw new HttpError(verdict.kind === 'too-large' ? 413 : 422, verdict.message);
}

/**
 * `beforeCreate` is the Pro gate (issue 15): it is told how many projects the owner keeps, under
 * the owner's lock, and throws 402 when one more needs Pro.
 */
export function createProjectService(db: Database, content: ContentService, now: () => Date, beforeCreate: (ownerId: string, ownedProjects: number) => Promise<void> = async () => undefined) {
  const repository = createProjectRepository(db);
  const learning = createLearningRepository(db);
  const transaction = <T>(work: (repo: ProjectRepository) => Promise<T>): Promise<T> => db.transaction((tx) => work(createProjectRepository(tx as unknown as Database)));

  /** The owner's project; 404 for a malformed id, anyone else's project, or (unless asked) a deleted one. */
  async function owned(repo: ProjectRepository, ownerId: string, id: string, options: { lock?: boolean; includeDeleted?: boolean } = {}): Promise<ProjectRow> {
    if (!isRandomId(id)) throw notFound(PROJECT_NOT_FOUND);
    const row = await repo.findOwned(ownerId, id, { lock: options.lock });
    if (!row || (row.deletedAt && !options.includeDeleted)) throw notFound(PROJECT_NOT_FOUND);
    return row;
  }

  /** Locks the owner (creations queue) and refuses past the project limit. */
  async function holdRoomForOneMore(repo: ProjectRepository, ownerId: string): Promise<void> {
    if (!(await repo.lockOwner(ownerId))) throw new Error(`No user row for ${ownerId}: API callers are synced before the handler runs`);
    const owned = await repo.countActive(ownerId);
    if (owned >= MAX_PROJECTS_PER_LEARNER) {
      throw conflict(`You have ${MAX_PROJECTS_PER_LEARNER} projects, the most you can keep. Delete one to make room for another.`);
    }
  }

  /**
   * The Pro gate, asked before the owner's transaction: it reads the entitlement on its own
   * connection, which the embedded database (one connection) could not give inside it. Two
   * creations racing at the free allowance may both pass; MAX_PROJECTS_PER_LEARNER still holds.
   */
  async function askGate(ownerId: string): Promise<void> {
    await beforeCreate(ownerId, await repository.countActive(ownerId));
  }

  async function create(ownerId: string, project: Omit<NewProject, 'ownerId' | 'at'>): Promise<Project> {
    refuseInvalidFiles(project.language, project.files);
    await askGate(ownerId);
    return transaction(async (repo) => {
      await holdRoomForOneMore(repo, ownerId);
      return projectDto(repo, await repo.insert({ ...project, ownerId, at: now() }));
    });
  }

  /** Keeps at most MAX_SNAPSHOTS_PER_PROJECT, automatic ones going first. */
  async function prune(repo: ProjectRepository, projectId: string): Promise<void> {
    await repo.deleteSnapshots(snapshotsToPrune(await repo.snapshotRefs(projectId)));
  }

  /**
   * Every finished guided project this learner has not had yet becomes a project (once: a deleted
   * one is not made again). One without room under the limit waits for a later listing.
   */
  async function importFinishedGuidedProjects(ownerId: string): Promise<void> {
    const published = await content.publishedTracks();
    if (published.length === 0) return;
    const [completed, imported] = await Promise.all([learning.completedLessonIds(ownerId), repository.guidedSourceRefs(ownerId)]);
    const candidates = guidedProjectsToImport(
      published.map((entry) => entry.track),
      completed,
      imported,
    );
    for (const candidate of candidates) {
      const [saved] = await learning.savedFilesForLessons(ownerId, [candidate.lesson.id]);
      const start = guidedProjectStart(candidate, saved);
      const verdict = validateProjectFiles(start.language, start.files);
      if (!verdict.ok) {
        logger.warn(`build: guided project ${candidate.tutorialId} of ${ownerId} not imported: ${verdict.message}`);
        continue;
      }
      await transaction(async (repo) => {
        await repo.lockOwner(ownerId);
        if ((await repo.countActive(ownerId)) >= MAX_PROJECTS_PER_LEARNER) return;
        await repo.insertGuided({ ownerId, title: start.title, language: start.language, files: start.files, tutorialId: candidate.tutorialId, at: now() });
      });
    }
  }

  type Shared = NonNullable<Awaited<ReturnType<ProjectRepository['findShared']>>>;
  const authorOf = (found: Shared) => shownName({ id: found.ownerId, publicName: found.publicName, displayName: found.displayName });

  async function sharedDto(found: Shared): Promise<SharedProject> {
    const { project } = found;
    return {
      id: project.id,
      title: project.title,
      language: project.language as ProjectLanguage,
      files: project.files,
      authorName: authorOf(found),
      remixedFrom: await remixCredit(repository, project),
      updatedAt: iso(project.updatedAt),
    };
  }

  return {
    /** GET /projects: imports finished guided projects, drops projects past their undo window, lists. */
    async list(ownerId: string): Promise<ProjectList> {
      await transaction((repo) => repo.purgeDeletedBefore(ownerId, new Date(now().getTime() - DELETE_UNDO_WINDOW_MS)));
      await importFinishedGuidedProjects(ownerId);
      const rows = await repository.listActive(ownerId);
      return {
        projects: rows.map(
          (row): ProjectSummary => ({
            id: row.id,
            title: row.title,
            language: row.language as ProjectLanguage,
            source: row.source as ProjectSource,
            updatedAt: iso(row.updatedAt),
            shared: row.shared,
            fileCount: row.fileCount,
            preview: row.preview,
          }),
        ),
      };
    },

    createFromTemplate(ownerId: string, template: ProjectTemplate, title: string | undefined): Promise<Project> {
      const rule = TEMPLATE_RULES[template];
      return create(ownerId, { title: title ?? rule.defaultTitle, language: rule.language, files: templateFiles(template), source: 'template', sourceRef: template });
    },

    async get(ownerId: string, id: string): Promise<Project> {
      return projectDto(repository, await owned(repository, ownerId, id));
    },

    rename(ownerId: string, id: string, title: string): Promise<Project> {
      return transaction(async (repo) => {
        const row = await owned(repo, ownerId, id, { lock: true });
        return projectDto(repo, await repo.rename(row.id, title, now()));
      });
    },

    /**
     * PUT /projects/{id}/files: replaces every file. With a baseRevision that is no longer current
     * nothing is written and the current revision comes back (the client keeps its draft and
     * resolves). Takes an automatic snapshot of the saved files when the last one is 10 minutes old.
     */
    saveFiles(ownerId: string, id: string, files: ProjectFile[], baseRevision: number | undefined): Promise<SaveFilesResult> {
      return transaction(async (repo) => {
        const row = await owned(repo, ownerId, id, { lock: true });
        if (baseRevision !== undefined && baseRevision !== row.revision) return { kind: 'stale', revision: row.revision };
        refuseInvalidFiles(row.language as ProjectLanguage, files);
        const lostEntry = entryFileRemovalRefusal(row.language as ProjectLanguage, row.files, files);
        if (lostEntry) throw new HttpError(422, lostEntry);
        const at = now();
        const updated = await repo.updateFiles(row, files, at);
        if (autoSnapshotDue(await repo.lastSnapshotAt(row.id, 'auto'), at)) {
          await repo.insertSnapshot({ projectId: row.id, kind: 'auto', label: null, files, at });
          await prune(repo, row.id);
        }
        return { kind: 'saved', project: await projectDto(repo, updated) };
      });
    },

    /**
     * GET /projects/deleted: the owner's projects deleted in the last 30 days (those past it are
     * dropped first), with how long each can still be restored. Only ever the caller's own.
     */
    async listDeleted(ownerId: string): Promise<RecentlyDeletedList> {
      const at = now();
      const since = new Date(at.getTime() - DELETE_UNDO_WINDOW_MS);
      await transaction((repo) => repo.purgeDeletedBefore(ownerId, since));
      const rows = await repository.listDeleted(ownerId, since);
      return {
        projects: rows.flatMap((row) =>
          row.deletedAt && canUndoDelete(row.deletedAt, at)
            ? [{ id: row.id, title: row.title, language: row.language as ProjectLanguage, deletedAt: iso(row.deletedAt), restoreUntil: iso(undoDeadline(row.deletedAt)), daysLeft: daysLeftToRestore(row.deletedAt, at), shared: row.shared }]
            : [],
        ),
      };
    },

    /** Soft delete: hidden (its public link, if shared, answers 404 meanwhile), restorable for 30 days with its sharing as it was. */
    remove(ownerId: string, id: string): Promise<DeletedProject> {
      return transaction(async (repo) => {
        const row = await owned(repo, ownerId, id, { lock: true });
        const at = now();
        await repo.markDeleted(row.id, at);
        return { undoUntil: iso(undoDeadline(at)) };
      });
    },

    /** Undoes a delete within the window (the project counts toward the limit again); a project not deleted comes back as it is. */
    async restore(ownerId: string, id: string): Promise<Project> {
      // A deleted project comes back as one more: past the free allowance that is Pro's.
      if ((await owned(repository, ownerId, id, { includeDeleted: true })).deletedAt) await askGate(ownerId);
      return transaction(async (repo) => {
        // The owner first, as every creation locks it: the same order everywhere, no deadlock.
        await repo.lockOwner(ownerId);
        const row = await owned(repo, ownerId, id, { lock: true, includeDeleted: true });
        if (!row.deletedAt) return projectDto(repo, row);
        if (!canUndoDelete(row.deletedAt, now())) throw notFound(PROJECT_NOT_FOUND);
        await holdRoomForOneMore(repo, ownerId);
        return projectDto(repo, await repo.markRestored(row.id));
      });
    },

    /** "Copy of …"; a copy of a remix keeps the remix's credit. */
    async duplicate(ownerId: string, id: string): Promise<Project> {
      const original = await owned(repository, ownerId, id);
      return create(ownerId, { title: copyTitle(original.title), language: original.language as ProjectLanguage, files: original.files, source: 'duplicate', sourceRef: original.id, remixedFrom: storedCredit(original) });
    },

    async snapshots(ownerId: string, id: string): Promise<SnapshotList> {
      const row = await owned(repository, ownerId, id);
      return { snapshots: (await repository.listSnapshots(row.id)).map(snapshotSummaryDto) };
    },

    createSnapshot(ownerId: string, id: string, label: string | null): Promise<SnapshotSummary> {
      return transaction(async (repo) => {
        const row = await owned(repo, ownerId, id, { lock: true });
        const snapshot = await repo.insertSnapshot({ projectId: row.id, kind: 'manual', label, files: row.files, at: now() });
        await prune(repo, row.id);
        return snapshotSummaryDto(snapshot);
      });
    },

    async snapshot(ownerId: string, id: string, snapshotId: string): Promise<Snapshot> {
      const row = await owned(repository, ownerId, id);
      const snapshot = isRandomId(snapshotId) ? await repository.findSnapshot(row.id, snapshotId) : null;
      if (!snapshot) throw notFound(SNAPSHOT_NOT_FOUND);
      return { ...snapshotSummaryDto(snapshot), files: snapshot.files };
    },

    /** Keeps the current files as a 'before-restore' snapshot, then puts the snapshot's files back (a new revision). */
    restoreSnapshot(ownerId: string, id: string, snapshotId: string): Promise<Project> {
      return transaction(async (repo) => {
        const row = await owned(repo, ownerId, id, { lock: true });
        const snapshot = isRandomId(snapshotId) ? await repo.findSnapshot(row.id, snapshotId) : null;
        if (!snapshot) throw notFound(SNAPSHOT_NOT_FOUND);
        const at = now();
        await repo.insertSnapshot({ projectId: row.id, kind: 'before-restore', label: null, files: row.files, at });
        const updated = await repo.updateFiles(row, snapshot.files, at);
        await prune(repo, row.id);
        return projectDto(repo, updated);
      });
    },

    setShared(ownerId: string, id: string, shared: boolean): Promise<Share> {
      return transaction(async (repo) => {
        const row = await owned(repo, ownerId, id, { lock: true });
        await repo.setShared(row.id, shared, now());
        return { shared, sharePath: shared ? paths.sharedProject(row.id) : null };
      });
    },

    /** What anyone may read of a shared project; 404 when not shared (any more), deleted or unknown. */
    async shared(id: string): Promise<SharedProject> {
      const found = isRandomId(id) ? await repository.findShared(id) : null;
      if (!found) throw notFound('There is no shared project here: it may have been unshared or deleted.');
      return sharedDto(found);
    },

    /**
     * A shared project for a viewer: `viewerIsOwner` when the signed-in viewer is its author (their
     * page offers Edit, not Remix). The owner is compared here, never sent.
     */
    async sharedFor(viewerId: string | null, id: string): Promise<{ project: SharedProject; viewerIsOwner: boolean }> {
      const found = isRandomId(id) ? await repository.findShared(id) : null;
      if (!found) throw notFound('There is no shared project here: it may have been unshared or deleted.');
      return { project: await sharedDto(found), viewerIsOwner: viewerId !== null && viewerId === found.ownerId };
    },

    /**
     * The caller's own copy of a shared project. Its credit (the original's id, title and author's
     * shown name) is read here from the original itself; the request carries nothing of it.
     */
    async remix(ownerId: string, id: string): Promise<Project> {
      const found = isRandomId(id) ? await repository.findShared(id) : null;
      if (!found) throw notFound('There is no shared project here: it may have been unshared or deleted.');
      const { project } = found;
      const remixedFrom = { id: project.id, title: project.title, authorName: authorOf(found) };
      return create(ownerId, { title: project.title, language: project.language as ProjectLanguage, files: project.files, source: 'remix', sourceRef: project.id, remixedFrom });
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
