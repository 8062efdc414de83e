/**
 * `npm run content:publish`: validates content/ and writes a new publish set in one transaction.
 * Tracks that changed get a new trackVersion; the others keep theirs. With --if-changed, nothing is
 * written when content/ matches the current publish set (as `npm start` does): the container
 * image's migration Job runs its bundle that way before every rollout (deploy/web).
 *
 * On PostgreSQL it publishes while servers run (they read the new set on their next request). The
 * embedded database opens in one process only: while `npm start` holds it, the running server
 * publishes its own content folder when asked through the data folder's control file.
 */
import path from 'node:path';
import { DataDirInUseError } from '../src/server/db/data-dir-lock';
import { openCommandDatabaseOrHolder } from './lib/command-database';
import { readControlFile } from './lib/control-file';
import { describePublish, publishContent } from './lib/publish';

/** Asks the server that holds the embedded database to publish (its content folder is the one it serves). */
async function publishThroughServer(dataDir: string, force: boolean): Promise<number> {
  const control = readControlFile(dataDir);
  if (!control) {
    console.error(`The embedded database in ${dataDir} is in use, and no running \`npm start\` left its control file there. Stop the other process, or restart \`npm start\`: it publishes changed content on start.`);
    return 1;
  }
  let response: Response;
  try {
    response = await fetch(`${control.url}/api/internal/content/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-codetrail-control': control.token },
      body: JSON.stringify({ force }),
    });
  } catch (error) {
    console.error(`The running server at ${control.url} did not answer (${error instanceof Error ? error.message : String(error)}). Is \`npm start\` still running?`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    console.error(`The running server refused to publish (${response.status}): ${body.message ?? 'no reason given'}`);
    return 1;
  }
  console.log(`${body.message ?? 'Published.'} (answered by the running server at ${control.url}, which holds the embedded database)`);
  return 0;
}

async function main(): Promise<number> {
  const force = !process.argv.slice(2).includes('--if-changed');
  const handle = await openCommandDatabaseOrHolder();
  if (handle instanceof DataDirInUseError) return publishThroughServer(process.env.DATA_DIR || '.data', force);
  try {
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
