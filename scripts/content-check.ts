/**
 * `npm run content:check [-- --json]`: compiles content/ and prints a table per track (or the
 * same summary as JSON for tools). Every error is printed as path:line: message; any error
 * makes the command fail.
 */
import path from 'node:path';
import { compileContent } from '../src/server/content/compile-content';
import { formatContentError } from '../src/server/content/content-error';
import { formatSummaryTable, summarizeContent } from '../src/server/content/content-summary';
import { verifyCodeLessons } from '../src/server/content/verify-content';
import { createNodeCheckEngine } from '../src/runner/node/node-check-engine';

async function main(): Promise<number> {
  const json = process.argv.includes('--json');
  const root = path.resolve(process.env.CONTENT_DIR || 'content');
  const { content, errors } = await compileContent(root);
  if (errors.length > 0) {
    for (const error of errors) console.error(formatContentError(error));
    console.error(`\n${errors.length} content error${errors.length === 1 ? '' : 's'}.`);
    return 1;
  }
  // Every code lesson's solution must pass and its starter must fail, checked by the player's engine.
  const verification = await verifyCodeLessons(content, createNodeCheckEngine());
  if (verification.errors.length > 0) {
    for (const error of verification.errors) console.error(formatContentError(error));
    console.error(`\n${verification.errors.length} code lesson problem${verification.errors.length === 1 ? '' : 's'}.`);
    return 1;
  }
  const summary = summarizeContent(content, verification.verified);
  if (json) {
    console.log(JSON.stringify(summary, null, 2));
    return 0;
  }
  console.log(formatSummaryTable(summary));
  for (const skipped of verification.notRunnable) console.log(`not verified here: ${skipped.lessonId} (${skipped.reason})`);
  console.log(`\nContent is valid: ${summary.tracks.length} track(s), ${verification.verified.size} code lesson(s) verified.`);
  return 0;
}

main().then((code) => process.exit(code));
