import type { Check, CompiledContent, Lesson, SolutionVariant } from '@/domain/content/model';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { mapInOrder } from '@/lib/promise/map-in-order';
import type { CheckEngine, RunResult } from '@/runner/run-types';
import type { ContentError } from './content-error';

/** The robustness stage's figures for one track. */
export interface RobustnessFigures {
  /** Wrong answers listed, and how many the checks refused. */
  wrong: number;
  wrongRefused: number;
  alternatives: number;
  alternativesAccepted: number;
  /** Code lessons that list no wrong answer, or no alternative. */
  lessonsWithoutWrong: string[];
  lessonsWithoutAlternative: string[];
}

export const emptyRobustness = (): RobustnessFigures => ({ wrong: 0, wrongRefused: 0, alternatives: 0, alternativesAccepted: 0, lessonsWithoutWrong: [], lessonsWithoutAlternative: [] });

/**
 * A check kind as the corpus rule counts it: the check type, with the mechanisms that catch
 * different cheats told apart (an SQL check on hidden data or with its own query, a `uses` that
 * forbids a construct).
 */
export function checkKind(check: Check): string {
  if (check.type === 'sql-result') return check.data === 'check' ? 'sql-result (check data)' : check.query !== undefined ? 'sql-result (own query)' : 'sql-result';
  if (check.type === 'uses') return check.absent ? 'uses (absent)' : 'uses';
  return check.type;
}

/** The corpus rule's figures for one check kind of a track. */
export interface KindCorpus {
  /** Lessons with a check of this kind; the first one is where a gap is reported. */
  lessons: string[];
  firstSource: string;
  /** Wrong answers that ran (no error) and failed on a check of this kind. */
  refusedBy: number;
  /** Alternatives accepted by a lesson with a check of this kind. */
  acceptedBy: number;
}

