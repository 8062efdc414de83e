/**
 * What a learner hands in with a completion, and what of a lesson's checks the browser may see.
 * Pure rules shared by the completion endpoint, the lesson payload and the player: the server
 * grades the submission itself; the browser's own verdict is only instant feedback.
 */
import type { Check, Interaction } from '@/domain/content/model';
import { checkFillGap, checkMultipleChoice, checkReorder, type AnswerResult } from './answers';

/** A code lesson's editable files, or the answer to a choice, gap or reorder exercise. */
export type Submission =
  | { files: { name: string; userContent: string }[] }
  | { choices: number[] }
  | { gaps: string[] }
  | { order: number[] };

/**
 * Checks whose data stays on the server: a `rerun` (other values, other input, another seed), a page
 * check that runs the page again with other values (`set`), and an `sql-result` on the lesson's
 * hidden check data. Sent to the browser they would tell a learner what to type in; kept back they
 * prove the program works for data it has never seen.
 */
export function isHiddenCheck(check: Check): boolean {
  if (check.type === 'rerun') return true;
  if ((check.type === 'dom' || check.type === 'css') && check.set !== undefined) return true;
  return check.type === 'sql-result' && check.data === 'check';
}

/** The checks the player runs for instant feedback (every check that gives nothing away). */
export function visibleChecks(checks: readonly Check[]): Check[] {
  return checks.filter((check) => !isHiddenCheck(check));
}

export type SubmittedFiles = { ok: true; files: { name: string; content: string }[] } | { ok: false; message: string };

/**
 * The files the server grades: the lesson's own files, with the learner's version of each editable
 * one. Read-only files are always the lesson's (a learner cannot swap the test data or the page's
 * script); a file the lesson does not have, or one sent twice, refuses the whole submission.
 */
export function submittedFiles(lessonFiles: readonly { name: string; content: string; editable: boolean }[], submitted: readonly { name: string; userContent: string }[]): SubmittedFiles {
  const editable = new Set(lessonFiles.filter((file) => file.editable).map((file) => file.name));
  const byName = new Map<string, string>();
  for (const file of submitted) {
    if (!editable.has(file.name)) return { ok: false, message: `"${file.name}" is not an editable file of this lesson (editable: ${[...editable].join(', ') || 'none'}).` };
    if (byName.has(file.name)) return { ok: false, message: `"${file.name}" appears twice.` };
    byName.set(file.name, file.userContent);
  }
  return { ok: true, files: lessonFiles.map((file) => ({ name: file.name, content: byName.get(file.name) ?? file.content })) };
}

export type AnswerGrade = { ok: true; result: AnswerResult } | { ok: false; message: string };

/** Grades the answer to a choice, gap or reorder exercise; the wrong kind of answer is refused. */
export function gradeAnswer(interaction: Interaction, submission: Submission): AnswerGrade {
  switch (interaction.kind) {
    case 'multiple-choice': {
      if (!('choices' in submission)) return { ok: false, message: 'A multiple-choice lesson is answered with `choices` (the indices picked).' };
      if (submission.choices.some((index) => index >= interaction.choices.length)) return { ok: false, message: `This question has ${interaction.choices.length} choices.` };
      return { ok: true, result: checkMultipleChoice(interaction.choices, new Set(submission.choices)) };
    }
    case 'fill-gap':
      if (!('gaps' in submission)) return { ok: false, message: 'A fill-the-gap lesson is answered with `gaps` (one answer per gap).' };
      if (submission.gaps.length !== interaction.gaps.length) return { ok: false, message: `This lesson has ${interaction.gaps.length} gap${interaction.gaps.length === 1 ? '' : 's'}.` };
      return { ok: true, result: checkFillGap(interaction.gaps, submission.gaps) };
    case 'reorder': {
      if (!('order' in submission)) return { ok: false, message: 'A reorder lesson is answered with `order` (the lines’ indices, top to bottom).' };
      const count = interaction.lines.length;
      if (submission.order.length !== count || new Set(submission.order).size !== count || submission.order.some((index) => index >= count)) {
        return { ok: false, message: `The order must name each of the ${count} lines once.` };
      }
      return { ok: true, result: checkReorder(interaction.lines, submission.order) };
    }
    case 'code':
      return { ok: false, message: 'A code lesson is answered with its files.' };
  }
}
