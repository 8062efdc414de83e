/** Code languages (spec §3) and the file-extension rules of spec §4. */

export const CODE_LANGUAGES = [
  'html', 'css', 'javascript', 'jsx', 'python', 'sql', 'bash', 'cpp', 'csharp',
  'java', 'kotlin', 'lua', 'php', 'r', 'ruby', 'swift', 'json', 'typescript',
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export function isCodeLanguage(value: string): value is CodeLanguage {
  return (CODE_LANGUAGES as readonly string[]).includes(value);
}

const LANGUAGE_BY_EXTENSION: Record<string, CodeLanguage> = {
  html: 'html',
  css: 'css',
  js: 'javascript',
  jsx: 'jsx',
  py: 'python',
  sql: 'sql',
  json: 'json',
  ts: 'typescript',
};

/** html, css, js→javascript, jsx, py→python, sql, json, ts→typescript; anything else: none. */
export function languageFromFileName(fileName: string): CodeLanguage | 'none' {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return 'none';
  return LANGUAGE_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? 'none';
}

const EXTENSION_BY_LANGUAGE: Partial<Record<CodeLanguage, string>> = {
  html: 'html',
  css: 'css',
  javascript: 'js',
  python: 'py',
  sql: 'sql',
  jsx: 'jsx',
};

export class UnknownCodeLanguageError extends Error {
  override name = 'UnknownCodeLanguageError';
  constructor(readonly language: string) {
    super(`unknown coding language: ${language}`);
  }
}

/** The reverse mapping: html, css, js, py, sql, jsx; any other language raises. */
export function extensionForLanguage(language: string): string {
  const extension = EXTENSION_BY_LANGUAGE[language as CodeLanguage];
  if (!extension) throw new UnknownCodeLanguageError(language);
  return extension;
}
