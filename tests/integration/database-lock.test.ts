import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embeddedDatabaseFolder, openDatabase } from '@/server/db/client';
import { lockDataFolder, lockPathFor } from '@/server/db/data-dir-lock';
import { parseLockFile } from '@/server/db/lock-file';
import { createUserRepository } from '@/server/repositories/user-repository';

/**
 * The embedded database's one-process rule with real processes: PGlite folders are on disk here
 * whichever database the rest of the suite runs on.
 */

const HOLDER = path.resolve('tests/integration/support/hold-database.ts');

let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'codetrail-lock-it-'));
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  child: ChildProcess;
  /** READY <pid> or REFUSED: <sentence>, whichever came first. */
  line: string;
}

/** Starts hold-database.ts and waits for its first line. */
function startHolder(mode: 'hold' | 'exit', userId: string, env: NodeJS.ProcessEnv = process.env): Promise<Outcome> {
  // tsx as a loader, not its CLI: the CLI runs the script in a child, whose pid we need (and kill).
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, mode, dataDir, userId], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('READY') || candidate.startsWith('REFUSED'));
      if (line) resolve({ child, line });
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => setTimeout(() => reject(new Error(`holder exited (${code}) before a line: ${out} ${err}`)), 100));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
const lockOnDisk = () => parseLockFile(readFileSync(lockPathFor(embeddedDatabaseFolder(dataDir)), 'utf8'));

async function userWrittenBy(userId: string): Promise<string | null> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return (await createUserRepository(handle.db).findById(userId))?.displayName ?? null;
  } finally {
    await handle.close();
  }
}

describe('one process per embedded database folder', () => {
  it('refuses a second opener while another process holds the folder; a killed holder’s lock is taken over and the data opens fine', async () => {
    const { child, line } = await startHolder('hold', 'held-user');
    expect(line).toBe(`READY ${child.pid}`);
    const folder = embeddedDatabaseFolder(dataDir);

    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      new RegExp(`^The embedded database in ${folder.replace(/[.]/g, '\\.')} is in use by process ${child.pid} \\([^)]*hold-database\\.ts hold [^)]*\\) since \\d\\d:\\d\\d:\\d\\d\\. Stop it first, or set DATABASE_URL to use PostgreSQL\\.$`),
    );

    child.kill('SIGKILL');
    await exited(child);
    expect(lockOnDisk()).toMatchObject({ pid: child.pid });

    expect(await userWrittenBy('held-user')).toBe(`written by ${child.pid}`);
    expect(existsSync(lockPathFor(folder))).toBe(false);
  });

  it('removes its lock when the holder exits without closing', async () => {
    const { child } = await startHolder('exit', 'exit-user');
    await exited(child);
    expect(child.exitCode).toBe(0);
    expect(existsSync(lockPathFor(embeddedDatabaseFolder(dataDir)))).toBe(false);
    expect(await userWrittenBy('exit-user')).toBe(`written by ${child.pid}`);
  });

  it('hands the folder from a holder to the child it starts (npm start → Next), and no one else', async () => {
    const hold = await lockDataFolder(embeddedDatabaseFolder(dataDir));
    let heirPid: number | undefined;
    try {
      const stranger = await startHolder('hold', 'stranger');
      expect(stranger.line).toMatch(new RegExp(`^REFUSED: The embedded database in .* is in use by process ${process.pid} \\(`));

      const heir = await startHolder('hold', 'heir', { ...process.env, ...hold.handoffEnv() });
      heirPid = heir.child.pid;
      expect(heir.line).toBe(`READY ${heirPid}`);
      expect(lockOnDisk()).toMatchObject({ pid: heir.child.pid });

      const late = await startHolder('hold', 'late', { ...process.env, ...hold.handoffEnv() });
      expect(late.line).toMatch(new RegExp(`^REFUSED: .* in use by process ${heir.child.pid} \\(`));
      heir.child.kill('SIGKILL');
      await exited(heir.child);
    } finally {
      await hold.release();
    }
    expect(await userWrittenBy('heir')).toBe(`written by ${heirPid}`);
  });
});
