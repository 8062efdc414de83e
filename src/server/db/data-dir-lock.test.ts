import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockDataFolder, lockPathFor, LOCK_HANDOFF_ENV } from './data-dir-lock';
import { formatLockFile, parseLockFile, processStartFromStat, type LockInfo } from './lock-file';

let root: string;
let folder: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'codetrail-lock-'));
  folder = path.join(root, 'pglite');
  delete process.env[LOCK_HANDOFF_ENV];
});

afterEach(() => {
  delete process.env[LOCK_HANDOFF_ENV];
  rmSync(root, { recursive: true, force: true });
});

const lockOnDisk = () => parseLockFile(readFileSync(lockPathFor(folder), 'utf8'));

function parentInfo(overrides: Partial<LockInfo> = {}): LockInfo {
  const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
  return { pid: process.ppid, command: 'npm start: next start --port 3000', startedAt: new Date().toISOString(), processStart: processStartFromStat(stat), token: 'f'.repeat(32), ...overrides };
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('could not start a child process');
  return child.pid;
}

describe('lockDataFolder', () => {
  it('writes a lock beside the folder naming this process, and removes it on release', async () => {
    const lock = await lockDataFolder(folder, { forOpening: true });
    expect(lock.lockPath).toBe(`${folder}.lock`);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid });
    await lock.release();
    expect(existsSync(lock.lockPath)).toBe(false);
  });

  it('lets one process hold the folder across its own open and close, but never two opens at once', async () => {
    const hold = await lockDataFolder(folder);
    const opened = await lockDataFolder(folder, { forOpening: true });
    await expect(lockDataFolder(folder, { forOpening: true })).rejects.toThrow(DataDirInUseError);
    await opened.release();
    expect(lockOnDisk()).toMatchObject({ pid: process.pid });
    const reopened = await lockDataFolder(folder, { forOpening: true });
    await reopened.release();
    await hold.release();
    expect(existsSync(lockPathFor(folder))).toBe(false);
  });

  it('refuses a folder a live process holds, naming it in one sentence', async () => {
    const holder = parentInfo();
    writeFileSync(lockPathFor(folder), formatLockFile(holder));
    const refusal = lockDataFolder(folder, { forOpening: true });
    await expect(refusal).rejects.toThrow(DataDirInUseError);
    await expect(refusal).rejects.toThrow(
      new RegExp(`^The embedded database in ${folder.replace(/[.]/g, '\\.')} is in use by process ${holder.pid} \\(npm start: next start --port 3000\\) since \\d\\d:\\d\\d:\\d\\d\\. Stop it first, or set DATABASE_URL to use PostgreSQL\\.$`),
    );
    expect(lockOnDisk()).toEqual(holder);
  });

  it.each([
    ['a dead holder', () => parentInfo({ pid: deadPid() })],
    ['a pid now used by another process', () => parentInfo({ processStart: 1 })],
  ])('takes over the lock of %s', async (_case, stale) => {
    writeFileSync(lockPathFor(folder), formatLockFile(stale()));
    const lock = await lockDataFolder(folder, { forOpening: true });
    expect(lockOnDisk()).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('takes over a lock that stays unreadable (its writer died between creating and writing it)', async () => {
    writeFileSync(lockPathFor(folder), '');
    const lock = await lockDataFolder(folder);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('takes a lock its parent handed down, and leaves the rewritten lock alone on the parent’s behalf', async () => {
    const parent = parentInfo();
    writeFileSync(lockPathFor(folder), formatLockFile(parent));
    process.env[LOCK_HANDOFF_ENV] = parent.token;
    const lock = await lockDataFolder(folder, { forOpening: true });
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: parent.token });
    expect(lock.handoffEnv()).toEqual({ [LOCK_HANDOFF_ENV]: parent.token });
    await lock.release();
    expect(existsSync(lockPathFor(folder))).toBe(false);
  });

  it('does not remove a lock that another process has taken since', async () => {
    const lock = await lockDataFolder(folder);
    const child = parentInfo();
    writeFileSync(lockPathFor(folder), formatLockFile(child));
    await lock.release();
    expect(lockOnDisk()).toEqual(child);
  });
});
