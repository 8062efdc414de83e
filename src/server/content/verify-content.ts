import type { CompiledContent, Lesson } from '@/domain/content/model';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import type { NodeCheckEngine } from '@/runner/node/node-check-engine';
import type { RunResult } from '@/runner/run-types';
import type { ContentError } from './content-error';

export interface VerificationReport {
  verified: Set<string>;
  /** Code lessons this runtime cannot run (HTML/CSS, SQL), with why. */
  notRunnable: { lessonId: string; reason: string }[];
  errors: ContentError[];
}

function describeFailure(result: Extract<RunResult, { status: 'ran' }>): string {
  if (result.error) return `${result.error.type}: ${result.error.message}${result.error.line ? ` (line ${result.error.line})` : ''}`;
  return result.checks
    .filter((check) => !check.passed)
    .map((check) => `check ${check.index + 1} (${check.type}) fails: ${check.message}`)
    .join('; ');
}

/** The files a solution runs with: the starter files with the solution's files put over them. */
export function solutionFiles(lesson: Lesson): { name: string; content: string }[] {
  const executable = lesson.executableContent;
  if (!executable) return [];
  return executable.files.map((file) => executable.solution.find((solved) => solved.name === file.name) ?? { name: file.name, content: file.content });
}

/**
 * Proves every code lesson with the check engine the player uses: the solution passes every
 * check and the starter fails at least one (so learners have something to do).
 */
export async function verifyCodeLessons(content: CompiledContent, engine: NodeCheckEngine): Promise<VerificationReport> {
  const report: VerificationReport = { verified: new Set(), notRunnable: [], errors: [] };
  const lessons = content.tracks.flatMap((track) => track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)));
  for (const lesson of lessons) {
    const executable = lesson.executableContent;
    if (lesson.interaction.kind !== 'code' || !executable) continue;
    const lessonType = lessonTypeFromFiles(executable.files);
    const base = { lessonType, checks: executable.checks, seed: executable.seed };
    const solved = await engine.run({ ...base, files: solutionFiles(lesson) });
    if (solved.status === 'unsupported') {
      report.notRunnable.push({ lessonId: lesson.id, reason: solved.reason });
      continue;
    }
    let ok = true;
    if (!solved.passed) {
      ok = false;
      report.errors.push({ file: lesson.source, line: 1, message: `the solution does not pass: ${describeFailure(solved)}` });
    }
    const starter = await engine.run({ ...base, files: executable.files.map(({ name, content: text }) => ({ name, content: text })) });
    if (starter.status === 'ran' && starter.passed) {
      ok = false;
      report.errors.push({ file: lesson.source, line: 1, message: 'the starter code already passes every check: give the learner something to do' });
    }
    if (ok) report.verified.add(lesson.id);
  }
  return report;
}
