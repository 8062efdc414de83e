import { openDatabase, type DatabaseHandle } from '@/server/db/client';

/** The database under test: PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite. */
export function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  return openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
}
