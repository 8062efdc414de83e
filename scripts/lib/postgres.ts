import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throw-away PostgreSQL cluster from the local initdb/pg_ctl (integration tests, bench:ssr). */

export function findPostgresBin(): string | null {
  for (const candidate of ['/usr/lib/postgresql']) {
    if (!existsSync(candidate)) continue;
    const versions = readdirSync(candidate).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(candidate, version, 'bin');
      if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
    }
  }
  return null;
}

/** A private cluster on a spare loopback port, owned by an unprivileged user when we are root. */
export function startPrivateCluster(bin: string, options: { port?: number; database?: string } = {}): { url: string; stop: () => void } | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'codetrail-pg-'));
  const port = options.port ?? 54329;
  const database = options.database ?? 'codetrail_test';
  const asRoot = process.getuid?.() === 0;
  const wrap = (args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0] ?? '', args.slice(1)]);
  if (asRoot) spawnSync('chown', ['postgres', dir], { stdio: 'inherit' });
  const [initCmd, initArgs] = wrap([path.join(bin, 'initdb'), '-D', dir, '-U', 'codetrail', '--auth=trust', '-E', 'UTF8']);
  if (spawnSync(initCmd, initArgs, { stdio: 'ignore' }).status !== 0) return null;
  const [startCmd, startArgs] = wrap([
    path.join(bin, 'pg_ctl'),
    '-D',
    dir,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
  if (spawnSync(startCmd, startArgs, { stdio: 'inherit' }).status !== 0) return null;
  const [createCmd, createArgs] = wrap([path.join(bin, 'createdb'), '-h', '127.0.0.1', '-p', String(port), '-U', 'codetrail', database]);
  spawnSync(createCmd, createArgs, { stdio: 'inherit' });
  return {
    url: `postgres://codetrail@127.0.0.1:${port}/${database}`,
    stop: () => {
      const [stopCmd, stopArgs] = wrap([path.join(bin, 'pg_ctl'), '-D', dir, '-m', 'fast', '-w', 'stop']);
      spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

