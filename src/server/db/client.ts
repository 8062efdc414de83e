import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataFolder } from './data-dir-lock';
import { PgliteThreadClient } from './pglite-thread-client';
import { schema } from './schema';

/**
 * One database handle per process: PGlite (embedded PostgreSQL, stored in a folder, run on a
 * thread of its own) by default, or a real PostgreSQL pool when a URL is given. Both run the same committed
 * migrations, so every query works on both.
 */

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

/** The database a command-line tool opens: DATABASE_URL's PostgreSQL, else the embedded one of DATA_DIR (default .data). */
export function databaseTargetFromEnv(env: Record<string, string | undefined>): DatabaseTarget {
  return env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR || '.data' };
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'src/server/db/migrations');

/** Where the embedded database of a data folder lives (its lock file sits beside it). */
export const embeddedDatabaseFolder = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** What a caller may watch: every SQL statement the app sends (tests count them per request). */
export interface OpenDatabaseOptions {
  onQuery?: (query: string) => void;
}

export async function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: (query: string) => options.onQuery?.(query) } : undefined;
  if (target.kind === 'postgres') {
    const [{ drizzle }, { migrate }, { Pool }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
      import('pg'),
    ]);
    const pool = new Pool({ connectionString: target.url, max: 10 });
    const db = drizzle(pool, { schema, logger });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  // PGlite runs on a thread of its own (pglite-thread-client.ts): drizzle sees the same
  // `query`/`transaction` interface, and requests are not held up while SQL runs.
  const openOn = async (dataDir: string | null) => {
    const client = await PgliteThreadClient.open(dataDir);
    const db = drizzle({ client: client as unknown as PGlite, schema, logger });
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    return { db: db as unknown as Database, client };
  };
  if (!target.dataDir) {
    const { db, client } = await openOn(null);
    return { db, kind: 'pglite', close: () => client.close() };
  }

  const dir = embeddedDatabaseFolder(target.dataDir);
  // Before PGlite touches the folder: a second process on it corrupts it for good.
  const lock = await lockDataFolder(dir, { forOpening: true });
  try {
    // PGlite does not create missing parent folders.
    await mkdir(dir, { recursive: true });
    const { db, client } = await openOn(dir);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
