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

export function deleteFile(language: ProjectLanguage, files: readonly ProjectFile[], path: string): FileEdit {
  if (!files.some((file) => file.path === path)) return { ok: false, message: `There is no file called "${path}".` };
  if (path === LANGUAGE_RULES[language].entryFile) return { ok: false, message: `${path} is where the project starts, so it can't be deleted.` };
  return checked(
    language,
    files.filter((file) => file.path !== path),
  );
}
