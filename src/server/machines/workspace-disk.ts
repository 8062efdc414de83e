import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A filesystem of its own per machine: the workspace is an ext4 image (a sparse file in the
 * machine's folder, which only the app can write) loop-mounted on the workspace folder. The kernel
 * then refuses a write past the machine's disk allowance (ENOSPC), however many files or processes
 * share it, and the host's disk holds at most the image. It needs root, mkfs.ext4 and loop devices;
 * where they are missing the local driver measures the files instead and stops a machine over its
 * allowance (machine-service.ts, refreshDiskUsage).
 */

const MB = 1024 * 1024;

/**
 * The image's size for an allowance: ext4's own bookkeeping (a 4 MB journal, inode tables at one
 * 256-byte inode per 8 KB, group descriptors and bitmaps) takes about 4 MB and 3 %, so an image of
 * this size leaves the learner close to, and never more than, the allowance (workspace-disk.test.ts).
 */
export function diskImageBytes(diskMb: number): number {
  return (Math.floor(diskMb * 1.02) + 4) * MB;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000, env: { PATH: '/usr/local/sbin:/usr/sbin:/sbin:/usr/bin:/bin', LANG: 'C' } as unknown as NodeJS.ProcessEnv, encoding: 'utf8' }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${(stderr || error.message).trim().slice(0, 500)}`));
      else resolve();
    });
  });
}

/** Whether `folder` is a mount point, from this process's mount table (exact path, octal escapes undone). */
export function isMountPoint(folder: string): boolean {
  const wanted = path.resolve(folder);
  try {
    return readFileSync('/proc/self/mountinfo', 'utf8')
      .split('\n')
      .some((line) => line.split(' ')[4]?.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(parseInt(octal, 8))) === wanted);
  } catch {
    return false;
  }
}

async function makeImage(image: string, diskMb: number, uid: number): Promise<void> {
  const partial = `${image}.partial`;
  const handle = await open(partial, 'w', 0o600);
  try {
    await handle.truncate(diskImageBytes(diskMb)); // sparse: the host's disk holds only what is written
  } finally {
    await handle.close();
  }
  // -m 0: no blocks kept for root (nobody is root inside); -i 8192: room for node_modules' many files.
  await run('mkfs.ext4', ['-q', '-F', '-m', '0', '-b', '4096', '-i', '8192', '-J', 'size=4', '-E', `root_owner=${uid}:${uid}`, partial]);
  await rename(partial, image);
}

async function mount(image: string, folder: string, readOnly = false): Promise<void> {
  await run('mount', ['-t', 'ext4', '-o', `loop,nosuid,nodev${readOnly ? ',ro' : ''}`, image, folder]);
}

export async function unmountWorkspaceDisk(folder: string): Promise<void> {
  if (!isMountPoint(folder)) return;
  // Busy only while a process still holds it; every machine process is gone by now, so detach lazily.
  await run('umount', [folder]).catch(() => run('umount', ['-l', folder]));
}

/** After mounting: the filesystem's root is the machine's, and mkfs's lost+found is not in its file tree. */
async function adopt(folder: string, uid: number): Promise<void> {
  await rmdir(path.join(folder, 'lost+found')).catch(() => undefined);
  await chown(folder, uid, uid);
  await chmod(folder, 0o755);
}

export class WorkspaceOverAllowanceError extends Error {
  override name = 'WorkspaceOverAllowanceError';
}

/**
 * Mounts the machine's image on its workspace folder (made on first use). A workspace folder that
 * already holds files (a machine from before per-machine disks) is copied into the new image first,
 * and the folder's files are removed only once the image holding the copy is mounted in its place;
 * files over the allowance are never lost: the image is dropped and the machine refused with why.
 */
export async function mountWorkspaceDisk(options: { image: string; workspace: string; diskMb: number; uid: number }): Promise<{ fresh: boolean }> {
  const { image, workspace, diskMb, uid } = options;
  if (isMountPoint(workspace)) return { fresh: false };
  const folderExisted = existsSync(workspace);
  await mkdir(workspace, { recursive: true, mode: 0o755 });
  await chown(workspace, uid, uid);
  if (existsSync(image)) {
    const size = (await stat(image)).size;
    if (size < diskImageBytes(diskMb)) {
      // A larger allowance (a new plan): the image grows before it is mounted.
      const handle = await open(image, 'r+');
      try {
        await handle.truncate(diskImageBytes(diskMb));
      } finally {
        await handle.close();
      }
      await run('e2fsck', ['-f', '-p', image]).catch(() => undefined);
      await run('resize2fs', [image]);
    }
    await mount(image, workspace);
    await adopt(workspace, uid);
    return { fresh: false };
  }
  await makeImage(image, diskMb, uid);
  const existing = await readdir(workspace);
  if (existing.length === 0) {
    await mount(image, workspace);
    await adopt(workspace, uid);
    return { fresh: !folderExisted };
  }
  const staging = await mkdtemp(path.join(path.dirname(image), 'migrating-'));
  try {
    await mount(image, staging);
    try {
      await run('cp', ['-a', `${workspace}/.`, `${staging}/`]);
    } catch (error) {
      await unmountWorkspaceDisk(staging);
      await rm(image, { force: true });
      const copied = error instanceof Error && /No space left/i.test(error.message);
      throw copied ? new WorkspaceOverAllowanceError(`This machine's files take more than its ${diskMb} MB. They are kept; ask for a larger allowance or remove files to start it.`) : error;
    }
    await unmountWorkspaceDisk(staging);
  } finally {
    await rmdir(staging).catch(() => undefined);
  }
  const old = `${workspace}.before-disk`;
  await rm(old, { recursive: true, force: true });
  await rename(workspace, old);
  await mkdir(workspace, { mode: 0o755 });
  await chown(workspace, uid, uid);
  await mount(image, workspace);
  await adopt(workspace, uid);
  await rm(old, { recursive: true, force: true });
  return { fresh: false };
}

/** Runs `measure` on the machine's files: the mounted workspace, or the image mounted read-only for a moment. */
export async function withWorkspaceFiles<T>(options: { image: string; workspace: string }, measure: (folder: string) => Promise<T>): Promise<T> {
  if (isMountPoint(options.workspace) || !existsSync(options.image)) return measure(options.workspace);
  const folder = await mkdtemp(path.join(path.dirname(options.image), 'measure-'));
  try {
    await mount(options.image, folder, true);
    try {
      return await measure(folder);
    } finally {
      await unmountWorkspaceDisk(folder);
    }
  } finally {
    await rmdir(folder).catch(() => undefined);
  }
}

let probed: Promise<string | null> | null = null;

/** Null when per-machine images work on this computer, else why not (tried once: make, mount, unmount). */
export function probeWorkspaceDisks(): Promise<string | null> {
  probed ??= (async () => {
    if (process.platform !== 'linux') return 'not Linux';
    if (process.getuid?.() !== 0) return 'the app does not run as root, so it cannot mount filesystems';
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'codetrail-disk-probe-'));
    const image = path.join(scratch, 'probe.img');
    const folder = path.join(scratch, 'mounted');
    try {
      await makeImage(image, 8, 0);
      await mkdir(folder);
      await mount(image, folder);
      await unmountWorkspaceDisk(folder);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      await unmountWorkspaceDisk(folder).catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    }
  })();
  return probed;
}
