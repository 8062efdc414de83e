import type { Chapter, Lesson, Track, Tutorial } from '@/domain/content/model';
import { filesForLesson, type LessonFile } from '@/domain/lessons/lesson-files';
import type { Database } from '@/server/db/client';
import type { StoredFile } from '@/server/db/schema';
import { notFound, unprocessable, HttpError } from '@/server/http/http-error';
import type { LessonReadsRequest } from '@/server/repositories/content-repository';
import { createLearningRepository, type LessonPageReads } from '@/server/repositories/learning-repository';
import type { ContentService } from './content-service';

export const MAX_FILE_BYTES = 100 * 1024;
export const MAX_TOTAL_BYTES = 512 * 1024;

export interface LessonPath {
  trackId: string;
  tutorialId: string;
  chapterId: string;
}

export interface Located {
  track: Track;
  tutorial: Tutorial;
  chapter: Chapter;
}

export function locateChapter(track: Track, path: LessonPath): Located {
  const tutorial = track.tutorials.find((candidate) => candidate.id === path.tutorialId);
  if (!tutorial) throw notFound(`Track "${track.id}" has no tutorial "${path.tutorialId}".`);
  const chapter = tutorial.chapters.find((candidate) => candidate.id === path.chapterId);
  if (!chapter) throw notFound(`Tutorial "${tutorial.id}" has no chapter "${path.chapterId}".`);
  return { track, tutorial, chapter };
}

export function locateLesson(located: Located, lessonId: string): Lesson {
  const lesson = located.chapter.lessons.find((candidate) => candidate.id === lessonId);
  if (!lesson) throw notFound(`Chapter "${located.chapter.id}" has no lesson "${lessonId}".`);
  return lesson;
}

/** Validates a learner's files against the lesson: only its editable files, within size limits. */
export function validateLessonFiles(lesson: Lesson, files: { name: string; userContent: string }[]): StoredFile[] {
  const editable = new Set((lesson.executableContent?.files ?? []).filter((file) => file.editable).map((file) => file.name));
  if (editable.size === 0) throw unprocessable(`Lesson "${lesson.id}" has no files to save.`);
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    if (!editable.has(file.name)) throw unprocessable(`"${file.name}" is not an editable file of lesson "${lesson.id}" (editable: ${[...editable].join(', ')}).`);
    if (seen.has(file.name)) throw unprocessable(`"${file.name}" appears twice.`);
    seen.add(file.name);
    const bytes = Buffer.byteLength(file.userContent, 'utf8');
    if (bytes > MAX_FILE_BYTES) throw new HttpError(413, `"${file.name}" is larger than ${MAX_FILE_BYTES / 1024} KB.`);
    total += bytes;
  }
  if (total > MAX_TOTAL_BYTES) throw new HttpError(413, `The files are larger than ${MAX_TOTAL_BYTES / 1024} KB together.`);
  return files.map((file) => ({ name: file.name, content: file.userContent }));
}

/** Saved files and completions for one learner: they only ever see and change their own. */
/** The lesson whose saved files the lesson page reads: a code lesson with files, else none. */
export function savedFilesLessonOf(lesson: Lesson | null): string | null {
  return lesson?.interaction.kind === 'code' && lesson.executableContent ? lesson.id : null;
}

export function createLearningService(db: Database, content: ContentService) {
  const repository = createLearningRepository(db);

  async function trackVersionOrThrow(trackId: string, version: number): Promise<Track> {
    const track = await content.trackAt(trackId, version);
    if (!track) throw notFound(`Track "${trackId}" has no version ${version}.`);
    return track;
  }

  return {
    completedLessonIds: (userId: string, trackId?: string) => repository.completedLessonIds(userId, trackId),
    lastCompletion: (userId: string) => repository.lastCompletion(userId),

    async savedFiles(userId: string, path: LessonPath, trackVersion: number) {
      const { chapter } = locateChapter(await trackVersionOrThrow(path.trackId, trackVersion), path);
      const records = await repository.savedFilesForLessons(userId, chapter.lessons.map((lesson) => lesson.id));
      return { savedFiles: records.map((record) => ({ lessonId: record.lessonId, files: record.files, publishSetVersion: record.publishSetVersion, savedAt: record.updatedAt.toISOString() })) };
    },

    /**
     * The lesson page's reads, one statement: the learner's completed lessons in the track, and
     * the files a code lesson opens with (saved files over the defaults) with when they were saved
     * (null: never, the starter files); `opening` is null for lessons without code. `prefetched`:
     * the same reads made along with the session check (withSession's snapshot), used when they
     * were made for this learner, track and lesson; otherwise read here.
     */
    async lessonPageReads(
      userId: string,
      trackId: string,
      lesson: Lesson | null,
      prefetched?: LessonReadsRequest & LessonPageReads,
    ): Promise<{ completed: Set<string>; opening: { files: LessonFile[]; savedAt: string | null } | null }> {
      const executable = lesson?.interaction.kind === 'code' ? lesson.executableContent : null;
      const lessonId = savedFilesLessonOf(lesson);
      // Read along with the session check when that guessed the same learner, track and lesson.
      const reads =
        prefetched && prefetched.userId === userId && prefetched.trackId === trackId && prefetched.lessonId === lessonId
          ? prefetched
          : await repository.completedAndSaved(userId, trackId, lessonId);
      const { completed, saved } = reads;
      if (!executable) return { completed, opening: null };
      const files = filesForLesson({ defaultFiles: executable.files.map(({ name, content }) => ({ name, content })), saved: saved ?? undefined });
      return { completed, opening: { files, savedAt: saved ? saved.updatedAt.toISOString() : null } };
    },

    async clearSavedFiles(userId: string, path: LessonPath, trackVersion: number) {
      const { chapter } = locateChapter(await trackVersionOrThrow(path.trackId, trackVersion), path);
      return { cleared: await repository.clearSavedFiles(userId, chapter.lessons.map((lesson) => lesson.id)) };
    },

    async saveFiles(userId: string, path: LessonPath & { lessonId: string }, publishSetVersion: number, files: { name: string; userContent: string }[]) {
      if (!(await content.publishSetExists(publishSetVersion))) throw notFound(`There is no publish set ${publishSetVersion}.`);
      const published = await content.publishedTrack(path.trackId);
      if (!published) throw notFound(`There is no published track "${path.trackId}".`);
      const lesson = locateLesson(locateChapter(published.track, path), path.lessonId);
      const stored = validateLessonFiles(lesson, files);
      const record = await repository.saveFiles({ userId, lessonId: lesson.id, trackId: path.trackId, chapterId: path.chapterId, publishSetVersion, files: stored });
      return { lessonId: record.lessonId, publishSetVersion: record.publishSetVersion, savedAt: record.updatedAt.toISOString() };
    },

  };
}

export type LearningService = ReturnType<typeof createLearningService>;
