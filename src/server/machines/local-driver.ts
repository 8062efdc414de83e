import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, constants as fsConstants, existsSync, lstatSync, openSync, readFileSync, readdirSync, readlinkSync, writeSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { MACHINE_PROXY_PORT, networkSummary, type EgressRule } from '@/domain/machines/egress-rules';
import { MACHINE_ID_PATTERN, machineTemplate } from '@/domain/machines/machine-rules';
import { connectAgentSocket } from '@/lib/machines/agent-socket';
import { createEgressProxy } from './egress-proxy';
import { WorkspaceOverAllowanceError, mountWorkspaceDisk, probeWorkspaceDisks, unmountWorkspaceDisk, withWorkspaceFiles } from './workspace-disk';
import { AGENT_KEY_HEADER, MACHINE_WORKSPACE, type AgentEndpoint, type MachineResourceLimits, type MachineSpec, type Provisioner, type RunningMachine } from '@/domain/machines/machine-contracts';

/**
 * The `local` driver: each machine is a sandboxed process tree on this computer, its files a
 * folder under the data folder. The layers (docs/security.md, "Machines on the local driver"):
 *
 * - **bubblewrap** when installed: new mount, pid, ipc, uts, cgroup and network namespaces and a
 *   root made of read-only /usr, a handful of /etc files, the agent, node-pty, /workspace and the
 *   run folder. Nothing else of the host (the app's folder, the data folder, /root, /home) exists.
 * - **util-linux `unshare`** otherwise (always on Debian): the same namespaces, and a shell script
 *   that builds the same root on a tmpfs and `pivot_root`s into it.
 * - **a uid per machine** (`setpriv`) when the app runs as root, so RLIMIT_NPROC counts this
 *   machine's processes only and machines cannot signal or read each other's files.
 * - **`prlimit`** (address space, processes, file size, descriptors, no core files) and `nice`;
 *   **a cgroup per machine**, v2 (memory.max, pids.max, cpu.max) when /sys/fs/cgroup is v2 and
 *   writable, else v1 (memory.limit_in_bytes, pids.max, cpu.cfs_quota_us): limits for all of the
 *   machine's processes together, /tmp included. Without one, machines start only when the
 *   operator accepts per-process limits (`requireMachineLimits: false`, MACHINE_LIMITS=process).
 * - **a filesystem per machine** (workspace-disk.ts): the workspace is an ext4 image of the disk
 *   allowance, loop-mounted while the machine runs, so writes past the allowance fail. Without
 *   one (not root, no loop devices) the files are measured and a machine over its allowance is
 *   stopped (machine-service.ts), and only with MACHINE_LIMITS=process.
 *
 * Missing layers are said once in the log, like the lesson sandbox does: a weaker sandbox is
 * never silent. Machines are detached (their own session, no parent-death signal) so they outlive
 * an app restart; a new provisioner finds them through `run/pid` and the supervisor's environment.
 */

export interface LocalProvisionerOptions {
  /** Machines live in `<dataDir>/machines/<id>/{workspace,run}`. */
  dataDir: string;
  log?: (message: string) => void;
  /**
   * Refuse to start machines where no cgroup can limit a machine as a whole (memory and processes
   * then are capped per process only, and one learner's processes together can exceed the host).
   * Production's default (MACHINE_LIMITS=machine); local mode accepts the weaker limits with a warning.
   */
  requireMachineLimits?: boolean;
  /** `unshare` forces the util-linux path even when bubblewrap is installed (tests use it). */
  sandbox?: 'auto' | 'unshare';
  /**
   * `auto`: a filesystem image per machine where this computer can mount one, else files measured;
   * `measured`: never an image (tests of the weaker mode).
   */
  disk?: 'auto' | 'measured';
  /** Tests of the refusal: probe cgroups under this folder instead of /sys/fs/cgroup. */
  cgroupRoot?: string;
  /** The app's folder: where the agent's source is; never visible inside a machine. Default: cwd. */
  appRoot?: string;
  /** How long `start` waits for the agent's /health (default 15 s). */
  startTimeoutMs?: number;
  /**
   * MACHINE_NETWORK=allow-list: the allow list and the operator's upstream proxy. Each such machine
   * gets an egress proxy in this process on `<machine>/egress/egress.sock`, bound into the machine
   * read-only; the agent relays 127.0.0.1:3128 inside to it.
   */
  egress?: { rules: EgressRule[]; upstreamProxy: string | null; maxConnections?: number; idleTimeoutMs?: number };
}

/** Where things are inside a machine. */
const INSIDE_RUN = '/run/codetrail';
/** The host's egress proxy socket's folder, as the machine sees it (read-only). */
const INSIDE_EGRESS = '/run/codetrail-egress';
const INSIDE_OPT = '/opt/codetrail';
const INSIDE_NODE_DIR = `${INSIDE_OPT}/node/bin`;
/** Marks a machine's supervisor in its environment (restart recovery, reused pids). */
const MARKER = 'CODETRAIL_MACHINE_ID';
/** Per-machine uids (when the app is root) are taken from here up. */
const UID_BASE = 200_000;
const UID_SPAN = 100_000;
/** Node reserves ~0.7 GB of address space it never touches; RLIMIT_AS counts it. */
const ADDRESS_SPACE_HEADROOM_MB = 1024;
const STOP_GRACE_MS = 2000;
/**
 * /tmp and /dev/shm are memory (tmpfs): sized (/tmp at half the machine's memory, so a full /tmp
 * leaves room for its programs), and charged to the machine's cgroup with the rest of its memory,
 * so filling them is a machine over its memory, never the host's.
 */
