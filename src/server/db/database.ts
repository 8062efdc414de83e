import { memoizeUntilRejected } from '@/lib/promise/memoize-until-rejected';
import { serverEnv } from '@/server/config/server-env';
import { openDatabase, type DatabaseHandle } from './client';

// Kept on globalThis so Next's hot reload in development does not open a second PGlite
// instance on the same folder.
const globalForDb = globalThis as typeof globalThis & { __codetrailDb?: { current?: Promise<DatabaseHandle> } };

/** The process-wide database, opened (and migrated) on first use; a failed open is tried again. */
export const getDatabase = memoizeUntilRejected(() => {
  const env = serverEnv();
  return openDatabase(env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dataDir: env.dataDir });
}, (globalForDb.__codetrailDb ??= {}));
