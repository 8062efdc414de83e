/**
 * `npm run test:integration`: the server sandbox's attack tests (tests/sandbox), then the
 * integration tests against the Auth emulator, first on the
 * embedded database (in-memory PGlite), then on PostgreSQL. PostgreSQL comes from
 * TEST_DATABASE_URL, or a private throw-away cluster made with the local initdb/pg_ctl. In CI
 * a missing PostgreSQL is a failure; on a developer machine it is skipped with a warning.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PROJECT_ID = 'demo-codetrail';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

function jestWithEmulator(label: string, env: NodeJS.ProcessEnv): number {
  console.log(`\n[integration] ${label}`);
  return run(
    path.join('node_modules', '.bin', 'firebase'),
    ['emulators:exec', '--only', 'auth', '--project', PROJECT_ID, 'node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects integration --runInBand'],
    { ...env, NEXT_IGNORE_INCORRECT_LOCKFILE: '1' },
  );
}

function findPostgresBin(): string | null {
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
function startPrivateCluster(bin: string): { url: string; stop: () => void } | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'codetrail-pg-'));
  const port = 54329;
  const asRoot = process.getuid?.() === 0;
  const wrap = (args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0] ?? '', args.slice(1)]);
  if (asRoot) run('chown', ['postgres', dir]);
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
  const [createCmd, createArgs] = wrap([path.join(bin, 'createdb'), '-h', '127.0.0.1', '-p', String(port), '-U', 'codetrail', 'codetrail_test']);
  spawnSync(createCmd, createArgs, { stdio: 'inherit' });
  return {
    url: `postgres://codetrail@127.0.0.1:${port}/codetrail_test`,
    stop: () => {
      const [stopCmd, stopArgs] = wrap([path.join(bin, 'pg_ctl'), '-D', dir, '-m', 'fast', '-w', 'stop']);
      spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function main(): number {
  // The server sandbox's attack tests need real processes but no database or emulator: run once.
  console.log('\n[integration] server sandbox attacks');
  const sandbox = run('node', ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--selectProjects', 'sandbox', '--runInBand']);
  if (sandbox !== 0) return sandbox;

  const embedded = jestWithEmulator('embedded database (PGlite)', { ...process.env, TEST_DATABASE_URL: '' });
  if (embedded !== 0) return embedded;

  if (process.env.TEST_DATABASE_URL) return jestWithEmulator('PostgreSQL (TEST_DATABASE_URL)', process.env);

  const bin = findPostgresBin();
  const cluster = bin ? startPrivateCluster(bin) : null;
  if (!cluster) {
    const message = 'PostgreSQL is not installed (no initdb/pg_ctl under /usr/lib/postgresql), so the PostgreSQL run was skipped.';
    if (process.env.CI) {
      console.error(`[integration] ${message} CI must run it: install the postgresql package.`);
      return 1;
    }
    console.warn(`[integration] ${message}`);
    return 0;
  }
  try {
    return jestWithEmulator('PostgreSQL (private cluster)', { ...process.env, TEST_DATABASE_URL: cluster.url });
  } finally {
    cluster.stop();
  }
}

process.exit(main());
