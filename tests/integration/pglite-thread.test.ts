import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { PgliteThreadClient } from '@/server/db/pglite-thread-client';
import { rowsOf } from '@/server/db/rows';
import { users } from '@/server/db/schema';
import { createUserRepository } from '@/server/repositories/user-repository';

/**
 * The embedded database on its own thread (issue 18): what drizzle and the app rely on still
 * holds across the thread (transactions, PostgreSQL's error fields, ordering, a folder that
 * keeps its data), a thread that dies fails its callers instead of leaving them waiting, and SQL
 * running in the thread no longer holds up the server's own thread. Runs on PGlite whichever
 * database the rest of the suite uses.
 */

const SUPPORT = path.resolve('tests/integration/support');

let dataDir: string;
let handle: DatabaseHandle | null = null;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'codetrail-thread-it-'));
});

afterEach(async () => {
  await handle?.close();
  handle = null;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first row's column n of a statement's result. */
const firstN = (result: unknown) => Number((rowsOf(result)[0] as { n?: unknown } | undefined)?.n);
const countUsers = async (db: DatabaseHandle['db']) => firstN(await db.execute(sql`select count(*)::int as n from ${users}`));

describe('the embedded database thread', () => {
  it('keeps a folder’s data across a close and a reopen, and rolls back a transaction that throws', async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir });
    const repo = createUserRepository(handle.db);
    await repo.upsertFromIdentity({ id: 'thread-a', email: 'a@example.com', displayName: 'Ada', roles: [] });
    await expect(
      handle.db.transaction(async (tx) => {
        await createUserRepository(tx as unknown as DatabaseHandle['db']).upsertFromIdentity({ id: 'thread-b', email: 'b@example.com', displayName: 'Bea', roles: [] });
        throw new Error('refused halfway');
      }),
    ).rejects.toThrow('refused halfway');
    expect(await countUsers(handle.db)).toBe(1);
    await handle.close();
    handle = await openDatabase({ kind: 'pglite', dataDir });
    expect((await createUserRepository(handle.db).findById('thread-a'))?.displayName).toBe('Ada');
    expect(await createUserRepository(handle.db).findById('thread-b')).toBeNull();
  });

  it('hands back PostgreSQL’s error fields (a unique violation keeps code 23505 and its constraint)', async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await handle.db.execute(sql`create table thread_unique (id int primary key)`);
    await handle.db.execute(sql`insert into thread_unique values (1)`);
    const error = await handle.db.execute(sql`insert into thread_unique values (1)`).then(
      () => null,
      (caught: Error & { cause?: Record<string, unknown> }) => caught,
    );
    const fields = (error?.cause ?? error) as Record<string, unknown> | null;
    expect(fields?.code).toBe('23505');
    expect(fields?.constraint).toBe('thread_unique_pkey');
  });

  it('runs statements from outside after an open transaction, never inside it; transactions run one after the other', async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    const { db } = handle;
    await db.execute(sql`create table thread_counter (id int primary key, n int not null)`);
    await db.execute(sql`insert into thread_counter values (1, 0)`);
    // A statement sent while a transaction has written (and will roll back) must not run inside it.
    const writeThenRollBack = db.transaction(async (tx) => {
      await tx.execute(sql`update thread_counter set n = 100 where id = 1`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const readDuring = db.execute(sql`select n from thread_counter where id = 1`).then(firstN);
    await expect(writeThenRollBack).rejects.toThrow('rolled back');
    expect(await readDuring).toBe(0);
    // Read, wait, write: two of these at once lose an update unless they run one after the other.
    const bump = () =>
      db.transaction(async (tx) => {
        const n = firstN(await tx.execute(sql`select n from thread_counter where id = 1`));
        await new Promise((resolve) => setTimeout(resolve, 30));
        await tx.execute(sql`update thread_counter set n = ${n + 1} where id = 1`);
      });
    await Promise.all([bump(), bump(), bump()]);
    expect(firstN(await db.execute(sql`select n from thread_counter where id = 1`))).toBe(3);
  });

  it('refuses a value parser it cannot carry across the thread, with a clear message', async () => {
    const client = await PgliteThreadClient.open(null);
    try {
      await expect(client.query('select 1 as n', [], { parsers: { 23: (value) => Number(value) * 2 } })).rejects.toThrow(
        "The embedded database thread only keeps values as PostgreSQL's text; type 23 has a parser that changes them",
      );
      expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.close();
    }
  });

  it('fails waiting callers and later ones when the thread dies, instead of leaving them waiting', async () => {
    const client = await PgliteThreadClient.open(null, path.join(SUPPORT, 'dying-thread.cjs'));
    await expect(client.query('select 1')).rejects.toThrow('The embedded database thread has stopped (exit code 3)');
    await expect(client.query('select 1')).rejects.toThrow('The embedded database thread has stopped (exit code 3)');
    await client.close();
  });

  it('says so when the database cannot open (the folder is a file)', async () => {
    const file = path.join(dataDir, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(PgliteThreadClient.open(file)).rejects.toThrow(/^The embedded database did not open: /);
  });

  it('leaves the server’s own thread free while SQL runs', async () => {
    const client = await PgliteThreadClient.open(null);
    try {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const started = Date.now();
      await client.query('select count(*) from generate_series(1, 4000000)');
      const took = Date.now() - started;
      clearInterval(timer);
      // On the server's thread a statement this long lets no timer run until it ends.
      expect(took).toBeGreaterThan(150);
      expect(ticks).toBeGreaterThanOrEqual(5);
    } finally {
      await client.close();
    }
  });

  it('keeps a process alive while a statement waits for its answer, and never once the database is idle', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SUPPORT, 'thread-exit.ts')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 60_000);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect([code, out.trim()]).toEqual([0, 'ANSWER 2000000']);
  });
});
