/**
 * `npm run content:publish`: validates content/ and writes a new publish set in one transaction.
 * Tracks that changed get a new trackVersion; the others keep theirs. With --if-changed, nothing is
 * written when content/ matches the current publish set (as `npm start` does): the container
 * image's migration Job runs its bundle that way before every rollout (deploy/web).
 */
import path from 'node:path';
import { openCommandDatabase } from './lib/command-database';
import { describePublish, publishContent } from './lib/publish';

async function main(): Promise<number> {
  // The running app publishes changed content by itself when it starts.
  const handle = await openCommandDatabase('Or simply restart `npm start`: it publishes changed content on start.');
  if (!handle) return 1;
  try {
    const force = !process.argv.slice(2).includes('--if-changed');
    const outcome = await publishContent(handle, { force, root: process.env.CONTENT_DIR ? path.resolve(process.env.CONTENT_DIR) : undefined });
    if (outcome.kind === 'invalid') {
      outcome.errors.forEach((error) => console.error(error));
      console.error(`\nNothing published: fix the ${outcome.errors.length} error(s) above (npm run content:check).`);
      return 1;
    }
    console.log(outcome.kind === 'published' ? describePublish(outcome.result) : 'Course content is unchanged since the last publish.');
    return 0;
  } finally {
    await handle.close();
  }
}

main().then((code) => process.exit(code));
