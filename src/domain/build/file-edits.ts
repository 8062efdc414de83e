import { validateProjectFiles } from './project-files';
import { LANGUAGE_RULES, type ProjectFile, type ProjectLanguage } from './project-templates';

/**
 * The editor's file operations (add, rename, delete) as pure rules: the new file list, or the
 * sentence that says why not. Checked against the same rules the server applies on save, so a
 * refused change never reaches the draft.
 */
export type FileEdit = { ok: true; files: ProjectFile[] } | { ok: false; message: string };

function checked(language: ProjectLanguage, files: ProjectFile[]): FileEdit {
  const verdict = validateProjectFiles(language, files);
  return verdict.ok ? { ok: true, files } : { ok: false, message: verdict.message };
}

export function addFile(language: ProjectLanguage, files: readonly ProjectFile[], rawPath: string): FileEdit {
  const path = rawPath.trim();
  return checked(language, [...files, { path, content: '' }]);
}

export function renameFile(language: ProjectLanguage, files: readonly ProjectFile[], from: string, rawTo: string): FileEdit {
  const to = rawTo.trim();
  if (!files.some((file) => file.path === from)) return { ok: false, message: `There is no file called "${from}".` };
  if (to === from) return { ok: true, files: [...files] };
  if (from === LANGUAGE_RULES[language].entryFile) return { ok: false, message: `${from} is where the project starts, so it keeps its name.` };
  return checked(
    language,
    files.map((file) => (file.path === from ? { path: to, content: file.content } : file)),
  );
}

/**
 * Why a change from `before` to `after` is refused for losing the file the project starts from
 * (index.html, main.py …), or null. The server applies it to every save, the editor to deletes:
 * one rule, so the editor never offers what the server would refuse. A project that never had its
 * entry file (an imported guided project) is not held to it.
 */
export function entryFileRemovalRefusal(language: ProjectLanguage, before: readonly ProjectFile[], after: readonly ProjectFile[]): string | null {
  const entry = LANGUAGE_RULES[language].entryFile;
  const had = before.some((file) => file.path === entry);
  return had && !after.some((file) => file.path === entry) ? `${entry} is where the project starts, so it can't be deleted.` : null;
}

export function deleteFile(language: ProjectLanguage, files: readonly ProjectFile[], path: string): FileEdit {
  if (!files.some((file) => file.path === path)) return { ok: false, message: `There is no file called "${path}".` };
  const next = files.filter((file) => file.path !== path);
  const refusal = entryFileRemovalRefusal(language, files, next);
  if (refusal) return { ok: false, message: refusal };
  return checked(language, next);
}

/** Whether the editor offers to delete `path` at all: only when deleteFile would allow it. */
export function canDeleteFile(language: ProjectLanguage, files: readonly ProjectFile[], path: string): boolean {
  return deleteFile(language, files, path).ok;
}

/** Whether the editor offers to rename `path`: the entry file keeps its name. */
export function canRenameFile(language: ProjectLanguage, path: string): boolean {
  return path !== LANGUAGE_RULES[language].entryFile;
}
