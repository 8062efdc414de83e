/**
 * `npm run bench:machines`: what machines cost on the local driver, driving the provisioner directly
 * (no web app) in a temporary data folder, every figure beside a baseline from the same run.
 *
 * 1. Time to a running machine: start() resolved (the agent answers /health) and a shell command's
 *    round trip through the /pty WebSocket came back. Cold = create + first start of a new machine
 *    (the first one also builds the agent bundle in this process); warm = start of a stopped
 *    machine. Baselines: `node -e 0` to exit, and `bwrap --ro-bind / / true` (the sandbox's floor).
 * 2. Memory per machine, summed over the machine's process tree (the supervisor and everything under
 *    it): RSS and PSS (smaps_rollup; RSS counts node's shared pages once per process). Idle (agent
 *    and one shell) and with the node-web template's `node server.js` running.
 * 3. How many one server holds: machines started one by one (each with an open shell) up to
 *    BENCH_MACHINES_MAX, the terminal round trip on a random machine after each; then K machines
 *    spinning `node -e "for(;;){}"` and the round trip of an idle neighbour (and of a busy one).
 *
 * Knobs: BENCH_ROUNDS (5), BENCH_MACHINES_MAX (40), BENCH_ECHOES (10 round trips per sample),
 * BENCH_BUSY_K (1,2,4,8). Every machine is stopped and the data folder deleted at the end, also on
 * an error or Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { DEFAULT_MACHINE_QUOTA } from '../src/domain/machines/machine-rules';
import { agentCall } from '../src/instance-app';
import { childrenOf, createLocalProvisioner } from '../src/server/machines/local-driver';
import { AGENT_KEY_HEADER, type AgentPtyServerMessage, type MachineSpec, type Provisioner } from '../src/domain/machines/machine-contracts';
import { percentile } from './lib/bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const MAX_MACHINES = Number(process.env.BENCH_MACHINES_MAX || 40);
const ECHOES = Number(process.env.BENCH_ECHOES || 10);
const BUSY_K = (process.env.BENCH_BUSY_K || '1,2,4,8').split(',').map(Number).filter((k) => k > 0);
const IDLE_P95_MS = 250;
const BUSY_P95_MS = 500;
/** The ramp stops before the host's MemAvailable falls under this. */
const MEMORY_FLOOR_KB = 2 * 1024 * 1024;
/** The limits the machine service gives a learner's machine (machine-service.ts). */
const LIMITS: MachineSpec['limits'] = { memoryMb: DEFAULT_MACHINE_QUOTA.memoryMb, cpus: DEFAULT_MACHINE_QUOTA.cpus, diskMb: DEFAULT_MACHINE_QUOTA.diskMb, maxProcesses: 256, network: 'none' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const max = (values: number[]) => (values.length === 0 ? Number.NaN : Math.max(...values));
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value < 100 ? value.toFixed(1) : value.toFixed(0)} ms`);
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

// ---- Shells on the agent's /pty, as tests/sandbox/machine-local-driver.test.ts drives them ----

interface Shell {
  /** Sends a line and resolves with ms until `expected` (computed by the shell, never its echo) shows. */
  roundTrip: () => Promise<number>;
  send: (line: string) => void;
  close: () => void;
}

async function openShell(socketPath: string, key: string): Promise<Shell> {
  const ws = new WebSocket(`ws+unix://${socketPath}:/pty?cols=120&rows=40`, { headers: { [AGENT_KEY_HEADER]: key } });
  let output = '';
  let waiting: (() => void) | null = null;
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as AgentPtyServerMessage;
    if (message.type === 'output') output = (output + message.data).slice(-4096);
    waiting?.();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => undefined); // the machine stopping under an open shell is expected
  let counter = 0;
  return {
    roundTrip: () => {
      counter += 1;
      const marker = `ready-${counter + 1}`;
      output = '';
      const started = performance.now();
      // The echo of the input shows `ready-$((n+1))`; only the shell's answer shows `ready-<n+1>`.
      ws.send(JSON.stringify({ type: 'input', data: `echo ready-$((${counter}+1))\n` }));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting = null;
          reject(new Error(`no terminal answer within 20 s; it showed: ${JSON.stringify(output.slice(-300))}`));
        }, 20_000);
        waiting = () => {
          if (!new RegExp(`${marker}\\r?\\n`).test(output)) return;
          clearTimeout(timer);
          waiting = null;
          resolve(performance.now() - started);
        };
        waiting();
      });
    },
    send: (line) => ws.send(JSON.stringify({ type: 'input', data: `${line}\n` })),
    close: () => ws.close(),
  };
}

