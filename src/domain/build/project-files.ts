import { LANGUAGE_RULES, type ProjectFile, type ProjectLanguage } from './project-templates';

/**
 * What a project's files may be: names a zip file, a URL and every operating system accept the
 * same way, and sizes a learner's project never needs to pass. The server refuses a save that
 * breaks any rule (nothing is stored); the browser can run the same rule before sending.
 */

export const MAX_FILES_PER_PROJECT = 30;
/** UTF-8 bytes of one file's content. */
export const MAX_FILE_BYTES = 100_000;
/** UTF-8 bytes of all files' contents together. */
export const MAX_PROJECT_BYTES = 500_000;
export const MAX_PATH_LENGTH = 100;
/** Path segments: `a/b/c.py` is 3 deep. */
export const MAX_PATH_DEPTH = 3;

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** UTF-8 length without encoding (a lone surrogate counts as U+FFFD's 3 bytes, as TextEncoder does). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

const formatBytes = (bytes: number) => bytes.toLocaleString('en-US');

/** The name as a learner would read it: shortened, unprintable characters shown as �. */
function quote(path: string): string {
  const characters = Array.from(path.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '\uFFFD'));
  return `"${characters.length > 40 ? `${characters.slice(0, 40).join('')}…` : characters.join('')}"`;
}

function extensionList(language: ProjectLanguage): string {
  return LANGUAGE_RULES[language].extensions.map((extension) => `.${extension}`).join(', ');
}

/** Why a file path is refused in a project of `language`, or null when it is fine. */
export function filePathRefusal(language: ProjectLanguage, path: string): string | null {
  if (path.length === 0) return 'Every file needs a name.';
  const quoted = quote(path);
  if (path.length > MAX_PATH_LENGTH) return `File names can be at most ${MAX_PATH_LENGTH} characters long (${quoted}).`;
  if (path.includes('\\')) return `File names can't contain '\\'. Use '/' between folders (${quoted}).`;
  if (path.startsWith('/')) return `File names can't start with '/': use a name like "folder/file" (${quoted}).`;
  if (path.includes('..')) return `File names can't contain '..' (${quoted}).`;
  const segments = path.split('/');
  if (segments.some((segment) => segment.length === 0)) return `File names can't have an empty part between '/' or a '/' at the end (${quoted}).`;
  if (segments.some((segment) => segment.startsWith('.'))) return `File and folder names can't start with '.' (${quoted}).`;
  if (!segments.every((segment) => SEGMENT.test(segment))) return `File names can only use letters, digits, '.', '-' and '_', with '/' between folders (${quoted}).`;
  if (segments.length > MAX_PATH_DEPTH) return `Files can be at most ${MAX_PATH_DEPTH} levels deep, like "a/b/c.txt" (${quoted}).`;
  const name = segments[segments.length - 1] ?? path;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const rule = LANGUAGE_RULES[language];
  if (!extension) return `${quoted} needs an extension. A ${rule.label} project can have ${extensionList(language)} files.`;
  if (!rule.extensions.includes(extension)) return `A ${rule.label} project can't have .${extension} files (${quoted}). Allowed: ${extensionList(language)}.`;
  return null;
}

export type FilesRefusalKind = 'invalid' | 'too-large';

export type FilesVerdict = { ok: true } | { ok: false; kind: FilesRefusalKind; message: string };

/**
 * The first reason a project's whole set of files is refused, or ok. `invalid`: a name or the
 * number of files (the server answers 422); `too-large`: a size limit (413).
 */
export function validateProjectFiles(language: ProjectLanguage, files: readonly ProjectFile[]): FilesVerdict {
  const invalid = (message: string): FilesVerdict => ({ ok: false, kind: 'invalid', message });
  const tooLarge = (message: string): FilesVerdict => ({ ok: false, kind: 'too-large', message });
  if (files.length === 0) return invalid('A project needs at least one file.');
  if (files.length > MAX_FILES_PER_PROJECT) return invalid(`A project can have at most ${MAX_FILES_PER_PROJECT} files (this one has ${files.length}).`);
  for (const file of files) {
    const refusal = filePathRefusal(language, file.path);
    if (refusal) return invalid(refusal);
  }
  // Case-insensitively: a zip of the project opened on macOS or Windows would lose one of them.
  const byName = new Map<string, string>();
  for (const file of files) {
    const key = file.path.toLowerCase();
    const earlier = byName.get(key);
    if (earlier !== undefined) {
      return invalid(earlier === file.path ? `There are two files called "${file.path}".` : `"${earlier}" and "${file.path}" differ only in capitals: rename one of them.`);
    }
    byName.set(key, file.path);
  }
  for (const file of files) {
    const segments = file.path.toLowerCase().split('/');
    for (let depth = 1; depth < segments.length; depth += 1) {
      const folder = segments.slice(0, depth).join('/');
      if (byName.has(folder)) return invalid(`"${byName.get(folder) ?? folder}" can't be both a file and a folder.`);
    }
  }
  let total = 0;
  for (const file of files) {
    const bytes = utf8Bytes(file.content);
    if (bytes > MAX_FILE_BYTES) return tooLarge(`"${file.path}" is larger than ${formatBytes(MAX_FILE_BYTES)} bytes (it has ${formatBytes(bytes)}).`);
    total += bytes;
  }
  if (total > MAX_PROJECT_BYTES) return tooLarge(`The files are larger than ${formatBytes(MAX_PROJECT_BYTES)} bytes together (they have ${formatBytes(total)}).`);
  return { ok: true };
}
