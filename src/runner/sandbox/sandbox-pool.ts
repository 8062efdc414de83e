import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { evaluateChecks } from '../output-checks';
import { DEFAULT_TIMEOUT_MS, type RunError, type RunRequest, type RunResult } from '../run-types';
import { buildSandboxChild } from './build-sandbox-child';
import { pythonSnapshot } from './python-snapshot';
import { sandboxCommand } from './sandbox-launcher';
import { childMessageSchema, MAX_CHANNEL_BYTES, type ChildMessage, type ParentMessage } from './sandbox-protocol';

/**
 * Runs lesson code on the server in sandbox processes, never in the caller's process. By
 * default every run gets a fresh process that is killed afterwards (nothing one learner's code
 * leaves behind reaches the next run); a warm spare per language is started ahead so Python
 * does not pay Pyodide's 3–5 s start on each run. The parent enforces the limits the child
 * cannot refuse: SIGKILL at the wall-clock limit, at the memory cap (resident memory read from
 * /proc) and when the output channel overflows.
 */

export interface SandboxOptions {
  /** Keep one process per language for many runs. Only for trusted content (content:check). */
  reuse?: boolean;
  /**
   * Languages whose processes serve many learners' runs even for untrusted code: only those whose
   * programs reach nothing of the process. SQL qualifies (a fresh database per run, and SQL reaches
   * nothing but sql.js); so does JavaScript (a fresh vm context per run made from nothing of the
   * process, with the request and outcome passed as strings: node/javascript-runner.ts). Python
   * programs reach the process (Pyodide's `js` module), so they get a fresh one each run. A shared
   * process is replaced after `maxRunsPerProcess` runs.
   */
  sharedLanguages?: readonly LessonType[];
  maxRunsPerProcess?: number;
  /** Run HTML pages' scripts in jsdom. Only for trusted content. */
  runPageScripts?: boolean;
  /** Runs at once; more wait in a queue. */
  maxConcurrent?: number;
  /** Runs that may wait; beyond that run() throws SandboxBusyError. */
  maxQueued?: number;
  /** Resident memory a sandbox process may use. */
  memoryLimitMb?: number;
  /** Time beyond the run's own limit before the process is killed. */
  graceMs?: number;
  /** How long a process may take to load its runtime. */
  startupTimeoutMs?: number;
  /** Start the next process for a language as soon as one is taken. */
  warmSpares?: boolean;
  /**
   * Warm spares kept per language whose processes serve one run (default 1): two lets a burst of
   * two completions both start warm (bench:verify).
   */
  spareCount?: number;
  /** A spare unused this long is stopped to give its memory back. */
  spareIdleMs?: number;
  /** The project folder (for the runner's source and node_modules). */
  root?: string;
  /**
   * Take `process` and `console` out of learner code's reach before it runs (sandbox-child.ts).
   * Only the tests of the layers beneath (file, network and process refusals) turn it off.
   */
  lockDown?: boolean;
  /** Python sandboxes restore a memory snapshot instead of booting Pyodide (default on). */
  pythonSnapshot?: boolean;
  /** Told once when the machine lacks an isolation layer. */
  onWarning?: (message: string) => void;
}

export class SandboxBusyError extends Error {
  override name = 'SandboxBusyError';
  readonly retryAfterSeconds = 5;
  constructor() {
    super('The code runner is busy. Try again in a few seconds.');
  }
}

export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}

type LessonType = RunRequest['lessonType'];
type KillReason = 'timeout' | 'memory' | 'output' | 'protocol' | 'startup' | 'idle' | 'done' | 'closed';
type SandboxChild = ChildProcessByStdio<Writable, Readable, Readable>;

const TIMEOUT_MESSAGE = 'Your program ran for too long and was stopped. Is there a loop that never ends?';

function stoppedError(reason: KillReason | 'crash', memoryLimitMb: number): RunError {
  switch (reason) {
    case 'timeout':
      return { type: 'Timeout', message: TIMEOUT_MESSAGE, line: null, file: null };
    case 'memory':
      return { type: 'MemoryLimit', message: `Your program used more memory than a lesson may (${memoryLimitMb} MB) and was stopped.`, line: null, file: null };
    case 'output':
      return { type: 'OutputLimit', message: 'Your program printed more than the runner accepts and was stopped.', line: null, file: null };
    default:
      return { type: 'RunnerStopped', message: 'Your program stopped the runner before it finished.', line: null, file: null };
  }
}

