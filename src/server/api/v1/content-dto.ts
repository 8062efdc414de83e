import type { Chapter, Lesson, Track, Tutorial } from '@/domain/content/model';
import { languageFromFileName } from '@/domain/lessons/code-language';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { renderInlineMarkdown, renderMarkdown } from '@/server/content/render-markdown';

/** What learners receive: never solutions, never database rows. */

const countLessons = (tutorial: Tutorial) => tutorial.chapters.reduce((sum, chapter) => sum + chapter.lessons.length, 0);
const lessonIds = (tutorial: Tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons.map((lesson) => lesson.id));

export function tutorialSummaryDto(tutorial: Tutorial, completed: ReadonlySet<string>) {
  return {
    id: tutorial.id,
    title: tutorial.title,
    description: tutorial.description,
    kind: tutorial.kind,
    chapters: tutorial.chapters.length,
    lessons: countLessons(tutorial),
    completedLessons: lessonIds(tutorial).filter((id) => completed.has(id)).length,
  };
}

export function trackSummaryDto(track: Track, trackVersion: number, completed: ReadonlySet<string>) {
  const ids = track.tutorials.flatMap(lessonIds);
  return {
    id: track.id,
    title: track.title,
    description: track.description,
    trackVersion,
    sections: track.sections.length,
    tutorials: track.tutorials.length,
    lessons: ids.length,
    completedLessons: ids.filter((id) => completed.has(id)).length,
  };
}

export function trackDto(track: Track, trackVersion: number, completed: ReadonlySet<string>) {
  const byId = new Map(track.tutorials.map((tutorial) => [tutorial.id, tutorial]));
  return {
    ...trackSummaryDto(track, trackVersion, completed),
    sections: track.sections.map((section, index) => ({
      index,
      title: section.title,
      tutorials: section.tutorialIds
        .map((id) => byId.get(id))
        .filter((tutorial): tutorial is Tutorial => tutorial !== undefined)
        .map((tutorial) => tutorialSummaryDto(tutorial, completed)),
    })),
  };
}

function lessonSummaryDto(lesson: Lesson, completed: ReadonlySet<string>) {
  return { id: lesson.id, title: lesson.title, interaction: lesson.interaction.kind, codeLanguage: lesson.codeLanguage, completed: completed.has(lesson.id) };
}

export function tutorialDto(tutorial: Tutorial, completed: ReadonlySet<string>) {
  return {
    ...tutorialSummaryDto(tutorial, completed),
    chapters: tutorial.chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      lessons: chapter.lessons.map((lesson) => lessonSummaryDto(lesson, completed)),
    })),
  };
}

// Published lessons are immutable objects cached per track version, so their HTML can be too.
const renderedText = new WeakMap<Lesson, { explanationHtml: string; hintsHtml: string[]; questionHtml: string | null }>();

function lessonText(lesson: Lesson) {
  let rendered = renderedText.get(lesson);
  if (!rendered) {
    rendered = {
      explanationHtml: renderMarkdown(lesson.explanation),
      hintsHtml: lesson.hints.map(renderInlineMarkdown),
      questionHtml: lesson.interaction.kind === 'multiple-choice' ? renderMarkdown(lesson.interaction.question) : null,
    };
    renderedText.set(lesson, rendered);
  }
  return rendered;
}

/** A lesson as a step of the lesson page's header: no text, no files. */
export function lessonStepDto(lesson: Lesson, completed: ReadonlySet<string>) {
  const executable = lesson.executableContent;
  return { id: lesson.id, completed: completed.has(lesson.id), lessonType: executable ? lessonTypeFromFiles(executable.files) : null };
}

export function lessonDto(lesson: Lesson, completed: ReadonlySet<string>) {
  const executable = lesson.executableContent;
  const text = lessonText(lesson);
  return {
    ...lessonSummaryDto(lesson, completed),
    explanation: lesson.explanation,
    explanationHtml: text.explanationHtml,
    hints: lesson.hints,
    hintsHtml: text.hintsHtml,
    questionHtml: text.questionHtml,
    lessonType: executable ? lessonTypeFromFiles(executable.files) : null,
    interaction: lesson.interaction,
    executableContent: executable
      ? {
          files: executable.files.map((file) => ({ name: file.name, content: file.content, editable: file.editable, language: languageFromFileName(file.name) })),
          checks: executable.checks,
          seed: executable.seed,
          checkSeed: executable.checkSeed ?? null,
          input: executable.input ?? [],
        }
      : null,
  };
}

export function chapterDto(chapter: Chapter, completed: ReadonlySet<string>) {
  return { id: chapter.id, title: chapter.title, lessons: chapter.lessons.map((lesson) => lessonDto(lesson, completed)) };
}
