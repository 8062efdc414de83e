import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { preparedOnce } from '@/server/db/prepared';
import { lessonCompletions, savedFiles, type StoredFile } from '@/server/db/schema';

export interface SavedFilesRecord {
  lessonId: string;
  files: StoredFile[];
  publishSetVersion: number;
  updatedAt: Date;
}

export interface CompletionInput {
  userId: string;
  lessonId: string;
  trackId: string;
  tutorialId: string;
  chapterId: string;
  mode: string;
  attempts: number;
  usedHints: boolean;
  publishSetVersion: number;
}

/** What the lesson page reads of a learner: their completed lessons in a track, and their saved files of one lesson. */
export interface LessonPageReads {
  completed: Set<string>;
  saved: SavedFilesRecord | null;
}

/**
 * The lesson page's reads as two columns of one row, with the placeholders `userId`, `trackId`
 * and `lessonId` (null: no saved files asked for). Used on their own (completedAndSaved) and
 * alongside the page's session check (the content repository's lesson page start; issue 18).
 */
export function lessonPageReadColumns() {
  return {
    completed: sql<string>`(select coalesce(json_agg(c.lesson_id), '[]')::text
      from ${lessonCompletions} c where c.user_id = ${sql.placeholder('userId')} and c.track_id = ${sql.placeholder('trackId')})`,
    saved: sql<string | null>`(select json_build_object('lessonId', f.lesson_id, 'files', f.files, 'publishSetVersion', f.publish_set_version, 'updatedAt', f.updated_at)::text
      from ${savedFiles} f where f.user_id = ${sql.placeholder('userId')} and f.lesson_id = ${sql.placeholder('lessonId')})`,
  };
}

export function decodeLessonPageReads(row: { completed: string; saved: string | null }): LessonPageReads {
  const saved = row.saved === null ? null : (JSON.parse(row.saved) as Omit<SavedFilesRecord, 'updatedAt'> & { updatedAt: string });
  return { completed: new Set(JSON.parse(row.completed) as string[]), saved: saved && { ...saved, updatedAt: new Date(saved.updatedAt) } };
}

export function createLearningRepository(db: Database) {
  // Read on every lesson and section page and chapter call (one track), and by GET /tracks (all).
  const completedInTrack = preparedOnce(() =>
    db
      .select({ lessonId: lessonCompletions.lessonId })
      .from(lessonCompletions)
      .where(and(eq(lessonCompletions.userId, sql.placeholder('userId')), eq(lessonCompletions.trackId, sql.placeholder('trackId'))))
      .prepare('codetrail_completed_in_track'),
  );
  // The lesson page's reads (completedAndSaved), prepared like the others: read on every lesson page.
  const completedAndSavedOf = preparedOnce(() => db.select(lessonPageReadColumns()).from(sql`(select 1) as one`).prepare('codetrail_lesson_page_reads'));
  const completedAll = preparedOnce(() =>
    db.select({ lessonId: lessonCompletions.lessonId }).from(lessonCompletions).where(eq(lessonCompletions.userId, sql.placeholder('userId'))).prepare('codetrail_completed_all'),
  );

  return {
    async savedFilesForLessons(userId: string, lessonIds: string[]): Promise<SavedFilesRecord[]> {
      if (lessonIds.length === 0) return [];
      return db
        .select({ lessonId: savedFiles.lessonId, files: savedFiles.files, publishSetVersion: savedFiles.publishSetVersion, updatedAt: savedFiles.updatedAt })
        .from(savedFiles)
        .where(and(eq(savedFiles.userId, userId), inArray(savedFiles.lessonId, lessonIds)));
    },

    /**
     * The lesson page's reads in one statement (issue 18): the learner's completed lessons in the
     * track and, for a lesson given, their saved files of it (null when never saved).
     */
    async completedAndSaved(userId: string, trackId: string, lessonId: string | null): Promise<LessonPageReads> {
      const [row] = await completedAndSavedOf().execute({ userId, trackId, lessonId });
      if (!row) throw new Error('the lesson page read returned no row');
      return decodeLessonPageReads(row);
    },

    /** Last write wins per (learner, lesson). */
    async saveFiles(input: { userId: string; lessonId: string; trackId: string; chapterId: string; publishSetVersion: number; files: StoredFile[] }): Promise<SavedFilesRecord> {
      const [row] = await db
        .insert(savedFiles)
        .values(input)
        .onConflictDoUpdate({
          target: [savedFiles.userId, savedFiles.lessonId],
          set: { files: input.files, publishSetVersion: input.publishSetVersion, trackId: input.trackId, chapterId: input.chapterId, updatedAt: sql`now()` },
        })
        .returning({ lessonId: savedFiles.lessonId, files: savedFiles.files, publishSetVersion: savedFiles.publishSetVersion, updatedAt: savedFiles.updatedAt });
      if (!row) throw new Error('Saving files returned no row');
      return row;
    },

    async clearSavedFiles(userId: string, lessonIds: string[]): Promise<number> {
      if (lessonIds.length === 0) return 0;
      const deleted = await db
        .delete(savedFiles)
        .where(and(eq(savedFiles.userId, userId), inArray(savedFiles.lessonId, lessonIds)))
        .returning({ lessonId: savedFiles.lessonId });
      return deleted.length;
    },

    /** Records the first completion; a repeat returns the stored one unchanged. */
    async recordCompletion(input: CompletionInput): Promise<{ completedAt: Date; firstCompletion: boolean }> {
      const inserted = await db.insert(lessonCompletions).values(input).onConflictDoNothing().returning({ completedAt: lessonCompletions.completedAt });
      if (inserted[0]) return { completedAt: inserted[0].completedAt, firstCompletion: true };
      const [existing] = await db
        .select({ completedAt: lessonCompletions.completedAt })
        .from(lessonCompletions)
        .where(and(eq(lessonCompletions.userId, input.userId), eq(lessonCompletions.lessonId, input.lessonId)));
      if (!existing) throw new Error('Completion neither inserted nor found');
      return { completedAt: existing.completedAt, firstCompletion: false };
    },

    /** The learner's most recent completion (their active track, a lesson to review). */
    async lastCompletion(userId: string): Promise<{ lessonId: string; trackId: string; tutorialId: string; chapterId: string } | null> {
      const [row] = await db
        .select({ lessonId: lessonCompletions.lessonId, trackId: lessonCompletions.trackId, tutorialId: lessonCompletions.tutorialId, chapterId: lessonCompletions.chapterId })
        .from(lessonCompletions)
        .where(eq(lessonCompletions.userId, userId))
        .orderBy(desc(lessonCompletions.completedAt))
        .limit(1);
      return row ?? null;
    },

    /** Every lesson the learner passed, with how (first completion of each). */
    async completions(userId: string): Promise<{ lessonId: string; trackId: string; attempts: number; usedHints: boolean; completedAt: Date }[]> {
      return db
        .select({ lessonId: lessonCompletions.lessonId, trackId: lessonCompletions.trackId, attempts: lessonCompletions.attempts, usedHints: lessonCompletions.usedHints, completedAt: lessonCompletions.completedAt })
        .from(lessonCompletions)
        .where(eq(lessonCompletions.userId, userId));
    },

    async completedLessonIds(userId: string, trackId?: string): Promise<Set<string>> {
      const rows = trackId ? await completedInTrack().execute({ userId, trackId }) : await completedAll().execute({ userId });
      return new Set(rows.map((row) => row.lessonId));
    },
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