const tmpMb = (limits: MachineResourceLimits) => Math.max(16, Math.min(256, Math.floor(limits.memoryMb / 2)));
const SHM_MB = 64;
/** Host /etc entries a shell, Node and Python need (those present are bound read-only). */
const ETC_ENTRIES = ['nsswitch.conf', 'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'alternatives', 'ssl', 'ca-certificates', 'localtime', 'bash.bashrc', 'profile', 'inputrc', 'terminfo', 'mime.types', 'protocols', 'services', 'gai.conf', 'host.conf', 'os-release', 'debian_version', 'python3'];
const ROOT_DIRS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];
const DEVICES = ['null', 'zero', 'full', 'random', 'urandom', 'tty'];

interface Layers {
  bwrap: boolean;
  unshare: boolean;
  setpriv: boolean;
  prlimit: boolean;
  nice: boolean;
  ip: boolean;
  /** Where machines' cgroups go (v2: one folder; v1: one per controller), or why there are none. */
  cgroup: CgroupLayer;
}

type CgroupLayer = { version: 2; dir: string } | { version: 1; memory: string; pids: string; cpu: string | null } | { reason: string };

function works(command: string, args: string[]): boolean {
  try {
    return spawnSync(command, args, { stdio: 'ignore', timeout: 5000 }).status === 0;
  } catch {
    return false;
  }
}

const isRoot = () => process.getuid?.() === 0;

function hostRootArgs(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const name of ROOT_DIRS) {
    const host = `/${name}`;
    const info = lstatSync(host, { throwIfNoEntry: false });
    if (!info) continue;
    if (info.isSymbolicLink()) args.push('--symlink', readlinkSync(host), host);
    else if (info.isDirectory()) args.push('--ro-bind', host, host);
  }
  return args;
}

/**
 * cgroup v1, as on hosts with the v1 or hybrid layout: a `codetrail-machines` folder under the
 * memory and pids controllers (and cpu when there is one), which root can write here
 * (../shared/notes/platform-and-limits.md). A process over a v1 memory limit is killed, and tmpfs
 * pages are charged to the cgroup of the process that wrote them, so /tmp counts too.
 */
function probeCgroupV1(root: string): CgroupLayer {
  const controller = (names: string[]) => names.map((name) => path.join(root, name)).find((dir) => existsSync(path.join(dir, 'cgroup.procs'))) ?? null;
  const memory = controller(['memory']);
  const pids = controller(['pids']);
  if (!memory || !pids) return { reason: `no cgroup v2 at ${root}, and cgroup v1 lacks the ${[memory ? null : 'memory', pids ? null : 'pids'].filter(Boolean).join(' and ')} controller` };
  const cpu = controller(['cpu', 'cpu,cpuacct']);
  const dirs = { memory: path.join(memory, 'codetrail-machines'), pids: path.join(pids, 'codetrail-machines'), cpu: cpu && existsSync(path.join(cpu, 'cpu.cfs_quota_us')) ? path.join(cpu, 'codetrail-machines') : null };
  for (const dir of [dirs.memory, dirs.pids, dirs.cpu]) {
    if (dir && spawnSync('mkdir', ['-p', dir], { stdio: 'ignore' }).status !== 0) return { reason: `cannot make ${dir} (cgroup v1 not writable by this app)` };
  }
  return { version: 1, ...dirs };
}

/**
 * cgroup v2 with memory, pids and cpu delegated to a `codetrail-machines` folder, else cgroup v1
 * (probeCgroupV1). Where neither can be written (/sys/fs/cgroup read-only, as in most containers,
 * or the app not root), machines rely on prlimit, which caps each process, not the machine as a
 * whole, and start only when the operator accepts that (MACHINE_LIMITS=process).
 */
function probeCgroup(root = '/sys/fs/cgroup'): CgroupLayer {
  const controllersFile = path.join(root, 'cgroup.controllers');
  if (!isRoot()) return { reason: 'the app does not run as root, so it cannot make cgroups' };
  if (!existsSync(controllersFile)) return probeCgroupV1(root);
  try {
    const wanted = ['memory', 'pids', 'cpu'];
    const controllers = readFileSync(controllersFile, 'utf8').trim().split(/\s+/);
    const lacking = wanted.filter((name) => !controllers.includes(name));
    if (lacking.length > 0) return { reason: `cgroup v2 lacks the ${lacking.join(', ')} controller(s)` };
    const dir = path.join(root, 'codetrail-machines');
    spawnSync('mkdir', ['-p', dir]);
    const enable = wanted.map((name) => `+${name}`).join(' ');
    for (const file of [path.join(root, 'cgroup.subtree_control'), path.join(dir, 'cgroup.subtree_control')]) {
      const result = spawnSync('/bin/sh', ['-c', 'echo "$1" > "$2"', 'sh', enable, file], { stdio: 'ignore' });
      if (result.status !== 0) return { reason: `cannot enable ${enable} in ${file} (not delegated to this app)` };
    }
    return { version: 2, dir };
  } catch (error) {
    return { reason: `cgroup v2 not usable: ${(error as Error).message}` };
  }
}

let probedLayers: Layers | null = null;

function probeLayers(): Layers {
  if (probedLayers) return probedLayers;
  const linux = process.platform === 'linux';
  const root = isRoot();
  const bwrapTrial = root
    ? ['--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup', '--unshare-net', '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID']
    : ['--unshare-all', '--disable-userns', '--unshare-user'];
  probedLayers = {
    bwrap: linux && works('bwrap', ['--version']) && works('bwrap', [...bwrapTrial, ...hostRootArgs(), '--proc', '/proc', '--dev', '/dev', '--new-session', 'true']),
    unshare: linux && works('unshare', [...(root ? [] : ['--user', '--map-root-user']), '--mount', '--pid', '--fork', '--ipc', '--uts', '--net', 'true']),
    setpriv: linux && root && works('setpriv', ['--reuid', String(UID_BASE), '--regid', String(UID_BASE), '--clear-groups', 'true']),
    prlimit: linux && works('prlimit', ['--core=0', 'true']),
    nice: works('nice', ['-n', '10', 'true']),
    ip: linux && (existsSync('/usr/sbin/ip') || existsSync('/usr/bin/ip') || existsSync('/sbin/ip')),
    cgroup: linux ? probeCgroup() : { reason: 'not Linux' },
  };
  return probedLayers;
}

