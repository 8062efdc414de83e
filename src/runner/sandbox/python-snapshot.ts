import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PYTHON_HARNESS } from '../python-harness';

/**
 * Python in a sandbox process starts from a memory snapshot instead of booting: Pyodide boots
 * once with the harness installed, its memory is written to a file, and every sandbox process
 * restores it (about 0.4 CPU s instead of 3; docs/performance.md). Each process still gets its own
 * interpreter restored from the file, so nothing of one learner's run reaches the next. The file
 * sits beside the sandbox bundle in node_modules/.cache/codetrail (the one folder a sandbox may
 * read), named by a hash of Pyodide's version and the harness, and is made on first use by
 * python-snapshot-maker.ts in a process of its own (it runs no learner code).
 */

const FORMAT = 1;
const MAKE_TIMEOUT_MS = 180_000;
let making: Promise<string | null> | null = null;

function cacheFolder(root: string): string {
  return path.join(realpathSync(path.join(root, 'node_modules')), '.cache', 'codetrail');
}

function snapshotName(root: string): string {
  const pyodide = JSON.parse(readFileSync(path.join(root, 'node_modules/pyodide/package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(`${FORMAT}\n${pyodide.version}\n${PYTHON_HARNESS}`).digest('hex').slice(0, 16);
  return `python-${hash}.snapshot`;
}

async function make(root: string, file: string): Promise<void> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, 'src/runner/sandbox/python-snapshot-maker.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['pyodide'],
    alias: { '@': path.join(root, 'src') },
    logLevel: 'error',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('The snapshot maker could not be built.');
  const maker = path.join(path.dirname(file), `python-snapshot-maker-${process.pid}.mjs`);
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(maker, code, { mode: 0o644 });
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--no-warnings', maker, partial], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' } as unknown as NodeJS.ProcessEnv });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr = (stderr + chunk).slice(-2000)));
      const timer = setTimeout(() => child.kill('SIGKILL'), MAKE_TIMEOUT_MS);
      child.once('error', reject);
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (code === 0 && existsSync(partial)) resolve();
        else reject(new Error(`The Python snapshot could not be made: ${stderr.trim() || `exit ${code}`}`));
      });
    });
    chmodSync(partial, 0o644);
    // Renamed into place, so a process starting at the same moment never reads half a file.
    renameSync(partial, file);
  } finally {
    rmSync(maker, { force: true });
    rmSync(partial, { force: true });
  }
}

/**
 * The snapshot file for this Pyodide and harness, made if it is missing; null when it cannot be
 * made (the sandbox then boots Pyodide as before, and onWarning says so once).
 */
export function pythonSnapshot(root = process.cwd(), onWarning?: (message: string) => void): Promise<string | null> {
  making ??= (async () => {
    try {
      const folder = cacheFolder(root);
      const file = path.join(folder, snapshotName(root));
      if (existsSync(file)) return file;
      mkdirSync(folder, { recursive: true });
      chmodSync(folder, 0o755);
      await make(root, file);
      return file;
    } catch (error) {
      onWarning?.(`Python sandboxes boot Pyodide on every run (${error instanceof Error ? error.message : String(error)}).`);
      return null;
    }
  })();
  return making;
}
