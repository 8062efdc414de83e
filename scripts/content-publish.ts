/**
 * `npm run content:publish`: validates content/ and writes a new publish set in one transaction.
 * Tracks that changed get a new trackVersion; the others keep theirs.
 */
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { openDatabase } from '../src/server/db/client';
import { describePublish, publishContent } from './lib/publish';
import { isUp } from './lib/processes';

async function main(): Promise<number> {
  loadEnvConfig(process.cwd(), false);
  const url = process.env.DATABASE_URL;
  const port = Number(process.env.PORT || 3000);
  if (!url && (await isUp(`http://127.0.0.1:${port}/api/health`))) {
    console.error(
      `Codetrail is running on port ${port} with the embedded database, which only one process may open.\n` +
        'Stop it and run this again, or simply restart `npm start`: it publishes changed content on start.',
    );
    return 1;
  }
  const handle = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR || '.data' });
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
