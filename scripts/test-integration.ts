/**
 * `npm run test:integration`: the server sandbox's attack tests (tests/sandbox), then the
 * integration tests against the Auth emulator, first on the
 * embedded database (in-memory PGlite), then on PostgreSQL. PostgreSQL comes from
 * TEST_DATABASE_URL, or a private throw-away cluster made with the local initdb/pg_ctl. In CI
 * a missing PostgreSQL is a failure; on a developer machine it is skipped with a warning.
 * Files that never touch the test database (DATABASE_FREE) run in the first pass only.
 *
 * `--fast` (part of `npm run test:fast`): only the database-free files, with the emulator.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findPostgresBin, startPrivateCluster } from './lib/postgres';

const PROJECT_ID = 'demo-codetrail';

/**
 * Integration files that use no test database (the embedded database's own lock and thread, the
 * instance app with a web-app double, the Kubernetes driver against its fake API, monitoring, the
 * role script against the emulator): the same on PGlite and PostgreSQL, so run once.
 * scripts/test-integration.test.ts holds each to that.
 */
export const DATABASE_FREE = [
  'tests/integration/database-lock.test.ts',
  'tests/integration/instance-app.test.ts',
  'tests/integration/kubernetes-driver.test.ts',
  'tests/integration/monitoring.test.ts',
  'tests/integration/pglite-thread.test.ts',
  'tests/integration/user-role.test.ts',
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

/** Which files a pass runs: every file, every file but the database-free ones, or only those. */
type Selection = 'all' | 'with-database' | 'database-free';

function jestArguments(selection: Selection): string {
  const base = 'node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects integration --runInBand';
  // Paths as patterns: their dots match themselves too, and nothing else under tests/integration.
  if (selection === 'with-database') return `${base} ${DATABASE_FREE.map((file) => `--testPathIgnorePatterns=${file}`).join(' ')}`;
  if (selection === 'database-free') return `${base} --runTestsByPath ${DATABASE_FREE.join(' ')}`;
  return base;
}

function jestWithEmulator(label: string, env: NodeJS.ProcessEnv, selection: Selection = 'all'): number {
  console.log(`\n[integration] ${label}`);
  return run(path.join('node_modules', '.bin', 'firebase'), ['emulators:exec', '--only', 'auth', '--project', PROJECT_ID, jestArguments(selection)], { ...env, NEXT_IGNORE_INCORRECT_LOCKFILE: '1' });
}

function main(): number {
  if (process.argv.includes('--fast')) return jestWithEmulator('database-free files', { ...process.env, TEST_DATABASE_URL: '' }, 'database-free');

  // The server sandbox's attack tests need real processes but no database or emulator: run once.
  console.log('\n[integration] server sandbox attacks');
  const sandbox = run('node', ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--selectProjects', 'sandbox', '--runInBand']);
  if (sandbox !== 0) return sandbox;

  const embedded = jestWithEmulator('embedded database (PGlite)', { ...process.env, TEST_DATABASE_URL: '' });
  if (embedded !== 0) return embedded;

  if (process.env.TEST_DATABASE_URL) return jestWithEmulator('PostgreSQL (TEST_DATABASE_URL)', process.env, 'with-database');

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
    return jestWithEmulator('PostgreSQL (private cluster)', { ...process.env, TEST_DATABASE_URL: cluster.url }, 'with-database');
  } finally {
    cluster.stop();
  }
}

if (require.main === module) process.exit(main());
