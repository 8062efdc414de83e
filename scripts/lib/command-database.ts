import { loadEnvConfig } from '@next/env';
import { databaseTargetFromEnv, openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { DataDirInUseError } from '../../src/server/db/data-dir-lock';

/**
 * The database a one-shot command (content:publish, db:migrate) works on, migrated by opening it:
 * DATABASE_URL's PostgreSQL, else the embedded one in DATA_DIR. Reads the same .env files Next
 * does. The DataDirInUseError when a running app holds the embedded database.
 */
export async function openCommandDatabaseOrHolder(): Promise<DatabaseHandle | DataDirInUseError> {
  loadEnvConfig(process.cwd(), false);
  try {
    return await openDatabase(databaseTargetFromEnv(process.env));
  } catch (error) {
    if (error instanceof DataDirInUseError) return error;
    throw error;
  }
}

/** As openCommandDatabaseOrHolder; null, with `whenInUse` printed, when a running app holds the embedded database. */
export async function openCommandDatabase(whenInUse: string): Promise<DatabaseHandle | null> {
  const handle = await openCommandDatabaseOrHolder();
  if (!(handle instanceof DataDirInUseError)) return handle;
  console.error(`${handle.message}\n${whenInUse}`);
  return null;
}