/** Single-quoted for /bin/sh. */
function q(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function validId(id: string): string {
  if (!MACHINE_ID_PATTERN.test(id)) throw new Error(`"${id}" is not a machine id.`);
  return id;
}

function stableNumber(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) % UID_SPAN;
}

/** A live process (a zombie is not: it only waits for its parent to reap it). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function processesOfUid(uid: number): number[] {
  return processIds().filter((pid) => {
    try {
      return lstatSync(`/proc/${pid}`).uid === uid;
    } catch {
      return false;
    }
  });
}

/** The machine id in a process's environment, if it is a supervisor (or bubblewrap's init). */
function markerOf(pid: number): string | null {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    const entry = environ.split('\0').find((line) => line.startsWith(`${MARKER}=`));
    return entry ? entry.slice(MARKER.length + 1) : null;
  } catch {
    return null;
  }
}

function processIds(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function pidNamespace(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return null;
  }
}

/** A process's direct children, from /proc (empty when it is gone). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Every process of a machine: its supervisors (marker), everything in their child pid namespaces,
 * and, when machines have uids of their own, every process of its uid.
 */
function machineProcesses(id: string, uid: number | null): number[] {
  const all = processIds();
  const own = new Set(all.filter((pid) => markerOf(pid) === id));
  const hostNamespace = pidNamespace(process.pid);
  const namespaces = new Set<string>();
  for (const pid of own) {
    for (const candidate of [pid, ...childrenOf(pid)]) {
      const ns = pidNamespace(candidate);
      if (ns && ns !== hostNamespace) namespaces.add(ns);
    }
  }
  if (namespaces.size > 0) for (const pid of all) if (namespaces.has(pidNamespace(pid) ?? '')) own.add(pid);
  if (uid !== null) for (const pid of processesOfUid(uid)) own.add(pid);
  own.delete(process.pid);
  return [...own];
}

