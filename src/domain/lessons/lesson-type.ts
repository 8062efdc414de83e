import { languageFromFileName } from './code-language';

/** What runs a lesson in the player (spec §4). */
export const LESSON_TYPES = ['SQL', 'HTML', 'JS', 'Python'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

/**
 * Any sql file → SQL; else any html file → HTML; else all javascript (jsx counts as
 * javascript) → JS; else all python → Python; otherwise HTML.
 */
export function lessonTypeFromFiles(files: readonly { name: string }[]): LessonType {
  const languages = files.map((file) => languageFromFileName(file.name));
  if (languages.includes('sql')) return 'SQL';
  if (languages.includes('html')) return 'HTML';
  if (languages.length > 0 && languages.every((language) => language === 'javascript' || language === 'jsx')) return 'JS';
  if (languages.length > 0 && languages.every((language) => language === 'python')) return 'Python';
  return 'HTML';
}