/** The agent's status for a GET, 0 when it does not answer. */
const agentGet = (socketPath: string, key: string, url: string): Promise<number> =>
  agentCall({ endpoint: { kind: 'socket', path: socketPath }, key }, 'GET', url).then((answer) => answer.status, () => 0);

// ---- /proc ----

function readKb(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

const memAvailableKb = () => readKb('/proc/meminfo', 'MemAvailable');

/** Pids in a machine's tree (its supervisor and everything under it). */
function treeOf(dataDir: string, id: string): number[] {
  let supervisor: number;
  try {
    supervisor = Number(readFileSync(path.join(dataDir, 'machines', id, 'run', 'pid'), 'utf8').trim());
  } catch {
    return [];
  }
  const found: number[] = [];
  const queue = [supervisor];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (found.includes(pid)) continue;
    found.push(pid);
    queue.push(...childrenOf(pid));
  }
  return found;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Linux reports process CPU times in USER_HZ, 100 on every mainstream architecture. */
const CLOCK_TICKS = 100;

/** utime + stime of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The host's CPU time so far (all cores), busy and total, in clock ticks. */
function hostCpu(): { busy: number; total: number } {
  const values = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

interface Memory {
  processes: number;
  rssKb: number;
  pssKb: number;
  /** Page tables (VmPTE): kernel memory PSS does not count. */
  pteKb: number;
  /** Whether smaps_rollup could be read for every process. */
  pssComplete: boolean;
}

/** The machine's supervisor (its run/pid) and every process under it. */
function machineMemory(dataDir: string, ids: string[]): Memory {
  const total: Memory = { processes: 0, rssKb: 0, pssKb: 0, pteKb: 0, pssComplete: true };
  for (const pid of ids.flatMap((id) => treeOf(dataDir, id))) {
    const rss = readKb(`/proc/${pid}/status`, 'VmRSS');
    const pss = readKb(`/proc/${pid}/smaps_rollup`, 'Pss');
    if (rss === 0 && pss === 0) continue; // gone, or a zombie
    total.processes += 1;
    total.rssKb += rss;
    total.pssKb += pss;
    total.pteKb += readKb(`/proc/${pid}/status`, 'VmPTE');
    if (pss === 0) total.pssComplete = false;
  }
  return total;
}

/** ms for a command to run to its exit. */
function timeCommand(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function repeat(count: number, once: () => Promise<number>): Promise<number[]> {
  const values: number[] = [];
  for (let round = 0; round < count; round += 1) values.push(await once());
  return values;
}

// ---- The bench ----

interface Running {
  spec: MachineSpec;
  socketPath: string;
  shell: Shell;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'codetrail-bench-machines-'));
  const logs: string[] = [];
  const provisioner: Provisioner = createLocalProvisioner({ dataDir, log: (message) => logs.push(message) });
  const specs = new Map<string, MachineSpec>();
  const running = new Map<string, Running>();
  let next = 0;
  const newSpec = (): MachineSpec => {
    next += 1;
    const spec: MachineSpec = { id: `m_bench${String(next).padStart(7, '0')}`, userId: `bench-${next}`, template: 'node-web', limits: LIMITS, agentKey: randomBytes(24).toString('hex') };
    specs.set(spec.id, spec);
    return spec;
  };

  /** start() and the first shell round trip; the machine stays running with its shell open. */
  const bringUp = async (spec: MachineSpec, create: boolean): Promise<{ total: number; health: number; agentUp: number; roundTrip: number }> => {
    const started = performance.now();
    if (create) await provisioner.create(spec);
    // start() polls /health every 20 ms; this polls every 5 ms to see when the agent really answers.
    let starting = true;
    let agentUp = Number.NaN;
    const socket = path.join(dataDir, 'machines', spec.id, 'run', 'agent.sock');
    const poller = (async () => {
      while (starting && Number.isNaN(agentUp)) {
        if ((await agentGet(socket, spec.agentKey, '/health')) === 200) agentUp = performance.now() - started;
        else await sleep(5);
      }
    })();
    const endpoint = await provisioner.start(spec).then(
      (machine) => machine.agent,
      (error: unknown) => {
        starting = false;
        throw error;
      },
    );
    const health = performance.now() - started;
    starting = false;
    await poller;
    if (endpoint.kind !== 'socket') throw new Error('the local driver answers unix sockets');
    const shell = await openShell(endpoint.path, spec.agentKey);
    running.set(spec.id, { spec, socketPath: endpoint.path, shell });
    const roundTrip = await shell.roundTrip();
    return { total: performance.now() - started, health, agentUp, roundTrip };
  };
  const bringDown = async (id: string) => {
    running.get(id)?.shell.close();
    running.delete(id);
    await provisioner.stop(id);
  };
  const echoes = async (machine: Running, count = ECHOES) => sorted(await repeat(count, () => machine.shell.roundTrip()));

  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const machine of running.values()) machine.shell.close();
    const results = await Promise.allSettled([...specs.keys()].map((id) => provisioner.stop(id)));
    for (const result of results) if (result.status === 'rejected') console.error(`could not stop a machine: ${String(result.reason)}`);
    const left = await provisioner.listRunning();
    if (left.length > 0) console.error(`still running after clean-up: ${left.join(', ')}`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    console.error('\nInterrupted: stopping every machine…');
    void cleanUp().finally(() => process.exit(130));
  });

  const rows: [string, string, string][] = [];
  const conclusions: string[] = [];
  const phase = (text: string) => console.log(`… ${text}`);
  const benchStarted = performance.now();
  const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

  try {
    // 1. Time to a running machine, beside the floor of a process and of the sandbox.
    phase(`baselines (${ROUNDS} rounds)`);
    const nodeExit = await repeat(ROUNDS, () => timeCommand(process.execPath, ['-e', '0']));
    const bwrapFloor = await repeat(ROUNDS, () => timeCommand('bwrap', ['--ro-bind', '/', '/', 'true']));
    const bwrapNamespaces = await repeat(ROUNDS, () =>
      timeCommand('bwrap', ['--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup', '--unshare-net', '--new-session', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', 'true']),
    );

    phase(`cold starts (${ROUNDS} new machines)`);
    const cold: Awaited<ReturnType<typeof bringUp>>[] = [];
    const coldSpecs: MachineSpec[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const spec = newSpec();
      coldSpecs.push(spec);
      cold.push(await bringUp(spec, true));
      await bringDown(spec.id);
    }
    const [first, ...laterCold] = cold;
    if (!first) throw new Error('BENCH_ROUNDS must be at least 1');
    // The agent bundle once more, as the driver builds it (esbuild's service is already up now).
    const esbuild = await import('esbuild');
    const bundleStarted = performance.now();
    await esbuild.build({ entryPoints: ['src/machine-agent/agent-main.ts'], bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['node-pty', 'bufferutil', 'utf-8-validate'], tsconfig: 'tsconfig.json', write: false, logLevel: 'silent' });
    const bundleAgain = performance.now() - bundleStarted;

    phase(`warm starts (${ROUNDS} stopped machines)`);
    const warm: Awaited<ReturnType<typeof bringUp>>[] = [];
    for (const spec of coldSpecs) {
      warm.push(await bringUp(spec, false));
      await bringDown(spec.id);
    }

    const coldTotals = laterCold.length > 0 ? laterCold.map((run) => run.total) : [first.total];
    rows.push(['Baseline: `node -e "0"` to exit', ms(median(nodeExit)), `median of ${ROUNDS}; max ${ms(max(nodeExit))}`]);
    rows.push(['Baseline: `bwrap --ro-bind / / true`', ms(median(bwrapFloor)), `the sandbox's floor; with the machine's pid/net/ipc/uts/cgroup namespaces ${ms(median(bwrapNamespaces))}`]);
    rows.push(['Cold: first machine of this process', ms(first.total), `create + start + shell round trip; includes the agent bundle build; start() alone ${ms(first.health)}`]);
    rows.push(['Agent bundle build (esbuild)', `≈ ${ms(first.total - median(coldTotals))}`, `first cold minus the median later cold (also holds esbuild's own start and the driver's one-time sandbox probe); the same build again in this process: ${ms(bundleAgain)}`]);
    rows.push([
      'Cold: create + start + round trip',
      ms(median(coldTotals)),
      `median of ${coldTotals.length} new machines after the first, max ${ms(max(coldTotals))}; start() resolved ${ms(median(laterCold.map((run) => run.health)))}`,
    ]);
    const warmTotals = warm.map((run) => run.total);
    rows.push([
      'Warm: start of a stopped machine + round trip',
      ms(median(warmTotals)),
      `median of ${ROUNDS}, max ${ms(max(warmTotals))}; start() resolved ${ms(median(warm.map((run) => run.health)))}, first shell round trip ${ms(median(warm.map((run) => run.roundTrip)))}`,
    ]);
    const agentUp = median(warm.map((run) => run.agentUp));
    rows.push(['Warm: agent first answers /health', ms(agentUp), `polled every 5 ms beside start(), which polls every 20 ms: ${ms(median(warm.map((run) => run.health)) - agentUp)} of start() is waiting for its next poll`]);

    // 2. Memory of one machine: idle, then with the template's web server running.
    phase('memory of one machine, idle and with node server.js');
    const probe = coldSpecs[0] as MachineSpec;
    await bringUp(probe, false);
    const probeRunning = running.get(probe.id) as Running;
    await echoes(probeRunning, 3);
    await sleep(1000);
    const idle = machineMemory(dataDir, [probe.id]);
    probeRunning.shell.send('node server.js > /tmp/server.log 2>&1 &');
    const serverUntil = Date.now() + 15_000;
    let served = 0;
    while (Date.now() < serverUntil && served !== 200) {
      served = await agentGet(probeRunning.socketPath, probe.agentKey, '/ports/3000/api/hello');
      if (served !== 200) await sleep(100);
    }
    if (served !== 200) throw new Error('node server.js did not answer through the agent on port 3000 within 15 s');
    for (let request = 0; request < 20; request += 1) await agentGet(probeRunning.socketPath, probe.agentKey, '/ports/3000/');
    await sleep(500);
    const web = machineMemory(dataDir, [probe.id]);
    await bringDown(probe.id);
    const pssNote = (memory: Memory) => (memory.pssComplete ? `PSS ${mb(memory.pssKb)}` : `PSS not readable for every process (${mb(memory.pssKb)} where it was)`);
    rows.push(['Memory, idle machine (agent + one shell)', `${mb(idle.rssKb)} RSS`, `${pssNote(idle)}; ${idle.processes} processes (bwrap, agent, bash)`]);
    rows.push(['Memory, node-web `node server.js` running', `${mb(web.rssKb)} RSS`, `${pssNote(web)}; ${web.processes} processes; the server answered 21 requests through the agent`]);

    // 3. How many machines one server holds: idle, one by one.
    const availableBefore = memAvailableKb();
    phase(`ramp: up to ${MAX_MACHINES} idle machines, ${ECHOES} round trips after each start`);
    const ramp: { count: number; start: number; created: boolean; p50: number; p95: number; pssKb: number; rssKb: number; pteKb: number; availableKb: number }[] = [];
    let stoppedBecause = `the cap (BENCH_MACHINES_MAX=${MAX_MACHINES})`;
    for (let count = 1; count <= MAX_MACHINES; count += 1) {
      if (memAvailableKb() < MEMORY_FLOOR_KB) {
        stoppedBecause = `MemAvailable under ${mb(MEMORY_FLOOR_KB)}`;
        break;
      }
      const stopped = coldSpecs.find((spec) => !running.has(spec.id));
      let start: number;
      let created: boolean;
      try {
        start = (await bringUp(stopped ?? newSpec(), !stopped)).total;
        created = !stopped;
      } catch (error) {
        stoppedBecause = `a start failed: ${(error as Error).message.split('\n')[0]}`;
        break;
      }
      const machines = [...running.values()];
      const target = machines[Math.floor(Math.random() * machines.length)] as Running;
      const times = await echoes(target);
      const memory = machineMemory(dataDir, [...running.keys()]);
      ramp.push({ count, start, created, p50: percentile(times, 50), p95: percentile(times, 95), pssKb: memory.pssKb, rssKb: memory.rssKb, pteKb: memory.pteKb, availableKb: memAvailableKb() });
      if (count % 10 === 0) phase(`${count} running, round trip p95 ${ms(percentile(times, 95))}, PSS ${mb(memory.pssKb)}`);
    }
    const last = ramp.at(-1);
    if (!last) throw new Error(`no machine started in the ramp: ${stoppedBecause}`);
    const within = ramp.filter((step) => step.p95 < IDLE_P95_MS);
    const firstOver = ramp.find((step) => step.p95 >= IDLE_P95_MS);
    const bestIdle = within.at(-1);
    const pssPerMachine = last.pssKb / last.count;
    const availableDrop = (availableBefore - last.availableKb) / last.count;
    // Other processes on the host move MemAvailable too: a drop under the machines' own PSS is noise.
    const dropMeasured = availableDrop > pssPerMachine / 2;
    const byDrop = dropMeasured ? `≈ ${Math.floor(availableBefore / availableDrop)} by MemAvailable's own drop of ${mb(availableDrop)} per machine` : `MemAvailable's drop (${mb(availableDrop)} per machine) drowned in other processes' changes`;
    const projected = Math.floor(availableBefore / pssPerMachine);
    const rampStarts = ramp.map((step) => step.start);
    rows.push([
      `Idle machines running, terminal p95 < ${IDLE_P95_MS} ms`,
      `${bestIdle?.count ?? 0}`,
      `${last.count} started (stopped at ${stoppedBecause})${firstOver ? `; first over at ${firstOver.count} (p95 ${ms(firstOver.p95)})` : '; every step under'}`,
    ]);
    rows.push([`Round trip with ${last.count} idle machines`, `p50 ${ms(last.p50)}, p95 ${ms(last.p95)}`, `${ECHOES} echoes on a random machine (p95 of ${ECHOES} ≈ the slowest); with 1 machine p50 ${ms(ramp[0]?.p50 ?? Number.NaN)}, p95 ${ms(ramp[0]?.p95 ?? Number.NaN)}`]);
    rows.push([`Memory of ${last.count} idle machines`, `${mb(last.pssKb)} PSS`, `${mb(last.rssKb)} RSS; ${mb(pssPerMachine)} PSS per machine, + ${mb(last.pteKb / last.count)} of page tables (kernel memory PSS leaves out)`]);
    rows.push([
      'Idle machines that fit in MemAvailable',
      `≈ ${projected}`,
      `${mb(availableBefore)} available before the ramp ÷ ${mb(pssPerMachine)} PSS each (${byDrop}); memory only, not CPU`,
    ]);
    rows.push([
      `${last.created ? 'Cold' : 'Warm'} start of machine ${last.count}, ${last.count - 1} running`,
      ms(last.start),
      `start + round trip${last.created ? ' (and create)' : ''}; all ${ramp.length} ramp starts median ${ms(median(rampStarts))}, max ${ms(max(rampStarts))}`,
    ]);

    // 3b. Busy: K machines spin a CPU loop; an idle neighbour's terminal and a busy one's own.
    const machines = [...running.values()];
    const ks = BUSY_K.filter((k) => k < machines.length);
    phase(`busy: K = ${ks.join(', ')} machines spinning node -e "for(;;){}" (of ${machines.length} running)`);
    const neighbour = machines[machines.length - 1] as Running;
    const busy: { k: number; neighbour: number[]; own: number[]; loops: number; coresPerLoop: number; hostBusy: number }[] = [];
    let spinning = 0;
    for (const k of ks) {
      for (; spinning < k; spinning += 1) (machines[spinning] as Running).shell.send('node -e "for(;;){}" &');
      await sleep(1500); // the loops' node has started and spins
      // One second of CPU accounting: how much each loop gets, and how busy the host is.
      const loops = machines.slice(0, k).flatMap((machine) => treeOf(dataDir, machine.spec.id)).filter((pid) => commandLine(pid).includes('for(;;){}'));
      const before = { host: hostCpu(), loops: loops.map(cpuTicks) };
      const window = performance.now();
      await sleep(1000);
      const seconds = (performance.now() - window) / 1000;
      const after = { host: hostCpu(), loops: loops.map(cpuTicks) };
      const loopTicks = after.loops.reduce((sum, ticks, index) => sum + ticks - (before.loops[index] ?? ticks), 0);
      busy.push({
        k,
        loops: loops.length,
        coresPerLoop: loops.length > 0 ? loopTicks / CLOCK_TICKS / seconds / loops.length : 0,
        hostBusy: (after.host.busy - before.host.busy) / Math.max(1, after.host.total - before.host.total),
        neighbour: await echoes(neighbour),
        own: await echoes(machines[0] as Running),
      });
    }
    const p95 = (values: number[]) => percentile(values, 95);
    const firstBusyOver = busy.find((step) => p95(step.neighbour) >= BUSY_P95_MS);
    const bestBusy = busy.filter((step) => !firstBusyOver || step.k < firstBusyOver.k).at(-1);
    for (const step of busy) {
      rows.push([
        `Round trip, ${step.k} machine${step.k === 1 ? '' : 's'} spinning a CPU loop`,
        `p50 ${ms(percentile(step.neighbour, 50))}, p95 ${ms(p95(step.neighbour))}`,
        `an idle neighbour; a busy machine's own shell p50 ${ms(percentile(step.own, 50))}, p95 ${ms(p95(step.own))}; ${step.loops} loops at ${(step.coresPerLoop * 100).toFixed(0)}% of a core each, host CPU ${(step.hostBusy * 100).toFixed(0)}% busy`,
      ]);
    }
    rows.push([`Largest K with neighbour p95 < ${BUSY_P95_MS} ms`, bestBusy ? `${bestBusy.k}` : 'none', `of K = ${ks.join(', ')} tried; ${machines.length} machines running, ${cpus().length} cores`]);

    const warmMedian = median(warmTotals);
    const idleFirst = ramp[0]?.p95 ?? Number.NaN;
    const lastBusy = busy.at(-1);
    conclusions.push(
      `Start: a stopped machine is usable ${ms(warmMedian)} after start() is called (bwrap's floor ${ms(median(bwrapFloor))}, a bare node ${ms(median(nodeExit))}); the agent answers after ${ms(agentUp)} and the rest is start()'s 20 ms health poll and the sandbox's setup.`,
      `Memory: an idle machine is ${mb(pssPerMachine)} PSS (${mb(idle.rssKb)} RSS; ${mb(web.pssKb)} PSS with its web server), so memory alone would hold ≈ ${projected} idle machines here (${byDrop}); ${last.count} ran with the terminal at p95 ${ms(last.p95)} (1 machine: ${ms(idleFirst)}).`,
      lastBusy
        ? bestBusy === lastBusy
          ? `CPU: with ${lastBusy.k} machines spinning on ${cpus().length} cores a neighbour's terminal stayed at p95 ${ms(p95(lastBusy.neighbour))} (the scheduler shares per machine), but each loop got only ${(lastBusy.coresPerLoop * 100).toFixed(0)}% of a core: busy learners share CPU time, not latency.`
          : `CPU: a neighbour's terminal went over p95 ${BUSY_P95_MS} ms with ${firstBusyOver?.k} machines spinning on ${cpus().length} cores (${ms(p95(firstBusyOver?.neighbour ?? []))}); ${bestBusy ? `${bestBusy.k} was the most that stayed under` : 'none of the tried K stayed under'}.`
        : 'CPU: not measured (too few machines running for the busy step).',
    );
  } finally {
    phase('stopping every machine');
    await cleanUp();
  }

  console.log(`\n${logs.join('\n')}`);
  console.log(`Machines bench: ${cpus().length} cores, ${mb(readKb('/proc/meminfo', 'MemTotal'))} RAM, node ${process.version}, ${ROUNDS} rounds, whole run ${((performance.now() - benchStarted) / 1000).toFixed(0)} s; load average before ${loadAtStart}, after ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`);
  console.log('| Figure | Value | Baseline or note |');
  console.log('| --- | --- | --- |');
  for (const [figure, value, note] of rows) console.log(`| ${figure} | ${value} | ${note} |`);
  console.log('');
  for (const line of conclusions) console.log(`- ${line}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
