import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { compileContent } from '@/server/content/compile-content';
import { createServices, type Services } from '@/server/services/services';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '@/server/db/client';

/**
 * The database under test: on PostgreSQL (TEST_DATABASE_URL) a fresh database of its own per
 * call, made on the same server and dropped on close; otherwise an in-memory PGlite. Test files
 * set their own clocks (some in the future), and the league rollover rightly trusts time to move
 * forward; one file's weeks must never decide another file's rollover.
 */
export async function openTestDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle & { url: string | null }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { ...(await openDatabase({ kind: 'pglite', dataDir: null }, options)), url: null };
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
    /** This test database's own URL (another process may open it). */
    url: own.toString(),
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

/** A test database with the app's services and the repository's content published (as `npm start` does). */
export async function openPublishedDatabase(options: OpenDatabaseOptions = {}): Promise<{ handle: DatabaseHandle & { url: string | null }; services: Services }> {
  const handle = await openTestDatabase(options);
  const services = createServices(handle.db);
  const compiled = await compileContent(path.resolve('content'));
  if (compiled.errors.length > 0) throw new Error(`the repository's content does not compile:\n${compiled.errors.join('\n')}`);
  await services.content.publish(compiled.content);
  return { handle, services };
}
