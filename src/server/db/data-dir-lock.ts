import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  describeCommand,
  formatLockFile,
  inUseSentence,
  judgeLock,
  parentPidFromStat,
  parseLockFile,
  processStartFromStat,
  type HolderFacts,
  type LockInfo,
} from './lock-file';

/**
 * One process per embedded database folder. The lock file `<folder>.lock` sits beside the
 * PGlite folder in the data folder, is created with O_EXCL, names its holder, and is removed on
 * close and at exit. A lock left by a dead process (or by a pid now reused) is taken over.
 */

/** The environment variable a holder passes to the child it hands the folder to. */
export const LOCK_HANDOFF_ENV = 'CODETRAIL_DATA_LOCK_HANDOFF';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    message: string,
    readonly holder: LockInfo,
  ) {
    super(message);
  }
}

export interface DataDirLock {
  readonly folder: string;
  readonly lockPath: string;
  /** Environment for a child that takes the folder over from this process (npm start → Next). */
  handoffEnv(): Record<string, string>;
  release(): Promise<void>;
}

interface HeldEntry {
  info: LockInfo;
  holds: number;
  /** Whether a database handle in this process has the folder open (only one may). */
  opened: boolean;
}

// On globalThis: Next's hot reload evaluates modules again in the same process.
const globalForLocks = globalThis as typeof globalThis & { __codetrailDataLocks?: Map<string, HeldEntry> };
const held = (globalForLocks.__codetrailDataLocks ??= new Map());

function readProcStat(pid: number | 'self'): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** From /proc on Linux; elsewhere (macOS) from ps, so `npm run dev`'s grandchild still inherits the lock. */
function parentOf(pid: number): number | null {
  const stat = readProcStat(pid);
  if (stat) return parentPidFromStat(stat);
  try {
    const parent = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(parent) && parent > 0 ? parent : null;
  } catch {
    return null;
  }
}

function isAncestor(pid: number): boolean {
  let current: number | null = process.ppid;
  for (let depth = 0; current && current > 1 && depth < 64; depth += 1) {
    if (current === pid) return true;
    current = parentOf(current);
  }
  return false;
}

function holderFacts(pid: number): HolderFacts {
  const stat = readProcStat(pid);
  return { alive: isAlive(pid), processStart: stat ? processStartFromStat(stat) : null, isAncestor: isAncestor(pid) };
}

function parentArgv(): string[] | null {
  try {
    return readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

function ownInfo(token: string): LockInfo {
  const stat = readProcStat('self');
  return {
    pid: process.pid,
    command: describeCommand(process.argv, process.env.npm_lifecycle_event, parentArgv()),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    processStart: stat ? processStartFromStat(stat) : null,
    token,
  };
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The lock's text once it is complete. Between O_EXCL creation and the write a reader can see an
 * empty file, so an unreadable lock is read again for a while before it counts as abandoned.
 */
async function readSettled(lockPath: string): Promise<{ text: string; info: LockInfo | null } | 'gone'> {
  let text = '';
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      text = await readFile(lockPath, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return 'gone';
      throw error;
    }
    const info = parseLockFile(text);
    if (info) return { text, info };
    await sleep(50);
  }
  return { text, info: null };
}

/**
 * Moves an abandoned lock aside. Renaming is atomic, so of two processes that judged the same
 * lock abandoned only one moves it; if what was moved is no longer that lock (another process
 * took over in between), it is put back.
 */
async function takeOver(lockPath: string, judgedText: string): Promise<void> {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== judgedText) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

async function createExclusive(lockPath: string, info: LockInfo): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, 'wx');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(formatLockFile(info));
  } finally {
    await handle.close();
  }
  return true;
}

/** Rewrites the lock in one step (rename replaces it atomically) when a child takes it over. */
async function replaceLock(lockPath: string, info: LockInfo): Promise<void> {
  const temporary = `${lockPath}.${process.pid}.tmp`;
  await writeFile(temporary, formatLockFile(info));
  await rename(temporary, lockPath);
}

function removeIfOurs(lockPath: string, info: LockInfo): void {
  try {
    const current = parseLockFile(readFileSync(lockPath, 'utf8'));
    // After a handoff the child's pid is in the file: the child removes it, not us.
    if (current && current.pid === info.pid && current.token === info.token) unlinkSync(lockPath);
  } catch {
    // Already gone.
  }
}

let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [lockPath, entry] of held) removeIfOurs(lockPath, entry.info);
    held.clear();
  });
}

export const lockPathFor = (folder: string) => `${path.resolve(folder)}.lock`;

function handle(folder: string, lockPath: string, entry: HeldEntry, forOpening: boolean): DataDirLock {
  let released = false;
  return {
    folder,
    lockPath,
    handoffEnv: () => ({ [LOCK_HANDOFF_ENV]: entry.info.token }),
    async release() {
      if (released) return;
      released = true;
      if (forOpening) entry.opened = false;
      entry.holds -= 1;
      if (entry.holds > 0) return;
      held.delete(lockPath);
      removeIfOurs(lockPath, entry.info);
    },
  };
}

/**
 * Takes the embedded database folder for this process, or throws DataDirInUseError with the
 * sentence naming the holder. Within one process the lock is shared (npm start holds it across
 * its own open and close), but only one handle may have the folder open at a time.
 */
export async function lockDataFolder(folder: string, options: { forOpening?: boolean; now?: () => Date } = {}): Promise<DataDirLock> {
  const absolute = path.resolve(folder);
  const lockPath = lockPathFor(absolute);
  const forOpening = options.forOpening ?? false;
  const now = options.now ?? (() => new Date());

  const existing = held.get(lockPath);
  if (existing) {
    if (forOpening && existing.opened) throw new DataDirInUseError(inUseSentence(absolute, existing.info, now()), existing.info);
    existing.holds += 1;
    if (forOpening) existing.opened = true;
    return handle(absolute, lockPath, existing, forOpening);
  }

  await mkdir(path.dirname(lockPath), { recursive: true });
  const handoffToken = process.env[LOCK_HANDOFF_ENV] || null;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const info = ownInfo(randomBytes(16).toString('hex'));
    if (await createExclusive(lockPath, info)) return register(absolute, lockPath, info, forOpening);

    const current = await readSettled(lockPath);
    if (current === 'gone') continue;
    const verdict = judgeLock(current.info, current.info ? holderFacts(current.info.pid) : { alive: false, processStart: null, isAncestor: false }, { pid: process.pid, handoffToken });
    if (verdict === 'held' && current.info) throw new DataDirInUseError(inUseSentence(absolute, current.info, now()), current.info);
    if (verdict === 'handed-over' && current.info) {
      const inherited = { ...ownInfo(current.info.token) };
      await replaceLock(lockPath, inherited);
      return register(absolute, lockPath, inherited, forOpening);
    }
    await takeOver(lockPath, current.text);
  }
  throw new Error(`Could not take the lock ${lockPath}: other processes kept taking it. Try again.`);
}

function register(folder: string, lockPath: string, info: LockInfo, forOpening: boolean): DataDirLock {
  const entry: HeldEntry = { info, holds: 1, opened: forOpening };
  held.set(lockPath, entry);
  installExitHook();
  return handle(folder, lockPath, entry, forOpening);
}
