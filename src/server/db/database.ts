import { serverEnv } from '@/server/config/server-env';
import { openDatabase, type DatabaseHandle } from './client';

// Kept on globalThis so Next's hot reload in development does not open a second PGlite
// instance on the same folder.
const globalForDb = globalThis as typeof globalThis & { __codetrailDb?: Promise<DatabaseHandle> };

/** The process-wide database, opened (and migrated) on first use. */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!globalForDb.__codetrailDb) {
    const env = serverEnv();
    const opening = openDatabase(
      env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dataDir: env.dataDir },
    );
    // A failed open must not be cached forever: the next request tries again.
    opening.catch(() => {
      if (globalForDb.__codetrailDb === opening) delete globalForDb.__codetrailDb;
    });
    globalForDb.__codetrailDb = opening;
  }
  return globalForDb.__codetrailDb;
}
