/**
 * `npm run content:publish`: validates content/ and writes a new publish set in one transaction.
 * Tracks that changed get a new trackVersion; the others keep theirs.
 */
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { openDatabase } from '../src/server/db/client';
import { DataDirInUseError } from '../src/server/db/data-dir-lock';
import { describePublish, publishContent } from './lib/publish';

async function main(): Promise<number> {
  loadEnvConfig(process.cwd(), false);
  const url = process.env.DATABASE_URL;
  let handle;
  try {
    handle = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR || '.data' });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // The running app publishes changed content by itself when it starts.
    console.error(`${error.message}\nOr simply restart \`npm start\`: it publishes changed content on start.`);
    return 1;
  }
  try {
    const outcome = await publishContent(handle, { force: true, root: process.env.CONTENT_DIR ? path.resolve(process.env.CONTENT_DIR) : undefined });
    if (outcome.kind === 'invalid') {
      outcome.errors.forEach((error) => console.error(error));
      console.error(`\nNothing published: fix the ${outcome.errors.length} error(s) above (npm run content:check).`);
      return 1;
    }
    if (outcome.kind === 'published') console.log(describePublish(outcome.result));
    return 0;
  } finally {
    await handle.close();
  }
}

main().then((code) => process.exit(code));
