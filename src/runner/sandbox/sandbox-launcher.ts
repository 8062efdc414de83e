import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * How a sandbox process is started on this machine. Each layer is used when the machine has it,
 * and the layers that are missing are reported once, so a weaker sandbox is never silent:
 * - `unshare -n` (util-linux): a network namespace with nothing but its own loopback;
 *   `unshare -r -n` when the app does not run as root (a user namespace maps it).
 * - `setpriv` to the `nobody` user when the app runs as root, so even a permission-model
 *   bypass meets ordinary file permissions.
 * - `prlimit`: no core files, no file writes, few descriptors, a CPU-seconds cap.
 * - `nice -n 19`: hostile runs yield the CPU to the app and other learners.
 * - Node's permission model: reads only of node_modules, no writes, no child processes,
 *   no worker threads, no native addons.
 * Each wrapper execs the next, so the pid the app holds is the Node process itself.
 */

export interface SandboxCommand {
  command: string;
  args: string[];
  /** Layers this machine lacks (empty when fully isolated). */
  missing: string[];
}

export interface LaunchOptions {
  entry: string;
  readableRoot: string;
  /** CPU seconds the process may use in all (a disposable process runs one program). */
  cpuSeconds: number;
  heapMb: number;
  childArgs: string[];
  /** Refuse code generation from strings in the host realm (off only with the lock-down, for its tests). */
  noHostCodeGeneration?: boolean;
  /** Engine flags for this process (Python's sandboxes compile their WebAssembly with Liftoff only). */
  engineFlags?: string[];
}

const NOBODY = 65534;

/** Whether a command runs and succeeds on this machine (probing an isolation layer). */
export function works(command: string, args: string[]): boolean {
  try {
    return spawnSync(command, args, { stdio: 'ignore', timeout: 5000 }).status === 0;
  } catch {
    return false;
  }
}

/** Whether `nobody` can reach the file: every folder above it searchable, the file readable by others. */
function readableByOthers(file: string): boolean {
  try {
    if ((statSync(file).mode & 0o004) === 0) return false;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0) return false;
      if (dir === path.dirname(dir)) return true;
    }
  } catch {
    return false;
  }
}

interface MachineLayers {
  netns: string[] | null;
  setpriv: boolean;
  prlimit: boolean;
  nice: boolean;
}

let probed: MachineLayers | null = null;

function probeMachine(): MachineLayers {
  if (probed) return probed;
  const linux = process.platform === 'linux';
  const root = process.getuid?.() === 0;
  const netnsArgs = root ? ['-n'] : ['-r', '-n'];
  probed = {
    netns: linux && works('unshare', [...netnsArgs, 'true']) ? netnsArgs : null,
    setpriv: linux && root && works('setpriv', ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', 'true']),
    prlimit: linux && works('prlimit', ['--core=0', 'true']),
    nice: works('nice', ['-n', '19', 'true']),
  };
  return probed;
}

function permissionFlag(): string {
  // Node 22.13+ calls it --permission; Node 20 only knows the experimental name.
  return process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
}

export function sandboxCommand(options: LaunchOptions): SandboxCommand {
  const layers = probeMachine();
  const missing: string[] = [];
  const chain: string[] = [];
  if (layers.nice) chain.push('nice', '-n', '19');
  if (layers.netns) chain.push('unshare', ...layers.netns);
  else missing.push('network namespace (unshare -n)');
  if (layers.setpriv && readableByOthers(options.entry)) chain.push('setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--');
  else if (process.getuid?.() === 0) missing.push('unprivileged user (setpriv to nobody)');
  if (layers.prlimit) chain.push('prlimit', '--core=0', '--fsize=0', '--nofile=256', `--cpu=${options.cpuSeconds}`, '--');
  else missing.push('resource limits (prlimit)');
  const node = [
    process.execPath,
    permissionFlag(),
    `--allow-fs-read=${options.readableRoot}${path.sep}`,
    `--max-old-space-size=${options.heapMb}`,
    // No code compiled from strings in the host realm (learner realms get their own setting).
    ...(options.noHostCodeGeneration === false ? [] : ['--disallow-code-generation-from-strings']),
    // Lets the JavaScript runner answer a program's import() with an error of the program's own
    // realm (Node's default answer is an object of this process: node/javascript-runner.ts).
    '--experimental-vm-modules',
    '--no-warnings',
    ...(options.engineFlags ?? []),
    options.entry,
    ...options.childArgs,
  ];
  const [command, ...args] = [...chain, ...node];
  return { command: command ?? process.execPath, args, missing };
}