export interface VerificationReport {
  verified: Set<string>;
  /** Per track id. */
  robustness: Map<string, RobustnessFigures>;
  /** The corpus rule, per track id and check kind. */
  corpus: Map<string, Map<string, KindCorpus>>;
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

/** A wrong or alternative answer's files: the solution with the variant's files put over it. */
export function variantFiles(lesson: Lesson, variant: SolutionVariant): { name: string; content: string }[] {
  return solutionFiles(lesson).map((file) => variant.files.find((changed) => changed.name === file.name) ?? file);
}

/** How many runs content:check keeps under way at once (CONTENT_CHECK_CONCURRENCY): Chromium's page loads and the sandbox processes wait on each other, so a few at once use both cores. */
export const DEFAULT_VERIFY_CONCURRENCY = 4;

export interface VerifyOptions {
  requireRobustness?: boolean;
  /** Lessons checked at once; results and errors are reported in the content's order all the same. */
  concurrency?: number;
}

/** What checking one code lesson found, merged into the report in the content's order. */
interface LessonOutcome {
  lessonId: string;
  source: string;
  trackId: string;
  notRunnable?: string;
  verified: boolean;
  errors: ContentError[];
  wrong: number;
  wrongRefused: number;
  alternatives: number;
  alternativesAccepted: number;
  withoutWrong: boolean;
  withoutAlternative: boolean;
  /** Check kinds of the lesson, with how many wrong answers failed on each and whether alternatives passed. */
  kinds: Map<string, { refusedBy: number; acceptedBy: number }>;
}

async function verifyCodeLesson(lesson: Lesson, trackId: string, engine: CheckEngine, options: VerifyOptions): Promise<LessonOutcome | null> {
  const executable = lesson.executableContent;
  if (lesson.interaction.kind !== 'code' || !executable) return null;
  const lessonType = lessonTypeFromFiles(executable.files);
  const base = { lessonType, checks: executable.checks, seed: executable.seed, checkSeed: executable.checkSeed ?? null, stdin: executable.input ?? [] };
  const kinds = new Map(executable.checks.map((check) => [checkKind(check), { refusedBy: 0, acceptedBy: 0 }]));
  const outcome: LessonOutcome = { lessonId: lesson.id, source: lesson.source, trackId, verified: false, errors: [], wrong: 0, wrongRefused: 0, alternatives: 0, alternativesAccepted: 0, withoutWrong: false, withoutAlternative: false, kinds };
  const fail = (message: string) => outcome.errors.push({ file: lesson.source, line: 1, message });
  const solved = await engine.run({ ...base, files: solutionFiles(lesson) });
  if (solved.status === 'unsupported') return { ...outcome, notRunnable: solved.reason };
  if (!solved.passed) fail(`the solution does not pass: ${describeFailure(solved)}`);
  const starter = await engine.run({ ...base, files: executable.files.map(({ name, content: text }) => ({ name, content: text })) });
  if (starter.status === 'ran' && starter.passed) fail('the starter code already passes every check: give the learner something to do');
  const wrong = executable.wrong ?? [];
  const alternatives = executable.alternatives ?? [];
  outcome.withoutWrong = wrong.length === 0;
  outcome.withoutAlternative = alternatives.length === 0;
  if (options.requireRobustness && (wrong.length === 0 || alternatives.length === 0)) {
    const lacking = [wrong.length === 0 ? 'a wrong answer that must fail (# --wrong--)' : null, alternatives.length === 0 ? 'a correct alternative that must pass (# --alternatives--)' : null].filter(Boolean);
    fail(`list at least ${lacking.join(' and ')}`);
  }
  for (const variant of wrong) {
    outcome.wrong += 1;
    const result = await engine.run({ ...base, files: variantFiles(lesson, variant) });
    if (result.status === 'ran' && !result.passed) outcome.wrongRefused += 1;
    else fail(`the wrong answer "${variant.label}" passes every check: add a check that refuses it`);
    // Which kinds refused it: only a run that ended without an error, so the check itself judged it.
    if (result.status === 'ran' && result.error === null) {
      const refusing = new Set(result.checks.filter((check) => !check.passed).map((check) => executable.checks[check.index]).flatMap((check) => (check ? [checkKind(check)] : [])));
      for (const kind of refusing) {
        const figures = kinds.get(kind);
        if (figures) figures.refusedBy += 1;
      }
    }
  }
  for (const variant of alternatives) {
    outcome.alternatives += 1;
    const result = await engine.run({ ...base, files: variantFiles(lesson, variant) });
    if (result.status === 'ran' && result.passed) {
      outcome.alternativesAccepted += 1;
      for (const figures of kinds.values()) figures.acceptedBy += 1;
    } else fail(`the alternative answer "${variant.label}" is refused: ${result.status === 'ran' ? describeFailure(result) : result.reason}`);
  }
  outcome.verified = outcome.errors.length === 0;
  return outcome;
}

/**
 * Proves every code lesson with the check engine the player uses: the solution passes every
 * check, the starter fails at least one (so learners have something to do), every wrong answer
 * the lesson lists fails and every alternative passes (the robustness stage). Several lessons run
 * at once (`concurrency`); the report lists them in the content's order.
 */
export async function verifyCodeLessons(content: CompiledContent, engine: CheckEngine, options: VerifyOptions = {}): Promise<VerificationReport> {
  const report: VerificationReport = { verified: new Set(), robustness: new Map(), corpus: new Map(), notRunnable: [], errors: [] };
  const lessons = content.tracks.flatMap((track) =>
    track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons.map((lesson) => ({ lesson, trackId: track.id })))),
  );
  const outcomes = await mapInOrder(lessons, options.concurrency ?? 1, ({ lesson, trackId }) => verifyCodeLesson(lesson, trackId, engine, options));
  for (const outcome of outcomes) {
    if (!outcome) continue;
    if (outcome.notRunnable !== undefined) {
      report.notRunnable.push({ lessonId: outcome.lessonId, reason: outcome.notRunnable });
      continue;
    }
    report.errors.push(...outcome.errors);
    const figures = report.robustness.get(outcome.trackId) ?? emptyRobustness();
    report.robustness.set(outcome.trackId, figures);
    figures.wrong += outcome.wrong;
    figures.wrongRefused += outcome.wrongRefused;
    figures.alternatives += outcome.alternatives;
    figures.alternativesAccepted += outcome.alternativesAccepted;
    if (outcome.withoutWrong) figures.lessonsWithoutWrong.push(outcome.lessonId);
    if (outcome.withoutAlternative) figures.lessonsWithoutAlternative.push(outcome.lessonId);
    if (outcome.verified) report.verified.add(outcome.lessonId);
    const corpus = report.corpus.get(outcome.trackId) ?? new Map<string, KindCorpus>();
    report.corpus.set(outcome.trackId, corpus);
    for (const [kind, figures] of outcome.kinds) {
      const total = corpus.get(kind) ?? { lessons: [], firstSource: outcome.source, refusedBy: 0, acceptedBy: 0 };
      corpus.set(kind, total);
      total.lessons.push(outcome.lessonId);
      total.refusedBy += figures.refusedBy;
      total.acceptedBy += figures.acceptedBy;
    }
  }
  if (options.requireRobustness) report.errors.push(...corpusGaps(report.corpus));
  return report;
}

