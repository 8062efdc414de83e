/** Which files a lesson opens with. */

export interface LessonFile {
  name: string;
  content: string;
}

export interface SavedLessonFiles {
  lessonId: string;
  files: LessonFile[];
}

/**
 * For the last lesson of the last chapter, the learner's saved files are used if present,
 * otherwise the lesson's default files (spec §4). Other lessons open with their defaults.
 */
export function filesForLesson(input: {
  isLastLessonOfLastChapter: boolean;
  defaultFiles: LessonFile[];
  saved: SavedLessonFiles | undefined;
}): LessonFile[] {
  if (input.isLastLessonOfLastChapter && input.saved && input.saved.files.length > 0) return input.saved.files;
  return input.defaultFiles;
}

/** True only for plain objects: not arrays, not null, not class instances. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
