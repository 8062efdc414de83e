import type { Lesson, Track, Tutorial } from '../content/model';
import { filesForLesson, type SavedLessonFiles } from '../lessons/lesson-files';
import { lessonTypeFromFiles, type LessonType } from '../lessons/lesson-type';
import { tutorialFinished } from '../progress/section-path';
import { fitTitle } from './project-rules';
import { TEMPLATE_RULES, type ProjectFile, type ProjectLanguage } from './project-templates';

/**
 * A finished guided project (a tutorial of kind `project`) becomes the learner's own project in
 * the build area, once: its files are those of the project's last code lesson as the learner left
 * them. "Finished" is the project-done screen's rule (every lesson of the tutorial passed).
 */

/** The project language that runs a lesson's files the way the player ran them. */
export const LANGUAGE_BY_LESSON_TYPE: Record<LessonType, ProjectLanguage> = { SQL: 'sql', HTML: 'web', JS: 'javascript', Python: 'python' };

/** SQL lessons run on a seed the learner never edits; in a project it becomes this file. */
export const SQL_SEED_FILE = 'schema.sql';

export interface GuidedProjectCandidate {
  trackId: string;
  tutorialId: string;
  title: string;
  /** The code lesson whose files start the project. */
  lesson: Lesson;
}

/** The tutorial's last lesson with code to carry over, or null when it has none. */
export function lastCodeLesson(tutorial: Tutorial): Lesson | null {
  const lessons = tutorial.chapters.flatMap((chapter) => chapter.lessons);
  for (let index = lessons.length - 1; index >= 0; index -= 1) {
    const lesson = lessons[index];
    if (lesson && lesson.interaction.kind === 'code' && (lesson.executableContent?.files.length ?? 0) > 0) return lesson;
  }
  return null;
}

/**
 * The guided projects to import now: tutorials of kind `project` every lesson of which is in
 * `completed`, whose id is not in `imported` (already imported, even if deleted since), and which
 * have a code lesson.
 */
export function guidedProjectsToImport(tracks: readonly Track[], completed: ReadonlySet<string>, imported: ReadonlySet<string>): GuidedProjectCandidate[] {
  return tracks.flatMap((track) =>
    track.tutorials.flatMap((tutorial): GuidedProjectCandidate[] => {
      if (tutorial.kind !== 'project' || imported.has(tutorial.id) || !tutorialFinished(track, tutorial.id, completed)) return [];
      const lesson = lastCodeLesson(tutorial);
      return lesson ? [{ trackId: track.id, tutorialId: tutorial.id, title: tutorial.title, lesson }] : [];
    }),
  );
}

/**
 * The project a guided project's code lesson becomes: the learner's saved files laid over the
 * lesson's files (read-only ones included, the page needs them), the SQL seed as schema.sql first,
 * the language from what runs the files; the tutorial's title.
 */
export function guidedProjectStart(candidate: Pick<GuidedProjectCandidate, 'title' | 'lesson'>, saved: SavedLessonFiles | undefined): { language: ProjectLanguage; title: string; files: ProjectFile[] } {
  const executable = candidate.lesson.executableContent;
  const lessonFiles = filesForLesson({ defaultFiles: (executable?.files ?? []).map(({ name, content }) => ({ name, content })), saved });
  const language = LANGUAGE_BY_LESSON_TYPE[lessonTypeFromFiles(lessonFiles)];
  const files: ProjectFile[] = lessonFiles.map((file) => ({ path: file.name, content: file.content }));
  const seed = executable?.seed;
  if (language === 'sql' && seed && !files.some((file) => file.path.toLowerCase() === SQL_SEED_FILE)) files.unshift({ path: SQL_SEED_FILE, content: seed });
  return { language, title: fitTitle(candidate.title, TEMPLATE_RULES[language].defaultTitle), files };
}