function signal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function health(endpoint: Extract<AgentEndpoint, { kind: 'socket' }>, key: string): Promise<boolean> {
  return new Promise((resolve) => {
    const createConnection = () => connectAgentSocket(endpoint.path, endpoint.owner);
    const req = request({ createConnection, path: '/health', headers: { [AGENT_KEY_HEADER]: key }, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

async function tail(file: string, lines = 20): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** A file only the app writes: not a symlink a machine left there, opened without following one. */
function openOwnFile(file: string, flags: number, mode: number): number {
  const info = lstatSync(file, { throwIfNoEntry: false });
  if (info && (!info.isFile() || info.uid !== process.getuid?.())) rmSyncQuiet(file);
  return openSync(file, flags | fsConstants.O_NOFOLLOW, mode);
}

function rmSyncQuiet(file: string): void {
  spawnSync('rm', ['-rf', '--', file], { stdio: 'ignore' });
}

let agentBundle: Promise<string> | null = null;
let agentBundleDir: string | null = null;

/**
 * Bundles the agent (its TypeScript and `ws`) into one file, once per process; written again only
 * when the bundle's hash changed. node-pty is a native addon: it is bound into the machine instead.
 */
function buildAgent(appRoot: string, machinesDir: string): Promise<string> {
  const outDir = path.join(machinesDir, '.agent');
  if (agentBundle && agentBundleDir === outDir) return agentBundle;
  agentBundleDir = outDir;
  agentBundle = (async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: [path.join(appRoot, 'src/machine-agent/agent-main.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['node-pty', 'bufferutil', 'utf-8-validate'],
      tsconfig: path.join(appRoot, 'tsconfig.json'),
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents;
    if (!code) throw new Error('esbuild gave no output for the machine agent.');
    const file = path.join(outDir, 'agent.js');
    const hash = createHash('sha256').update(code).digest('hex');
    await mkdir(outDir, { recursive: true, mode: 0o755 });
    const existing = await readFile(file).catch(() => null);
    if (!existing || createHash('sha256').update(existing).digest('hex') !== hash) {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, code, { mode: 0o644 });
      await rename(temporary, file);
    }
    return file;
  })();
  agentBundle.catch(() => {
    agentBundle = null;
  });
  return agentBundle;
}

/**
 * node-pty's package folder, bound into machines. Found on disk rather than with require.resolve,
 * which the Next server's bundler replaces with a module number.
 */
function nodePtyDir(appRoot: string): string {
  const dir = path.join(appRoot, 'node_modules', 'node-pty');
  if (!existsSync(path.join(dir, 'package.json'))) throw new Error(`node-pty is not installed in ${path.join(appRoot, 'node_modules')}: run npm install.`);
  return dir;
}

export function createLocalProvisioner(options: LocalProvisionerOptions): Provisioner {
  const dataDir = path.resolve(options.dataDir);
  const machinesDir = path.join(dataDir, 'machines');
  const appRoot = path.resolve(options.appRoot ?? process.cwd());
  const log = options.log ?? ((message: string) => console.log(message));
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  const root = isRoot();
  let reported = false;

  const machineDir = (id: string) => path.join(machinesDir, validId(id));
  const workspaceOf = (id: string) => path.join(machineDir(id), 'workspace');
  const runOf = (id: string) => path.join(machineDir(id), 'run');
  const socketOf = (id: string) => path.join(runOf(id), 'agent.sock');
  const pidFileOf = (id: string) => path.join(runOf(id), 'pid');
  /**
   * The agent's socket and the uid it must belong to: the machine's (its workspace's owner) where
   * machines get a uid of their own, else this process's. Anything else there is refused (agent-socket.ts).
   */
  const socketEndpoint = (id: string): Extract<AgentEndpoint, { kind: 'socket' }> => {
    const workspaceUid = lstatSync(workspaceOf(id), { throwIfNoEntry: false })?.uid;
    const owner = root ? (workspaceUid !== undefined && workspaceUid >= UID_BASE ? workspaceUid : undefined) : process.getuid?.();
    return { kind: 'socket', path: socketOf(id), ...(owner !== undefined ? { owner } : {}) };
  };
  /** The egress proxy's folder: the app's own (not the run folder, which the machine can write). */
  const egressDirOf = (id: string) => path.join(machineDir(id), 'egress');
  const egressProxies = new Map<string, Server>();

  /** Listens for one machine's egress on its socket (again after an app restart, for adopted machines). */
  async function ensureEgress(id: string): Promise<void> {
    if (egressProxies.has(id)) return;
    if (!options.egress) throw new Error('MACHINE_NETWORK=allow-list needs the allow list (MACHINE_EGRESS_ALLOW) given to the local driver.');
    const dir = egressDirOf(id);
    await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(dir, 0o755);
    const socketPath = path.join(dir, 'egress.sock');
    await rm(socketPath, { force: true });
    const proxy = createEgressProxy({
      rules: options.egress.rules,
      upstreamProxy: options.egress.upstreamProxy,
      ...(options.egress.maxConnections ? { maxConnectionsPerClient: options.egress.maxConnections } : {}),
      ...(options.egress.idleTimeoutMs ? { idleTimeoutMs: options.egress.idleTimeoutMs } : {}),
    });
    egressProxies.set(id, proxy);
    try {
      await new Promise<void>((resolve, reject) => {
        proxy.once('error', reject);
        proxy.listen(socketPath, resolve);
      });
    } catch (error) {
      egressProxies.delete(id);
      throw error;
    }
    proxy.on('error', (error) => log(`machines: ${id}'s egress proxy failed: ${error.message}`));
    // The machine's own uid connects to it (the app's folder above stays the app's).
    await chmod(socketPath, 0o666);
  }

  async function closeEgress(id: string): Promise<void> {
    const proxy = egressProxies.get(id);
    if (!proxy) return;
    egressProxies.delete(id);
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  }

  let ownCgroup: CgroupLayer | null = null;
  /** The host's layers, with this provisioner's cgroup (another root only in the refusal's tests). */
  function hostLayers(): Layers {
    const found = probeLayers();
    if (!options.cgroupRoot) return found;
    ownCgroup ??= probeCgroup(options.cgroupRoot);
    return { ...found, cgroup: ownCgroup };
  }

  let diskReason: Promise<string | null> | null = null;
  /** Null when machines get a filesystem each, else why not (said once in the log). */
  function diskLayer(): Promise<string | null> {
    diskReason ??= (options.disk === 'measured' ? Promise.resolve('measured by setting') : probeWorkspaceDisks()).then((reason) => {
      log(reason === null ? 'machines: a filesystem per machine (loop-mounted ext4 of its disk allowance)' : `machines: no filesystem per machine (${reason}); files are measured and a machine over its disk allowance is stopped`);
      return reason;
    });
    return diskReason;
  }
  const imageOf = (id: string) => path.join(machineDir(id), 'workspace.ext4');

  function layers(): Layers & { useBwrap: boolean } {
    const found = hostLayers();
    const useBwrap = found.bwrap && options.sandbox !== 'unshare';
    if (!reported) {
      reported = true;
      const missing: string[] = [];
      if (!found.bwrap) missing.push('bubblewrap (using util-linux unshare instead)');
      if (!useBwrap && !found.unshare) missing.push('namespaces (neither bubblewrap nor unshare works: machines cannot start)');
      if (!root) missing.push('a uid per machine (the app is not root: every machine runs as the app user, so process limits are shared)');
      else if (!found.setpriv) missing.push('a uid per machine (setpriv)');
      if (!found.prlimit) missing.push('per-process limits (prlimit)');
      if (!found.nice) missing.push('lower CPU priority (nice)');
      if (!useBwrap && !found.ip) missing.push('a loopback interface (no ip command: servers inside a machine cannot be reached)');
      if ('reason' in found.cgroup) missing.push(`cgroup limits for the whole machine (${found.cgroup.reason}; memory and processes are capped per process by prlimit only)`);
      log(missing.length === 0 ? `machines: local sandbox with ${useBwrap ? 'bubblewrap' : 'unshare'}, a uid per machine, prlimit and cgroup v${'version' in found.cgroup ? found.cgroup.version : ''}` : `machines: local sandbox with ${useBwrap ? 'bubblewrap' : 'unshare'}; missing: ${missing.join('; ')}`);
    }
    return { ...found, useBwrap };
  }

  /** The machine's uid: the workspace's owner once chosen, else a free one derived from the id. */
  async function uidOf(id: string): Promise<number> {
    const own = process.getuid?.() ?? 0;
    if (!root) return own;
    const current = await stat(workspaceOf(id)).catch(() => null);
    if (current && current.uid >= UID_BASE) return current.uid;
    const taken = new Set<number>();
    for (const other of await readdir(machinesDir).catch(() => [] as string[])) {
      if (other === id || !MACHINE_ID_PATTERN.test(other)) continue;
      const info = await stat(path.join(machinesDir, other, 'workspace')).catch(() => null);
      if (info) taken.add(info.uid);
    }
    let uid = UID_BASE + stableNumber(id);
    while (taken.has(uid)) uid = UID_BASE + ((uid - UID_BASE + 1) % UID_SPAN);
    return uid;
  }

  /** Folders and the machine's own /etc files; ownership so the machine can write its workspace only. */
  async function prepare(id: string, files: Record<string, string> | null, limits: MachineResourceLimits): Promise<number> {
    await mkdir(machinesDir, { recursive: true, mode: 0o711 });
    const dir = machineDir(id);
    await mkdir(dir, { recursive: true, mode: 0o711 });
    const uid = await uidOf(id);
    const workspace = workspaceOf(id);
    let fresh = !existsSync(workspace);
    // With a filesystem per machine, the workspace is its image, mounted until the machine stops.
    if ((await diskLayer()) === null) fresh = (await mountWorkspaceDisk({ image: imageOf(id), workspace, diskMb: limits.diskMb, uid })).fresh;
    await mkdir(workspace, { recursive: true, mode: 0o755 });
    if (fresh && files) {
      for (const [relative, content] of Object.entries(files)) {
        const target = path.join(workspace, relative);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, content);
        if (root) await chownUp(workspace, target, uid);
      }
    }
    if (root) await chown(workspace, uid, uid);
    // run/: the app's pid file and log (root's, unchangeable by the machine), the agent's socket.
    // Sticky and group-writable: the machine can make its socket but not replace the app's files.
    const run = runOf(id);
    await mkdir(run, { recursive: true });
    if (root) await chown(run, 0, uid);
    await chmod(run, root ? 0o1770 : 0o755);
    const etc = path.join(dir, 'etc');
    await mkdir(etc, { recursive: true, mode: 0o755 });
    const name = 'learner';
    await writeFile(path.join(etc, 'passwd'), `root:x:0:0:root:/nonexistent:/usr/sbin/nologin\n${name}:x:${uid}:${uid}:Learner:${MACHINE_WORKSPACE}:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`);
    await writeFile(path.join(etc, 'group'), `root:x:0:\n${name}:x:${uid}:\nnogroup:x:65534:\n`);
    await writeFile(path.join(etc, 'hosts'), '127.0.0.1 localhost machine\n::1 localhost ip6-localhost ip6-loopback\n');
    await writeFile(path.join(etc, 'hostname'), 'machine\n');
    return uid;
  }

  /** chown a new file and the folders between it and the workspace. */
  async function chownUp(workspace: string, target: string, uid: number): Promise<void> {
    for (let entry = target; entry !== workspace && entry.startsWith(workspace); entry = path.dirname(entry)) await chown(entry, uid, uid);
  }

  function etcEntries(limits: MachineResourceLimits): string[] {
    const wanted = [...ETC_ENTRIES, ...(limits.network === 'internet' ? ['resolv.conf'] : [])];
    return wanted.filter((name) => existsSync(path.join('/etc', name)));
  }

  function nodeDir(): string | null {
    const dir = path.dirname(process.execPath);
    return dir.startsWith('/usr/') ? null : dir;
  }

  function innerPath(): string {
    return `${nodeDir() ? `${INSIDE_NODE_DIR}:` : ''}/usr/local/bin:/usr/bin:/bin`;
  }

  function nodeInside(): string {
    return nodeDir() ? `${INSIDE_NODE_DIR}/${path.basename(process.execPath)}` : process.execPath;
  }

  /** The limits and the agent, as run inside the machine once it is the machine's uid. */
  function limitedAgent(limits: MachineResourceLimits, found: Layers): string[] {
    const chain: string[] = [];
    if (found.prlimit) {
      const mb = 1024 * 1024;
      chain.push('prlimit', `--as=${(limits.memoryMb + ADDRESS_SPACE_HEADROOM_MB) * mb}`, `--nproc=${limits.maxProcesses}`, `--fsize=${limits.diskMb * mb}`, '--nofile=1024', '--core=0', '--');
    }
    if (found.nice) chain.push('nice', '-n', String(limits.cpus >= 2 ? 5 : 10));
    chain.push(nodeInside(), `${INSIDE_OPT}/agent.js`);
    return chain;
  }

  /** Drops to the machine's uid (inside the namespaces, before the limits). */
  function dropUid(uid: number, found: Layers): string[] {
    return root && found.setpriv ? ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs', '--'] : [];
  }

  /** The environment the agent gets; its key is read from fd 3 so it is on no command line. */
  function agentEnvironment(spec: MachineSpec): Record<string, string> {
    const network = spec.limits.network;
    return {
      AGENT_NETWORK_LINE: networkSummary(network, options.egress?.rules ?? []),
      ...(network === 'allow-list' ? { AGENT_EGRESS_SOCKET: `${INSIDE_EGRESS}/egress.sock`, AGENT_PROXY_URL: `http://127.0.0.1:${MACHINE_PROXY_PORT}` } : {}),
      PATH: innerPath(),
      HOME: MACHINE_WORKSPACE,
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
      AGENT_LISTEN: `unix:${INSIDE_RUN}/agent.sock`,
      AGENT_WORKSPACE: MACHINE_WORKSPACE,
      NODE_PATH: `${INSIDE_OPT}/node_modules`,
    };
  }

  const READ_KEY = 'IFS= read -r AGENT_KEY <&3; exec 3<&-; export AGENT_KEY';

  function bwrapCommand(id: string, spec: MachineSpec, uid: number, found: Layers, agentFile: string, ptyDir: string): string[] {
    const dir = machineDir(id);
    const args = ['bwrap'];
    if (root) {
      // No user namespace: bubblewrap (root) maps the sandbox to host uid 0 in one. Instead it keeps
      // CAP_SETUID/SETGID only, and setpriv drops to the machine's own uid, which the host sees.
      args.push('--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup', '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID');
      if (spec.limits.network !== 'internet') args.push('--unshare-net');
    } else {
      args.push('--unshare-all', '--disable-userns', '--unshare-user');
      if (spec.limits.network === 'internet') args.push('--share-net');
    }
    args.push('--new-session', '--hostname', 'machine', ...hostRootArgs());
    // Folders bubblewrap makes on its own are 0700 when it runs as root: made readable here.
    for (const folder of ['/etc', '/opt', INSIDE_OPT, `${INSIDE_OPT}/node_modules`, `${INSIDE_OPT}/node`, '/run']) args.push('--perms', '0755', '--dir', folder);
    for (const name of etcEntries(spec.limits)) args.push('--ro-bind', path.join('/etc', name), path.join('/etc', name));
    for (const name of ['passwd', 'group', 'hosts', 'hostname']) args.push('--ro-bind', path.join(dir, 'etc', name), `/etc/${name}`);
    const node = nodeDir();
    if (node) args.push('--ro-bind', node, INSIDE_NODE_DIR);
    args.push('--ro-bind', agentFile, `${INSIDE_OPT}/agent.js`, '--ro-bind', ptyDir, `${INSIDE_OPT}/node_modules/node-pty`);
    const mb = 1024 * 1024;
    args.push('--proc', '/proc', '--dev', '/dev', '--perms', '1777', '--size', String(tmpMb(spec.limits) * mb), '--tmpfs', '/tmp');
    args.push('--perms', '1777', '--size', String(SHM_MB * mb), '--tmpfs', '/dev/shm', '--bind', workspaceOf(id), MACHINE_WORKSPACE, '--bind', runOf(id), INSIDE_RUN);
    if (spec.limits.network === 'allow-list') args.push('--ro-bind', egressDirOf(id), INSIDE_EGRESS);
    args.push('--chdir', MACHINE_WORKSPACE, '--clearenv');
    for (const [name, value] of Object.entries(agentEnvironment(spec))) args.push('--setenv', name, value);
    const inner = [...dropUid(uid, found), ...limitedAgent(spec.limits, found)];
    args.push('--', '/bin/sh', '-c', `${READ_KEY}; exec "$@"`, 'sh', ...inner);
    return args;
  }

  /** The util-linux path: the same root, built by a script on a tmpfs and pivoted into. */
  function unshareCommand(id: string, spec: MachineSpec, uid: number, found: Layers, agentFile: string, ptyDir: string): string[] {
    const dir = machineDir(id);
    const rootDir = path.join(dir, 'root');
    const lines = ['set -eu', READ_KEY, `cd ${q(rootDir)}`, 'mount -t tmpfs -o mode=0755,size=8m,nosuid,nodev codetrail-root .', `cd ${q(rootDir)}`];
    const roBind = (source: string, target: string, file: boolean) => {
      lines.push(file ? `mkdir -p ${q(path.posix.dirname(`.${target}`))} && touch ${q(`.${target}`)}` : `mkdir -p ${q(`.${target}`)}`);
      lines.push(`mount --bind ${q(source)} ${q(`.${target}`)} && mount -o remount,bind,ro,nosuid,nodev ${q(`.${target}`)}`);
    };
    roBind('/usr', '/usr', false);
    for (const name of ROOT_DIRS) {
      const host = `/${name}`;
      const info = lstatSync(host, { throwIfNoEntry: false });
      if (info?.isSymbolicLink()) lines.push(`ln -s ${q(readlinkSync(host))} ${q(`.${host}`)}`);
      else if (info?.isDirectory()) roBind(host, host, false);
    }
    for (const name of etcEntries(spec.limits)) roBind(path.join('/etc', name), `/etc/${name}`, !lstatSync(path.join('/etc', name)).isDirectory());
    for (const name of ['passwd', 'group', 'hosts', 'hostname']) roBind(path.join(dir, 'etc', name), `/etc/${name}`, true);
    const node = nodeDir();
    if (node) roBind(node, INSIDE_NODE_DIR, false);
    roBind(agentFile, `${INSIDE_OPT}/agent.js`, true);
    roBind(ptyDir, `${INSIDE_OPT}/node_modules/node-pty`, false);
    if (spec.limits.network === 'allow-list') roBind(egressDirOf(id), INSIDE_EGRESS, false);
    lines.push(
      'mkdir -p ./workspace ./run/codetrail ./proc ./tmp ./dev ./.oldroot',
      `mount --bind ${q(workspaceOf(id))} ./workspace`,
      `mount --bind ${q(runOf(id))} ./run/codetrail`,
      `mount -t tmpfs -o mode=1777,nosuid,nodev,size=${tmpMb(spec.limits)}m codetrail-tmp ./tmp`,
      'mount -t tmpfs -o mode=0755,nosuid,noexec,size=64k codetrail-dev ./dev',
      ...DEVICES.map((name) => `touch ./dev/${name} && mount --bind /dev/${name} ./dev/${name}`),
      'mkdir ./dev/pts ./dev/shm',
      'mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts ./dev/pts',
      'ln -s pts/ptmx ./dev/ptmx && ln -s /proc/self/fd ./dev/fd',
      'ln -s /proc/self/fd/0 ./dev/stdin && ln -s /proc/self/fd/1 ./dev/stdout && ln -s /proc/self/fd/2 ./dev/stderr',
      `mount -t tmpfs -o mode=1777,nosuid,nodev,size=${SHM_MB}m codetrail-shm ./dev/shm`,
      'mount -t proc -o nosuid,nodev,noexec proc ./proc',
      'hostname machine',
    );
    if (found.ip) lines.push('ip link set lo up');
    lines.push(
      'pivot_root . .oldroot',
      'umount -l /.oldroot',
      'rmdir /.oldroot',
      'mount -o remount,bind,ro /',
      `cd ${MACHINE_WORKSPACE}`,
      `unset ${MARKER}`,
      ...Object.entries(agentEnvironment(spec)).map(([name, value]) => `export ${name}=${q(value)}`),
      // This shell stays pid 1 (as root, out of the machine's reach): while it waits for the agent
      // it reaps orphans, which would otherwise stay zombies counted against the process limit.
      // When the agent ends, it ends, and the kernel kills everything left in the namespace.
      '"$@" &',
      'wait $!',
    );
    const inner = [...dropUid(uid, found), ...limitedAgent(spec.limits, found)];
    const namespaces = ['--mount', '--pid', '--fork', '--kill-child', '--ipc', '--uts', '--propagation', 'private'];
    if (spec.limits.network !== 'internet') namespaces.push('--net');
    return ['unshare', ...(root ? [] : ['--user', '--map-root-user']), ...namespaces, '/bin/sh', '-c', lines.join('\n'), 'sh', ...inner];
  }

  /** The machine's cgroup folders (one for v2, one per controller for v1). */
  function cgroupDirs(id: string, cgroup: CgroupLayer): string[] {
    if ('reason' in cgroup) return [];
    if (cgroup.version === 2) return [path.join(cgroup.dir, id)];
    return [cgroup.memory, cgroup.pids, cgroup.cpu].filter((dir): dir is string => dir !== null).map((dir) => path.join(dir, id));
  }

  /** With a cgroup: the supervisor puts itself in the machine's cgroup(s) before anything forks. */
  async function cgroupPrefix(id: string, limits: MachineResourceLimits, found: Layers): Promise<string[]> {
    const { cgroup } = found;
    if ('reason' in cgroup) return [];
    const memory = String(limits.memoryMb * 1024 * 1024);
    const quota = Math.max(1000, Math.round(limits.cpus * 100_000));
    const dirs = cgroupDirs(id, cgroup);
    for (const dir of dirs) await mkdir(dir, { recursive: true });
    if (cgroup.version === 2) {
      const [dir] = dirs as [string];
      await writeFile(path.join(dir, 'memory.max'), memory);
      await writeFile(path.join(dir, 'pids.max'), String(limits.maxProcesses));
      await writeFile(path.join(dir, 'cpu.max'), `${quota} 100000`);
    } else {
      const own = (base: string) => path.join(base, id);
      await writeFile(path.join(own(cgroup.memory), 'memory.limit_in_bytes'), memory);
      // With swap accounting, memory and swap together get the same limit (else swap would add to it).
      await writeFile(path.join(own(cgroup.memory), 'memory.memsw.limit_in_bytes'), memory).catch(() => undefined);
      await writeFile(path.join(own(cgroup.pids), 'pids.max'), String(limits.maxProcesses));
      if (cgroup.cpu) {
        await writeFile(path.join(own(cgroup.cpu), 'cpu.cfs_period_us'), '100000');
        await writeFile(path.join(own(cgroup.cpu), 'cpu.cfs_quota_us'), String(quota));
      }
    }
    const join = dirs.map((dir) => `echo $$ > ${q(path.join(dir, 'cgroup.procs'))}`).join(' && ');
    return ['/bin/sh', '-c', `${join} && exec "$@"`, 'sh'];
  }

  /** Every process left in the machine's cgroups is killed (v2 at once; v1 one by one), then the folders go. */
  async function removeCgroup(id: string): Promise<void> {
    const { cgroup } = hostLayers();
    const dirs = cgroupDirs(id, cgroup).filter((dir) => existsSync(dir));
    if (dirs.length === 0) return;
    if ('version' in cgroup && cgroup.version === 2) await writeFile(path.join(dirs[0]!, 'cgroup.kill'), '1').catch(() => undefined);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      for (const dir of dirs) {
        const pids = (await readFile(path.join(dir, 'cgroup.procs'), 'utf8').catch(() => '')).split('\n').filter((line) => /^\d+$/.test(line)).map(Number);
        signal(pids, 'SIGKILL');
      }
      const removed = await Promise.all(dirs.map((dir) => rmdir(dir).then(() => true, () => !existsSync(dir))));
      if (removed.every(Boolean)) return;
      await sleep(100);
    }
  }

  async function readPid(id: string): Promise<number | null> {
    const file = pidFileOf(id);
    const info = await lstat(file).catch(() => null);
    if (!info || !info.isFile() || info.uid !== process.getuid?.()) return null;
    const pid = Number((await readFile(file, 'utf8')).trim());
    return Number.isInteger(pid) && pid > 1 ? pid : null;
  }

  async function running(id: string, ref: string | null): Promise<boolean> {
    const pid = await readPid(id);
    if (pid === null || (ref !== null && ref !== String(pid))) return false;
    return alive(pid) && markerOf(pid) === id;
  }

  /** The machine's own uid, when it has one (the app is root): all its processes run as it. */
  async function ownUid(id: string): Promise<number | null> {
    if (!root) return null;
    const info = await stat(workspaceOf(id)).catch(() => null);
    return info && info.uid >= UID_BASE ? info.uid : null;
  }

  async function stop(id: string): Promise<void> {
    validId(id);
    const uid = await ownUid(id);
    let members = machineProcesses(id, uid);
    if (members.length > 0) {
      signal(members, 'SIGTERM');
      const until = Date.now() + STOP_GRACE_MS;
      while (Date.now() < until && members.some(alive)) await sleep(100);
      // Killing a pid namespace's init kills everything in it; the rest are killed one by one.
      for (let round = 0; round < 50; round += 1) {
        members = machineProcesses(id, uid).filter(alive);
        if (members.length === 0) break;
        signal(members, 'SIGKILL');
        await sleep(100);
      }
      if (members.length > 0) throw new Error(`Machine ${id} could not be stopped: processes ${members.join(', ')} are still running.`);
    }
    await removeCgroup(id);
    await unmountWorkspaceDisk(workspaceOf(id));
    await closeEgress(id);
    await rm(socketOf(id), { force: true });
    await rm(pidFileOf(id), { force: true });
  }

  return {
    driver: 'local',

    async create(spec) {
      validId(spec.id);
      const template = machineTemplate(spec.template);
      if (!template) throw new Error(`There is no machine template "${spec.template}".`);
      await prepare(spec.id, template.files, spec.limits);
      // Made with its files; mounted again when it starts.
      await unmountWorkspaceDisk(workspaceOf(spec.id));
    },

    async start(spec) {
      const id = validId(spec.id);
      const found = layers();
      if (!found.useBwrap && !found.unshare) throw new Error('Machines cannot start on this computer: neither bubblewrap nor util-linux unshare can make namespaces here.');
      if (options.requireMachineLimits && 'reason' in found.cgroup) {
        throw new Error(`Machines cannot start here: no cgroup can limit a machine's memory and processes as a whole (${found.cgroup.reason}). Give the app cgroup v2 or v1 (memory, pids), or set MACHINE_LIMITS=process to accept per-process limits.`);
      }
      const noDisk = await diskLayer();
      if (options.requireMachineLimits && noDisk !== null) {
        throw new Error(`Machines cannot start here: no filesystem of its own can hold a machine to its disk allowance (${noDisk}). Run the app as root with loop devices and mkfs.ext4, or set MACHINE_LIMITS=process to accept measured disk use.`);
      }
      if (await running(id, null)) {
        if (await health(socketEndpoint(id), spec.agentKey)) {
          if (spec.limits.network === 'allow-list') await ensureEgress(id);
          return { agent: this.agentEndpoint(id), ref: String(await readPid(id)) };
        }
        await stop(id);
      }
      await stop(id); // leftovers of a crash
      const template = machineTemplate(spec.template);
      let uid: number;
      try {
        uid = await prepare(id, template?.files ?? null, spec.limits);
      } catch (error) {
        // Files over the allowance stay where they are; the learner is told why (lastError).
        if (error instanceof WorkspaceOverAllowanceError) throw error;
        await unmountWorkspaceDisk(workspaceOf(id)).catch(() => undefined);
        throw error;
      }
      const run = runOf(id);
      // Anything the machine left in its run folder goes; the app's own files are made fresh.
      for (const entry of await readdir(run)) if (entry !== 'agent.log') await rm(path.join(run, entry), { recursive: true, force: true });
      if (!found.useBwrap) await mkdir(path.join(machineDir(id), 'root'), { recursive: true, mode: 0o755 });
      if (spec.limits.network === 'allow-list') await ensureEgress(id);
      else await rm(egressDirOf(id), { recursive: true, force: true });
      const agentFile = await buildAgent(appRoot, machinesDir);
      const ptyDir = nodePtyDir(appRoot);
      const command = [
        ...(await cgroupPrefix(id, spec.limits, found)),
        ...(found.useBwrap ? bwrapCommand(id, spec, uid, found, agentFile, ptyDir) : unshareCommand(id, spec, uid, found, agentFile, ptyDir)),
      ];
      const logFile = path.join(run, 'agent.log');
      const logFd = openOwnFile(logFile, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o640);
      const [program, ...args] = command;
      let child: ChildProcess;
      try {
        child = spawn(program ?? 'false', args, {
          cwd: '/',
          detached: true,
          stdio: ['ignore', logFd, logFd, 'pipe'],
          // sbin too: pivot_root and ip live there, and a non-root user's PATH lacks it.
          env: { PATH: `${process.env.PATH ?? '/usr/bin:/bin'}:/usr/local/sbin:/usr/sbin:/sbin`, [MARKER]: id } as unknown as NodeJS.ProcessEnv,
        });
      } finally {
        closeSync(logFd);
      }
      const keyPipe = child.stdio[3] as Writable | null;
      keyPipe?.on('error', () => undefined);
      keyPipe?.end(`${spec.agentKey}\n`);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.once('error', () => undefined);
      child.unref();
      const pid = child.pid;
      if (pid === undefined) throw new Error(`Machine ${id} could not start: ${program} could not be run.`);
      const pidFd = openOwnFile(pidFileOf(id), fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o644);
      try {
        writeSync(pidFd, `${pid}\n`);
      } finally {
        closeSync(pidFd);
      }
      let gone: number | null | undefined;
      void exited.then((code) => (gone = code));
      const until = Date.now() + startTimeoutMs;
      while (Date.now() < until && gone === undefined) {
        if (await health(socketEndpoint(id), spec.agentKey)) return { agent: this.agentEndpoint(id), ref: String(pid) } satisfies RunningMachine;
        // The agent is usually up in ~70 ms: ask often (a refused unix connect costs next to nothing).
        await sleep(20);
      }
      await stop(id).catch(() => undefined);
      const why = gone !== undefined ? `its sandbox exited (code ${gone})` : `its agent did not answer within ${Math.round(startTimeoutMs / 1000)} s`;
      const lines = await tail(logFile);
      throw new Error(`Machine ${id} could not start: ${why}.${lines ? `\nLast lines of ${logFile}:\n${lines}` : ''}`);
    },

    stop,

    async remove(id) {
      await stop(id);
      // A folder this driver mounted for a moment (measuring, migrating) is never removed while mounted.
      for (const entry of await readdir(machineDir(id)).catch(() => [] as string[])) await unmountWorkspaceDisk(path.join(machineDir(id), entry));
      await rm(machineDir(id), { recursive: true, force: true });
    },

    async isRunning(id, ref) {
      const alive = await running(validId(id), ref);
      // Recovery after an app restart adopts the machine: its egress proxy (which lived in the
      // old process) listens again on the same socket, which the machine sees through its folder.
      if (alive && options.egress && existsSync(egressDirOf(id))) await ensureEgress(id);
      return alive;
    },

    async listRunning() {
      const found: string[] = [];
      for (const id of await readdir(machinesDir).catch(() => [] as string[])) {
        if (MACHINE_ID_PATTERN.test(id) && (await running(id, null))) found.push(id);
      }
      return found;
    },

    async diskUsage(id) {
      let total = 0;
      const walk = async (dir: string): Promise<void> => {
        for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
          const absolute = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(absolute);
          else if (entry.isFile()) total += (await lstat(absolute).catch(() => ({ size: 0 }))).size;
        }
      };
      await withWorkspaceFiles({ image: imageOf(id), workspace: workspaceOf(id) }, walk);
      return total;
    },

    agentEndpoint(id): AgentEndpoint {
      return socketEndpoint(id);
    },
  };
}
