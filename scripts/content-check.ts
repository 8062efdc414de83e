/**
 * `npm run content:check [-- --json] [-- --track <id>]`: compiles content/, proves every code
 * lesson and every explanation example that claims an output, and prints a table per track (or
 * the same summary as JSON for tools). Every error is printed as path:line: message; any error
 * makes the command fail. `--track` limits the check to one track (while writing a course);
 * `--events` checks only content/events (compiled against every track, nothing to run).
 */
import path from 'node:path';
import { compileContent } from '../src/server/content/compile-content';
import { formatContentError, type ContentError } from '../src/server/content/content-error';
import { formatSummaryTable, summarizeContent } from '../src/server/content/content-summary';
import { DEFAULT_VERIFY_CONCURRENCY, verifyCodeLessons, verifyExplanationOutputs, verifyGlossaryExamples } from '../src/server/content/verify-content';
// Course pages are reviewed files, not learner code: they are graded in Chromium outside the sandbox pool.
// eslint-disable-next-line no-restricted-imports
import { createChromiumHtmlRunner } from '../src/runner/node/chromium-html-runner';
import type { RunRequest } from '../src/runner/run-types';
import { createSandboxedCheckEngine } from '../src/runner/sandbox/sandbox-pool';

function optionValue(name: string): string | null {
  const index = process.argv.indexOf(name);
  return index >= 0 ? (process.argv[index + 1] ?? null) : null;
}

function report(errors: ContentError[], what: string): boolean {
  if (errors.length === 0) return false;
  for (const error of errors) console.error(formatContentError(error));
  console.error(`\n${errors.length} ${what}${errors.length === 1 ? '' : 's'}.`);
  return true;
}

async function main(): Promise<number> {
  const json = process.argv.includes('--json');
  const onlyTrack = optionValue('--track');
  const root = path.resolve(process.env.CONTENT_DIR || 'content');
  const compiled = await compileContent(root);
  if (process.argv.includes('--events')) {
    if (report(compiled.errors.filter((error) => error.file.split(path.sep).join('/').includes('events/')), 'event error')) return 1;
    const events = compiled.content.events ?? [];
    console.log(json ? JSON.stringify({ events: events.map((event) => event.id) }, null, 2) : `Events are valid: ${events.length} event(s) (${events.filter((event) => event.repeats).length} weekly).`);
    return 0;
  }
  const inTrack = (file: string) => onlyTrack === null || file.split(path.sep).join('/').includes(`tracks/${onlyTrack}/`) || (onlyTrack === 'html' && file.split(path.sep).join('/').includes('glossary/html/'));
  const content = { tracks: compiled.content.tracks.filter((track) => onlyTrack === null || track.id === onlyTrack) };
  if (onlyTrack !== null && content.tracks.length === 0) {
    console.error(`No track "${onlyTrack}" in ${root}.`);
    return 1;
  }
  if (report(compiled.errors.filter((error) => inTrack(error.file)), 'content error')) return 1;
  // Every code lesson's solution must pass and its starter must fail, checked by the player's engine.
  // In sandbox processes like every server-side run, with their hard time and memory limits.
  // Content is trusted (reviewed in git), so one process per language serves every lesson and
  // pages run their scripts as in the browser (DOM lessons in JavaScript).
  const sandboxed = createSandboxedCheckEngine({ reuse: true, runPageScripts: true, onWarning: (message) => console.warn(message) });
  // Pages are graded in Chromium, as the player grades them (jsdom ignores the cascade's specificity,
  // inheritance and layout); CONTENT_CHECK_PAGES=jsdom falls back to jsdom where Chromium is missing.
  const chromium = process.env.CONTENT_CHECK_PAGES === 'jsdom' ? null : createChromiumHtmlRunner();
  const engine = { run: (request: RunRequest) => (chromium && request.lessonType === 'HTML' ? chromium.run(request) : sandboxed.run(request)), close: async () => void (await Promise.all([sandboxed.close(), chromium?.close()])) };
  // Every code lesson proves its checks against at least one wrong answer and one alternative.
  // A few lessons at once (CONTENT_CHECK_CONCURRENCY, 1 for one at a time); reported in order.
  const concurrency = Math.max(1, Math.floor(Number(process.env.CONTENT_CHECK_CONCURRENCY) || DEFAULT_VERIFY_CONCURRENCY));
  const verification = await verifyCodeLessons(content, engine, { requireRobustness: true, concurrency });
  const examples = await verifyExplanationOutputs(content, engine, { concurrency });
  // The glossary belongs to the HTML track's content: checked with it (and with everything).
  const glossary = onlyTrack === null || onlyTrack === 'html' ? await verifyGlossaryExamples(compiled.content, engine, { concurrency }) : { verified: 0, errors: [] };
  await engine.close();
  if (report([...verification.errors, ...examples.errors, ...glossary.errors], 'code lesson problem')) return 1;
  const summary = summarizeContent(content, verification.verified, verification.robustness);
  if (json) {
    console.log(JSON.stringify({ ...summary, explanationExamplesVerified: examples.claims, glossaryExamplesVerified: glossary.verified, events: compiled.content.events?.length ?? 0 }, null, 2));
    return 0;
  }
  console.log(formatSummaryTable(summary));
  for (const skipped of verification.notRunnable) console.log(`not verified here: ${skipped.lessonId} (${skipped.reason})`);
  // The corpus rule: per check kind, wrong answers that failed on it / alternatives that passed a lesson using it.
  for (const [trackId, kinds] of verification.corpus) console.log(`corpus ${trackId}: ${[...kinds].map(([kind, figures]) => `${kind} ${figures.refusedBy}/${figures.acceptedBy}`).join(', ')}`);
  console.log(
    `\nContent is valid: ${summary.tracks.length} track(s), ${verification.verified.size} code lesson(s) verified, ${examples.claims} explanation example(s) ran with the output they claim, ${glossary.verified} glossary example(s) passed their checks, ${compiled.content.events?.length ?? 0} event(s) compiled.`,
  );
  return 0;
}

main().then((code) => process.exit(code));
