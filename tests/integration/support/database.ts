import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '@/server/db/client';

/**
 * The database under test: on PostgreSQL (TEST_DATABASE_URL) a fresh database of its own per
 * call, made on the same server and dropped on close; otherwise an in-memory PGlite. Test files
 * set their own clocks (some in the future), and the league rollover rightly trusts time to move
 * forward; one file's weeks must never decide another file's rollover.
 */
export async function openTestDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite', dataDir: null }, options);
  const name = `codetrail_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: own.toString() }, options);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name}`);
      } finally {
        await dropper.end();
      }
    },
  };
}
