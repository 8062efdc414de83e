import type { Lesson } from '@/domain/content/model';
import type { Submission } from '@/domain/lessons/submission';
import { solutionFiles } from '@/server/content/verify-content';

/**
 * The lesson's own solution (or right answer), as a learner who solved it hands it in with a
 * completion: the editable files of the solution, the correct choices, each gap's first accepted
 * word, the lines in their order. Pure (no services), so integration tests and journeys share it.
 */
export function passingSubmissionOf(lesson: Lesson): Submission {
  const interaction = lesson.interaction;
  switch (interaction.kind) {
    case 'multiple-choice':
      return { choices: interaction.choices.flatMap((choice, index) => (choice.correct ? [index] : [])) };
    case 'fill-gap':
      return { gaps: interaction.gaps.map((gap) => gap.accepted[0] ?? '') };
    case 'reorder':
      return { order: interaction.lines.map((_, index) => index) };
    case 'code': {
      const editable = new Set((lesson.executableContent?.files ?? []).filter((file) => file.editable).map((file) => file.name));
      return { files: solutionFiles(lesson).filter((file) => editable.has(file.name)).map((file) => ({ name: file.name, userContent: file.content })) };
    }
  }
}
