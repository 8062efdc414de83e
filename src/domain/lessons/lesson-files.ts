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
 * Which files a code lesson opens with on the server: the learner's saved files if present,
 * otherwise the lesson's default files. Spec §4 states this for the last lesson of the last
 * chapter; it holds for every code lesson so saved code follows the learner to any device (the
 * browser then keeps the newer of this and its local draft). Saved files hold only the editable
 * files, so they are laid over the defaults by name; a saved file the lesson no longer has is dropped.
 */
export function filesForLesson(input: { defaultFiles: LessonFile[]; saved: SavedLessonFiles | undefined }): LessonFile[] {
  const saved = new Map((input.saved?.files ?? []).map((file) => [file.name, file.content]));
  return input.defaultFiles.map((file) => ({ name: file.name, content: saved.get(file.name) ?? file.content }));
}

/** True only for plain objects: not arrays, not null, not class instances. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
