/**
 * `npm run test:integration`: the server sandbox's attack tests (tests/sandbox), then the
 * integration tests against the Auth emulator, first on the
 * embedded database (in-memory PGlite), then on PostgreSQL. PostgreSQL comes from
 * TEST_DATABASE_URL, or a private throw-away cluster made with the local initdb/pg_ctl. In CI
 * a missing PostgreSQL is a failure; on a developer machine it is skipped with a warning.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findPostgresBin, startPrivateCluster } from './lib/postgres';

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