/** One sandbox process and the conversation with it. */
class SandboxProcess {
  readonly ready: Promise<void>;
  private readonly child: SandboxChild;
  private killReason: KillReason | null = null;
  private readonly exited: Promise<void>;
  private onMessage: ((message: ChildMessage) => void) | null = null;
  private readonly watchdog: NodeJS.Timeout;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 0;
  /** Runs this process has been given. */
  runs = 0;

  constructor(
    readonly lessonType: LessonType,
    command: { command: string; args: string[] },
    private readonly limits: { memoryLimitMb: number; startupTimeoutMs: number },
  ) {
    this.child = spawn(command.command, command.args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: '/',
      // Nothing of the app's environment (secrets, database URL) reaches the sandbox.
      env: { PATH: '/usr/bin:/bin', HOME: '/nonexistent', LANG: 'C.UTF-8' } as unknown as NodeJS.ProcessEnv,
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.on('error', () => this.kill('protocol'));
    this.child.stdin.on('error', () => undefined);
    // Warnings and crashes of the runtime: never shown to anyone. V8 reaching its heap cap ends the
    // process on its own (before the resident-memory watchdog sees it): that run used too much memory.
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      if (/heap limit|heap out of memory/i.test(chunk)) this.killReason ??= 'memory';
    });
    this.readLines();
    this.watchdog = setInterval(() => void this.checkMemory(), 100);
    this.watchdog.unref();
    this.hold(false);

    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill('startup');
        reject(new SandboxUnavailableError(`The ${lessonType} runner did not start within ${limits.startupTimeoutMs / 1000} s.`));
      }, limits.startupTimeoutMs);
      timer.unref();
      this.onMessage = (message) => {
        clearTimeout(timer);
        if (message.type === 'ready') resolve();
        else reject(new SandboxUnavailableError(`The ${lessonType} runner could not start.`));
      };
      void this.exited.then(() => {
        clearTimeout(timer);
        reject(new SandboxUnavailableError(`The ${lessonType} runner exited while starting.`));
      });
    });
    this.ready.catch(() => this.kill('startup'));
    this.send({ type: 'prepare', lessonType });
  }

  /**
   * Whether this process keeps the app's event loop alive: yes while a run waits on it, no for
   * an idle spare (so scripts and tests end without closing the pool).
   */
  hold(held: boolean): void {
    const method = held ? 'ref' : 'unref';
    this.child[method]();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as Record<string, (() => void) | undefined>[]) stream[method]?.call(stream);
  }

  get alive(): boolean {
    return this.killReason === null && this.child.exitCode === null && this.child.signalCode === null;
  }

  private send(message: ParentMessage): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private readLines(): void {
    let buffered = '';
    let received = 0;
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      received += Buffer.byteLength(chunk);
      if (received > MAX_CHANNEL_BYTES) return this.kill('output');
      buffered += chunk;
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        this.receive(line);
        newline = buffered.indexOf('\n');
      }
    });
  }

  private receive(line: string): void {
    let parsed: ReturnType<typeof childMessageSchema.safeParse>;
    try {
      parsed = childMessageSchema.safeParse(JSON.parse(line));
    } catch {
      return this.kill('protocol');
    }
    if (!parsed.success) return this.kill('protocol');
    this.onMessage?.(parsed.data);
  }

  private async checkMemory(): Promise<void> {
    if (!this.alive || this.child.pid === undefined) return;
    try {
      const status = await readFile(`/proc/${this.child.pid}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
      if (rssKb > this.limits.memoryLimitMb * 1024) this.kill('memory');
    } catch {
      // Gone already, or no /proc on this system (the heap cap still holds).
    }
  }

  /** Runs one request; a hard kill at the deadline answers for a child that never does. */
  async execute(request: RunRequest, hardLimitMs: number): Promise<{ result: RunResult } | { stopped: KillReason | 'crash' }> {
    this.cancelIdle();
    const id = (this.nextId += 1);
    this.runs += 1;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.kill('timeout'), hardLimitMs);
      const settle = (outcome: { result: RunResult } | { stopped: KillReason | 'crash' }) => {
        clearTimeout(timer);
        this.onMessage = null;
        resolve(outcome);
      };
      this.onMessage = (message) => {
        if (message.type === 'result' && message.id === id) settle({ result: message.result });
        else if (message.type === 'failed') settle({ stopped: 'crash' });
      };
      void this.exited.then(() => settle({ stopped: this.killReason ?? 'crash' }));
      this.send({ type: 'run', id, request });
    });
  }

  idleFor(ms: number, onIdle: () => void): void {
    this.cancelIdle();
    this.idleTimer = setTimeout(() => {
      this.kill('idle');
      onIdle();
    }, ms);
    this.idleTimer.unref();
  }

  private cancelIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  kill(reason: KillReason): void {
    this.killReason ??= reason;
    this.cancelIdle();
    clearInterval(this.watchdog);
    try {
      this.child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }

  waitForExit(): Promise<void> {
    return this.exited;
  }
}

// Sandbox processes never outlive the app, whichever engine started them.
const liveProcesses = new Set<SandboxProcess>();
process.once('exit', () => liveProcesses.forEach((sandbox) => sandbox.kill('closed')));

/** A counting gate: at most `size` holders, at most `queue` waiting (beyond that, SandboxBusyError). */
export function createGate(size: number, queue: number) {
  let holders = 0;
  const waiting: (() => void)[] = [];
  return {
    async enter(): Promise<void> {
      if (holders < size) {
        holders += 1;
        return;
      }
      if (waiting.length >= queue) throw new SandboxBusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    leave(): void {
      const next = waiting.shift();
      if (next) next();
      else holders -= 1;
    },
  };
}

export function createSandboxedCheckEngine(options: SandboxOptions = {}) {
  const settings = {
    reuse: options.reuse ?? false,
    maxConcurrent: options.maxConcurrent ?? 4,
    maxQueued: options.maxQueued ?? 16,
    memoryLimitMb: options.memoryLimitMb ?? 512,
    graceMs: options.graceMs ?? 1500,
    startupTimeoutMs: options.startupTimeoutMs ?? 60_000,
    warmSpares: options.warmSpares ?? true,
    spareCount: Math.max(1, options.spareCount ?? 1),
    spareIdleMs: options.spareIdleMs ?? 10 * 60_000,
    sharedLanguages: new Set(options.sharedLanguages ?? []),
    maxRunsPerProcess: options.maxRunsPerProcess ?? 500,
  };
  const reusable = (sandbox: SandboxProcess) => settings.reuse || (settings.sharedLanguages.has(sandbox.lessonType) && sandbox.runs < settings.maxRunsPerProcess);
  const gate = createGate(settings.maxConcurrent, settings.maxQueued);
  /** Started processes waiting for a run, per language (warm spares, or reusable ones). */
  const idle = new Map<LessonType, SandboxProcess[]>();
  const everyProcess = new Set<SandboxProcess>();
  let warned = false;
  let closed = false;

  async function startProcess(lessonType: LessonType): Promise<SandboxProcess> {
    const bundle = await buildSandboxChild(options.root);
    // Python restores a memory snapshot instead of booting (python-snapshot.ts); each process its own.
    const snapshot = lessonType === 'Python' && options.pythonSnapshot !== false ? await pythonSnapshot(options.root, options.onWarning) : null;
    const command = sandboxCommand({
      entry: bundle.entry,
      readableRoot: bundle.readableRoot,
      cpuSeconds: settings.reuse || settings.sharedLanguages.has(lessonType) ? 3600 : 120,
      // A shared process's heap cap sits well under its resident-memory limit: V8 then collects the
      // contexts of earlier runs long before the watchdog would stop a run that is not to blame.
      heapMb: settings.sharedLanguages.has(lessonType) ? Math.min(Math.floor(settings.memoryLimitMb / 2), 256) : Math.min(settings.memoryLimitMb, 512),
      noHostCodeGeneration: options.lockDown !== false,
      // A Python process serves one run: V8's optimising tier for Pyodide's WebAssembly would cost more
      // CPU than the run it speeds up (0.82 → 0.48 CPU s to restore the snapshot, docs/performance.md).
      ...(lessonType === 'Python' && !settings.reuse ? { engineFlags: ['--liftoff-only'] } : {}),
      childArgs: [
        ...(options.runPageScripts ? ['--run-page-scripts'] : []),
        ...(options.lockDown === false ? ['--keep-host-globals'] : []),
        ...(snapshot ? [`--python-snapshot=${snapshot}`] : []),
      ],
    });
    if (command.missing.length > 0 && !warned) {
      warned = true;
      options.onWarning?.(`The code sandbox runs without: ${command.missing.join(', ')}. See docs/security.md.`);
    }
    const started = new SandboxProcess(lessonType, command, settings);
    everyProcess.add(started);
    liveProcesses.add(started);
    void started.waitForExit().then(() => liveProcesses.delete(started));
    void started.waitForExit().then(() => everyProcess.delete(started));
    return started;
  }

  function park(sandbox: SandboxProcess): void {
    if (closed || !sandbox.alive) return;
    const list = idle.get(sandbox.lessonType) ?? [];
    list.push(sandbox);
    idle.set(sandbox.lessonType, list);
    sandbox.idleFor(settings.spareIdleMs, () => {
      const current = idle.get(sandbox.lessonType) ?? [];
      idle.set(sandbox.lessonType, current.filter((candidate) => candidate !== sandbox));
    });
  }

  function takeIdle(lessonType: LessonType): SandboxProcess | null {
    const list = idle.get(lessonType) ?? [];
    let found: SandboxProcess | null = null;
    while (!found && list.length > 0) {
      const candidate = list.shift() ?? null;
      if (candidate?.alive) found = candidate;
    }
    return found;
  }

  /** Spares being started per language (runs in the same tick must not start more than wanted). */
  const sparesStarting = new Map<LessonType, number>();

  function startSpare(lessonType: LessonType): void {
    if (closed || settings.reuse || settings.sharedLanguages.has(lessonType) || !settings.warmSpares) return;
    const starting = sparesStarting.get(lessonType) ?? 0;
    if (starting + (idle.get(lessonType)?.filter((sandbox) => sandbox.alive).length ?? 0) >= settings.spareCount) return;
    sparesStarting.set(lessonType, starting + 1);
    void startProcess(lessonType)
      .then(async (spare) => {
        park(spare);
        await spare.ready;
        sparesStarting.set(lessonType, (sparesStarting.get(lessonType) ?? 1) - 1);
        // Spares come up one after another (never two restores at once), up to the count.
        startSpare(lessonType);
      })
      .catch(() => sparesStarting.set(lessonType, (sparesStarting.get(lessonType) ?? 1) - 1));
  }

  function stoppedResult(request: RunRequest, reason: KillReason | 'crash'): RunResult {
    const error = stoppedError(reason, settings.memoryLimitMb);
    const checks = evaluateChecks(request.checks, { output: '', error, assertionFailures: new Map() });
    return { status: 'ran', passed: false, output: '', error, timedOut: reason === 'timeout', checks };
  }

  async function run(request: RunRequest): Promise<RunResult> {
    if (closed) throw new SandboxUnavailableError('The code runner has been stopped.');
    await gate.enter();
    let sandbox: SandboxProcess | null = null;
    let stoppedByTime = false;
    try {
      sandbox = takeIdle(request.lessonType) ?? (await startProcess(request.lessonType));
      sandbox.hold(true);
      startSpare(request.lessonType);
      await sandbox.ready;
      const outcome = await sandbox.execute(request, (request.timeoutMs ?? DEFAULT_TIMEOUT_MS) + settings.graceMs);
      stoppedByTime = 'result' in outcome && outcome.result.status === 'ran' && outcome.result.timedOut;
      return 'result' in outcome ? outcome.result : stoppedResult(request, outcome.stopped);
    } finally {
      gate.leave();
      if (sandbox) {
        sandbox.hold(false);
        // A run its time limit stopped is the last of its process: V8 stopping promise jobs midway can
        // leave Node's async bookkeeping broken (nodejs/node#38503), and the next learner must not pay.
        if (reusable(sandbox) && sandbox.alive && !stoppedByTime) park(sandbox);
        else sandbox.kill('done');
      }
    }
  }

  return {
    run,
    /** Starts a process for the language ahead of the first run (a lesson page just opened). */
    warmUp(lessonType: LessonType): void {
      startSpare(lessonType);
    },
    /** Stops every sandbox process (tests, shutdown). */
    async close(): Promise<void> {
      closed = true;
      const all = [...everyProcess];
      all.forEach((sandbox) => {
        sandbox.hold(true); // so the caller's event loop waits for the exits it awaits
        sandbox.kill('closed');
      });
      idle.clear();
      await Promise.all(all.map((sandbox) => sandbox.waitForExit()));
    },
    /** How many sandbox processes exist right now (tests and the health of the pool). */
    processCount: () => everyProcess.size,
  };
}

export type SandboxedCheckEngine = ReturnType<typeof createSandboxedCheckEngine>;
