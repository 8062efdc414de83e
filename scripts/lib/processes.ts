import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Child processes that live and die together: each runs in its own process group so a stop
 * reaches its children too (the Firebase CLI and Next both spawn workers).
 */
export class ProcessGroup {
  private readonly children = new Set<ChildProcess>();
  private stopping = false;

  spawn(name: string, command: string, args: string[], options: SpawnOptions & { onExit?: (code: number | null) => void } = {}): ChildProcess {
    const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
    this.children.add(child);
    child.on('exit', (code, signal) => {
      this.children.delete(child);
      if (!this.stopping) {
        options.onExit?.(code);
        if (!options.onExit) {
          console.error(`[codetrail] ${name} stopped unexpectedly (${signal ?? `exit ${code}`}); shutting down.`);
          void this.stopAll(code ?? 1);
        }
      }
    });
    return child;
  }

  /** Runs a command to completion (inheriting output), rejecting on a non-zero exit. */
  run(name: string, command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
    return new Promise((resolve, reject) => {
      this.spawn(name, command, args, {
        ...options,
        onExit: (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed with exit code ${code}`))),
      });
    });
  }

  async stopAll(exitCode = 0): Promise<never> {
    if (this.stopping) return new Promise<never>(() => undefined);
    this.stopping = true;
    await Promise.all([...this.children].map((child) => this.stop(child)));
    process.exit(exitCode);
  }

  /** Stops one child and its process group (SIGTERM, then SIGKILL after 8 s), resolved once it has exited. */
  stop(child: ChildProcess): Promise<void> {
    return new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 8000).unref();
    });
  }

  stopOnSignals(): void {
    const stop = (signal: NodeJS.Signals) => {
      console.log(`\n[codetrail] ${signal}: stopping every process…`);
      void this.stopAll(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

export async function waitForHttp(url: string, timeoutMs: number, isStillStarting: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isStillStarting()) throw new Error(`Gave up waiting for ${url}: the process exited.`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000}s waiting for ${url}`);
}

export async function isUp(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}