/**
 * The corpus rule: in every track, each check kind it uses is shown to refuse at least one wrong
 * answer (which fails on a check of that kind, not only by crashing) and to accept at least one
 * correct alternative (in a lesson that uses the kind). A gap is reported at the first lesson using it.
 */
export function corpusGaps(corpus: ReadonlyMap<string, ReadonlyMap<string, KindCorpus>>): ContentError[] {
  const errors: ContentError[] = [];
  for (const [trackId, kinds] of corpus) {
    for (const [kind, figures] of kinds) {
      const where = `(track ${trackId}, used in ${figures.lessons.length} lesson${figures.lessons.length === 1 ? '' : 's'})`;
      if (figures.refusedBy === 0) errors.push({ file: figures.firstSource, line: 1, message: `no wrong answer fails on a check of kind "${kind}" ${where}: add one (# --wrong--) that such a check refuses` });
      if (figures.acceptedBy === 0) errors.push({ file: figures.firstSource, line: 1, message: `no correct alternative passes a lesson with a check of kind "${kind}" ${where}: add one (# --alternatives--)` });
    }
  }
  return errors;
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
export async function verifyExplanationOutputs(content: CompiledContent, engine: CheckEngine, options: Pick<VerifyOptions, 'concurrency'> = {}): Promise<{ claims: number; errors: ContentError[] }> {
  const lessons = content.tracks.flatMap((track) => track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)));
  const claims = lessons.flatMap((lesson) => outputClaims(lesson.explanation).map((claim) => ({ lesson, claim })));
  const found = await mapInOrder(claims, options.concurrency ?? 1, async ({ lesson, claim }): Promise<ContentError | null> => {
    const file = claim.language === 'python' ? 'main.py' : 'script.js';
    const result = await engine.run({ lessonType: claim.language === 'python' ? 'Python' : 'JS', files: [{ name: file, content: claim.code }], checks: [] });
    if (result.status !== 'ran') return null;
    const actual = result.output.trim();
    const claimed = claim.output.trim();
    if (result.error) return { file: lesson.source, line: 1, message: `an explanation example fails: ${result.error.type}: ${result.error.message}` };
    if (actual !== claimed) return { file: lesson.source, line: 1, message: `an explanation example claims the output ${JSON.stringify(claimed)} but prints ${JSON.stringify(actual)}` };
    return null;
  });
  return { claims: claims.length, errors: found.filter((error): error is ContentError => error !== null) };
}

/**
 * Every glossary example runs in the page runtime (Chromium in content:check) and passes its DOM
 * checks: an example shows what its entry says, and a broken page never reaches the glossary.
 */
export async function verifyGlossaryExamples(content: CompiledContent, engine: CheckEngine, options: Pick<VerifyOptions, 'concurrency'> = {}): Promise<{ verified: number; errors: ContentError[] }> {
  const found = await mapInOrder(content.glossary ?? [], options.concurrency ?? 1, async (entry): Promise<ContentError | null> => {
    const result = await engine.run({ lessonType: 'HTML', files: [entry.example], checks: entry.checks, seed: null, checkSeed: null, stdin: [] });
    if (result.status === 'unsupported') return { file: entry.source, line: 1, message: `the example could not run: ${result.reason}` };
    if (!result.passed) return { file: entry.source, line: 1, message: `the example does not pass its checks: ${describeFailure(result)}` };
    return null;
  });
  const errors = found.filter((error): error is ContentError => error !== null);
  return { verified: found.length - errors.length, errors };
}
