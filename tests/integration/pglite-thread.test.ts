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

  it('parses a statement once, then only binds and runs it (named statements, as node-postgres keeps them)', async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    const { db } = handle;
    const values = [1, 41, -7, 1_000_000];
    for (const value of values) expect(firstN(await db.execute(sql`select ${value}::int + 1 as n`))).toBe(value + 1);
    const kept = await db.execute(sql`select count(*)::int as n from pg_prepared_statements where statement = 'select $1::int + 1 as n'`);
    expect(firstN(kept)).toBe(1);
    // Nulls, text, dates and JSON go in through PGlite's serializers as with db.query.
    const row = rowsOf(await db.execute(sql`select ${null}::text as a, ${'it’s'}::text as b, ${new Date('2026-11-28T10:00:00Z').toISOString()}::timestamptz = '2026-11-28T10:00:00Z' as c, (${JSON.stringify({ x: [1] })}::jsonb)->'x' as d`))[0];
    expect(row).toEqual({ a: null, b: 'it’s', c: true, d: [1] });
  });

  it('keeps at most 256 statements prepared, closing the least recently used', async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    const { db } = handle;
    for (let index = 0; index < 300; index += 1) expect(firstN(await db.execute(sql.raw(`select ${index} as n`)))).toBe(index);
    const count = firstN(await db.execute(sql`select count(*)::int as n from pg_prepared_statements`));
    // 256, and the counting statement itself (it closes the oldest once it has run).
    expect(count).toBeLessThanOrEqual(257);
    expect(count).toBeGreaterThan(200);
    expect(firstN(await db.execute(sql.raw('select 0 as n')))).toBe(0);
  });

  it('prepares again a statement whose table changed, outside a transaction; inside one the error is PostgreSQL’s', async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    const { db } = handle;
    await db.execute(sql`create table thread_shape (a int)`);
    await db.execute(sql`insert into thread_shape values (1)`);
    expect(rowsOf(await db.execute(sql`select * from thread_shape`))).toEqual([{ a: 1 }]);
    await db.execute(sql`alter table thread_shape add column b text default 'x'`);
    expect(rowsOf(await db.execute(sql`select * from thread_shape`))).toEqual([{ a: 1, b: 'x' }]);
    await db.execute(sql`alter table thread_shape add column c int default 3`);
    const inside = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_shape values (2)`);
        return tx.execute(sql`select * from thread_shape`);
      })
      .then(
        () => null,
        (caught: Error & { cause?: Record<string, unknown> }) => (caught.cause ?? caught) as Record<string, unknown>,
      );
    expect(inside?.code).toBe('0A000');
    // The transaction rolled back (its insert is gone), and the statement runs again outside it.
    expect(rowsOf(await db.execute(sql`select * from thread_shape`))).toEqual([{ a: 1, b: 'x', c: 3 }]);
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
