import type { CompiledContent, Lesson } from '@/domain/content/model';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import type { CheckEngine, RunResult } from '@/runner/run-types';
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
export async function verifyCodeLessons(content: CompiledContent, engine: CheckEngine): Promise<VerificationReport> {
  const report: VerificationReport = { verified: new Set(), notRunnable: [], errors: [] };
  const lessons = content.tracks.flatMap((track) => track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)));
  for (const lesson of lessons) {
    const executable = lesson.executableContent;
    if (lesson.interaction.kind !== 'code' || !executable) continue;
    const lessonType = lessonTypeFromFiles(executable.files);
    const base = { lessonType, checks: executable.checks, seed: executable.seed, stdin: executable.input ?? [] };
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

/** A runnable example in an explanation together with the output the text claims for it. */
export interface OutputClaim {
  language: 'python' | 'javascript';
  code: string;
  output: string;
}

const RUNNABLE_LANGUAGES: Record<string, OutputClaim['language']> = { python: 'python', py: 'python', javascript: 'javascript', js: 'javascript' };

/**
 * Finds explanation examples that claim an output: a ```python or ```javascript block followed
 * directly (only blank lines between) by an ```output block.
 */
export function outputClaims(markdown: string): OutputClaim[] {
  const blocks: { info: string; body: string; start: number; end: number }[] = [];
  const fence = /^(```+|~~~+)[ \t]*([^\n`]*)\n([\s\S]*?)^\1[ \t]*$/gm;
  for (let match = fence.exec(markdown); match; match = fence.exec(markdown)) {
    blocks.push({ info: (match[2] ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '', body: match[3] ?? '', start: match.index, end: match.index + match[0].length });
  }
  const claims: OutputClaim[] = [];
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    const language = RUNNABLE_LANGUAGES[block.info];
    if (!language || !next || next.info !== 'output') return;
    if (markdown.slice(block.end, next.start).trim() !== '') return;
    claims.push({ language, code: block.body.replace(/\n$/, ''), output: next.body.replace(/\n$/, '') });
  });
  return claims;
}

/** Runs every explanation example that claims an output and reports the ones that lie. */
export async function verifyExplanationOutputs(content: CompiledContent, engine: CheckEngine): Promise<{ claims: number; errors: ContentError[] }> {
  const errors: ContentError[] = [];
  let claims = 0;
  const lessons = content.tracks.flatMap((track) => track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)));
  for (const lesson of lessons) {
    for (const claim of outputClaims(lesson.explanation)) {
      claims += 1;
      const file = claim.language === 'python' ? 'main.py' : 'script.js';
      const result = await engine.run({ lessonType: claim.language === 'python' ? 'Python' : 'JS', files: [{ name: file, content: claim.code }], checks: [] });
      if (result.status !== 'ran') continue;
      const actual = result.output.trim();
      const claimed = claim.output.trim();
      if (result.error) errors.push({ file: lesson.source, line: 1, message: `an explanation example fails: ${result.error.type}: ${result.error.message}` });
      else if (actual !== claimed)
        errors.push({ file: lesson.source, line: 1, message: `an explanation example claims the output ${JSON.stringify(claimed)} but prints ${JSON.stringify(actual)}` });
    }
  }
  return { claims, errors };
}
