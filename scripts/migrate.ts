/**
 * `npm run db:migrate`: applies the committed migrations (src/server/db/migrations) to DATABASE_URL's
 * PostgreSQL, or to the embedded database in DATA_DIR, and exits. In production the migration Job
 * runs its bundle (deploy/web/Dockerfile) before a rollout, so new pods find the schema ready. The
 * app migrates when it opens the database as well, so running it again changes nothing.
 */
import { openCommandDatabase } from './lib/command-database';

async function main(): Promise<number> {
  const handle = await openCommandDatabase('`npm start` applies the migrations itself when it starts.');
  if (!handle) return 1;
  await handle.close();
  console.log(`Database migrations applied (${handle.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'}).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Migrations failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
