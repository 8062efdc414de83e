import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diskImageBytes, isMountPoint, mountWorkspaceDisk, probeWorkspaceDisks, unmountWorkspaceDisk } from '@/server/machines/workspace-disk';

/**
 * A machine's own filesystem (workspace-disk.ts), made and mounted for real: the learner gets close
 * to, and never more than, the allowance; a workspace of files is moved in with them kept.
 */

jest.setTimeout(60_000);

let base: string;
let reason: string | null;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'codetrail-disks-'));
  reason = await probeWorkspaceDisks();
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const availableMb = (folder: string) => Number(spawnSync('df', ['-k', '--output=avail', folder], { encoding: 'utf8' }).stdout.trim().split('\n').pop()) / 1024;

it.each([16, 64, 512])('an allowance of %i MB leaves the learner between 95 %% and 100 %% of it', async (diskMb) => {
  if (reason !== null) return void console.warn(`no filesystem per machine here (${reason})`);
  const workspace = path.join(base, `w${diskMb}`);
  const image = path.join(base, `w${diskMb}.ext4`);
  expect(await mountWorkspaceDisk({ image, workspace, diskMb, uid: 0 })).toEqual({ fresh: true });
  try {
    expect(isMountPoint(workspace)).toBe(true);
    expect(availableMb(workspace)).toBeLessThanOrEqual(diskMb);
    expect(availableMb(workspace)).toBeGreaterThanOrEqual(diskMb * 0.95 - (diskMb < 32 ? 1 : 0));
  } finally {
    await unmountWorkspaceDisk(workspace);
  }
  expect(isMountPoint(workspace)).toBe(false);
});

it('grows an image when the allowance grows, keeping its files', async () => {
  if (reason !== null) return;
  const workspace = path.join(base, 'grow');
  const image = path.join(base, 'grow.ext4');
  await mountWorkspaceDisk({ image, workspace, diskMb: 16, uid: 0 });
  writeFileSync(path.join(workspace, 'kept.txt'), 'kept');
  await unmountWorkspaceDisk(workspace);
  expect(await mountWorkspaceDisk({ image, workspace, diskMb: 64, uid: 0 })).toEqual({ fresh: false });
  try {
    expect(availableMb(workspace)).toBeGreaterThan(50);
    expect(spawnSync('cat', [path.join(workspace, 'kept.txt')], { encoding: 'utf8' }).stdout).toBe('kept');
  } finally {
    await unmountWorkspaceDisk(workspace);
  }
  expect(diskImageBytes(64)).toBe(69 * 1024 * 1024);
});
