import type { ProjectFileDto } from '@/domain/build/project-dto';
import { LANGUAGE_RULES, type ProjectLanguage } from '@/domain/build/project-templates';
import type { RunRequest } from '@/runner/run-types';

/** Programs that run with the lesson runtimes (a web project shows its page instead). */
const LESSON_TYPE = { python: 'Python', javascript: 'JS', sql: 'SQL' } as const;

/**
 * What Run sends to the check engine for a project: no checks, the entry file first (the runtimes
 * start from the first file of their language), and for SQL the playground's `schema.sql` as the
 * database's starting data, so the queries in query.sql run against it.
 */
export function projectRunRequest(language: Exclude<ProjectLanguage, 'web'>, files: readonly ProjectFileDto[]): RunRequest {
  const entry = LANGUAGE_RULES[language].entryFile;
  const ordered = [...files].sort((a, b) => Number(b.path === entry) - Number(a.path === entry)).map((file) => ({ name: file.path, content: file.content }));
  if (language === 'sql') {
    const schema = ordered.find((file) => file.name === 'schema.sql');
    return { lessonType: LESSON_TYPE.sql, files: ordered.filter((file) => file !== schema), checks: [], seed: schema?.content ?? null, stdin: [] };
  }
  return { lessonType: LESSON_TYPE[language], files: ordered, checks: [], seed: null, stdin: [] };
}
