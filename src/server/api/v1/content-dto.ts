import type { Chapter, Lesson, Track, Tutorial } from '@/domain/content/model';
import { languageFromFileName } from '@/domain/lessons/code-language';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { visibleChecks } from '@/domain/lessons/submission';
import { renderInlineMarkdown, renderMarkdown } from '@/server/content/render-markdown';

/** What learners receive: never solutions, never database rows, never a hidden check or its data. */

const lessonIds = (tutorial: Tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons.map((lesson) => lesson.id));

// Published tracks and tutorials are immutable objects cached per version, so their lesson ids are
// gathered once (GET /tracks counted every lesson of every track on each call: issue 18).
const lessonIdSets = new WeakMap<Track | Tutorial, ReadonlySet<string>>();

function lessonIdSet(owner: Track | Tutorial): ReadonlySet<string> {
  let ids = lessonIdSets.get(owner);
  if (!ids) {
    ids = new Set('tutorials' in owner ? owner.tutorials.flatMap(lessonIds) : lessonIds(owner));
    lessonIdSets.set(owner, ids);
  }
  return ids;
}

/** How many of `ids` the learner completed, walking the smaller of the two sets. */
export function countCompleted(ids: ReadonlySet<string>, completed: ReadonlySet<string>): number {
  let count = 0;
  if (completed.size < ids.size) {
    for (const id of completed) if (ids.has(id)) count += 1;
  } else {
    for (const id of ids) if (completed.has(id)) count += 1;
  }
  return count;
}

export function tutorialSummaryDto(tutorial: Tutorial, completed: ReadonlySet<string>) {
  const ids = lessonIdSet(tutorial);
  return {
    id: tutorial.id,
    title: tutorial.title,
    description: tutorial.description,
    kind: tutorial.kind,
    chapters: tutorial.chapters.length,
    lessons: ids.size,
    completedLessons: countCompleted(ids, completed),
  };
}

export function trackSummaryDto(track: Track, trackVersion: number, completed: ReadonlySet<string>) {
  const ids = lessonIdSet(track);
  return {
    id: track.id,
    title: track.title,
    description: track.description,
    trackVersion,
    sections: track.sections.length,
    tutorials: track.tutorials.length,
    lessons: ids.size,
    completedLessons: countCompleted(ids, completed),
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

/** Everything of a lesson's DTO but the learner's own `completed`: built once per published lesson. */
function lessonBase(lesson: Lesson) {
  const executable = lesson.executableContent;
  const text = lessonText(lesson);
  return {
    ...lessonSummaryDto(lesson, NOTHING_COMPLETED),
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
          // The checks that give nothing away, for the player's instant feedback; the others (other
          // values, other input, the hidden data set) run only on the server (docs/features/grading.md).
          checks: visibleChecks(executable.checks),
          hiddenChecks: executable.checks.length - visibleChecks(executable.checks).length,
          seed: executable.seed,
          checkSeed: null,
          input: executable.input ?? [],
        }
      : null,
  };
}

const NOTHING_COMPLETED: ReadonlySet<string> = new Set();
const lessonBases = new WeakMap<Lesson, ReturnType<typeof lessonBase>>();

/**
 * A lesson as the player receives it. The parts every learner shares are built once per published
 * lesson (published lessons are immutable, like their HTML above): GET a chapter built every
 * lesson's files and types again on each call (issue 18). Callers never change the shared parts.
 */
export function lessonDto(lesson: Lesson, completed: ReadonlySet<string>) {
  let base = lessonBases.get(lesson);
  if (!base) {
    base = Object.freeze(lessonBase(lesson));
    lessonBases.set(lesson, base);
  }
  // `completed` keeps its place among the keys (it is in the base, set to false).
  return { ...base, completed: completed.has(lesson.id) };
}

export function chapterDto(chapter: Chapter, completed: ReadonlySet<string>) {
  return { id: chapter.id, title: chapter.title, lessons: chapter.lessons.map((lesson) => lessonDto(lesson, completed)) };
}
