import type { Lesson } from '@/domain/content/model';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { gradeAnswer, isHiddenCheck, submittedFiles, type Submission } from '@/domain/lessons/submission';
import type { RunError } from '@/runner/run-types';
import { unprocessable } from '@/server/http/http-error';
import type { Grader } from './grader';

/** What the server found, as the learner's player is told it (never the hidden checks' data). */
export interface ServerVerdict {
  passed: boolean;
  /** Every check of the lesson in order: what it asks (its message), whether it held, and whether the player saw it. */
  checks: { type: string; passed: boolean; message: string | null; hidden: boolean }[];
  error: RunError | null;
  /** Choice, gap and reorder lessons: per item, whether it is right. */
  items?: boolean[];
}

/**
 * Grades what the learner handed in against every check of the lesson, on the server: a code
 * lesson's files (its read-only files always the lesson's own) in the grader, an answer with the
 * answer rules. A submission of the wrong kind, or naming files the lesson does not have, is a 422
 * before anything runs.
 */
export async function gradeCompletion(grader: Grader, lesson: Lesson, submission: Submission | undefined): Promise<ServerVerdict> {
  if (!submission) throw unprocessable(`A completion carries what was handed in: ${lesson.interaction.kind === 'code' ? 'the lesson’s files' : 'the answer'} (submission).`);
  const executable = lesson.executableContent;
  if (lesson.interaction.kind !== 'code' || !executable) {
    const graded = gradeAnswer(lesson.interaction, submission);
    if (!graded.ok) throw unprocessable(graded.message);
    return { passed: graded.result.correct, checks: [], error: null, items: graded.result.items };
  }
  if (!('files' in submission)) throw unprocessable('A code lesson is answered with its files (submission.files).');
  const files = submittedFiles(executable.files, submission.files);
  if (!files.ok) throw unprocessable(files.message);
  const result = await grader.grade({
    lessonType: lessonTypeFromFiles(executable.files),
    files: files.files,
    checks: executable.checks,
    seed: executable.seed,
    checkSeed: executable.checkSeed ?? null,
    stdin: executable.input ?? [],
  });
  if (result.status === 'unsupported') return { passed: false, checks: [], error: { type: 'Unsupported', message: result.reason, line: null, file: null } };
  return {
    passed: result.passed,
    checks: result.checks.map((check) => {
      const authored = executable.checks[check.index];
      return { type: check.type, passed: check.passed, message: check.passed ? null : check.message, hidden: authored ? isHiddenCheck(authored) : false };
    }),
    error: result.error,
  };
}

/** One sentence for a verdict that did not pass: the first thing to fix, as its check words it. */
export function notPassedMessage(verdict: ServerVerdict): string {
  if (verdict.passed) return 'Passed.';
  if (verdict.items) return 'The server checked this answer and it is not right yet.';
  const failing = verdict.checks.find((check) => !check.passed);
  if (verdict.error && (!failing || verdict.checks.every((check) => !check.passed))) return `The server ran your code and it stopped with ${verdict.error.type}: ${verdict.error.message}`;
  return failing?.message ? `The server’s checks did not pass: ${failing.message}` : 'The server’s checks did not pass.';
}
