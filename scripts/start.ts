/**
 * `npm start` / `npm run dev`: the whole platform on one machine with nothing configured.
 * Starts the Auth emulator (demo project), applies database migrations, creates the demo
 * accounts, builds when the sources changed, then runs Next. Ctrl-C stops every child.
 *
 * Flags: --dev (hot reload), --fresh-data (start from an empty embedded database).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { ConfigurationError, parseServerEnv } from '../src/server/config/server-env';
import { embeddedDatabaseFolder, openDatabase } from '../src/server/db/client';
import { lockDataFolder, type DataDirLock } from '../src/server/db/data-dir-lock';
import { describePublish, publishContent } from './lib/publish';
import { printResetLinks, startAuthEmulator, EMULATOR_HOST } from './lib/emulator';
import { cliAdminAuth, DEMO_ACCOUNTS, ensureDemoAccounts, firebaseProjectId } from './lib/firebase-admin-cli';
import { ProcessGroup, waitForHttp } from './lib/processes';
import { APP_SERVER_BUNDLE, finishBuild } from './lib/finish-build';
import { removeControlFile, writeControlFile } from './lib/control-file';
import { previewTemplateFrom } from '../src/domain/build/preview-origin';
import { appOrigins } from '../src/domain/security/app-origins';
import { createLocalProvisioner } from '../src/server/machines/local-driver';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
// The same .env files Next reads, so this script and the app agree (e.g. on DATABASE_URL).
loadEnvConfig(process.cwd(), dev);
const port = Number(process.env.PORT || 3000);
// Local mode accepts unsigned emulator tokens by design, so by default only this machine may connect.
const host = process.env.HOST || '127.0.0.1';
const loopback = ['127.0.0.1', 'localhost', '::1'].includes(host);
const probeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
const appOrigin = process.env.APP_ORIGIN || `http://localhost:${port}`;
const projectId = firebaseProjectId();
const local = projectId.startsWith('demo-');
const dataDir = process.env.DATA_DIR || '.data';
const distDir = process.env.NEXT_DIST_DIR || '.next';
const nextBin = path.join('node_modules', '.bin', 'next');

const group = new ProcessGroup();
group.stopOnSignals();

/** A fingerprint of everything that goes into a production build. */
function buildFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (entry: string) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      if (entry === path.join('public', 'vendor')) return; // copied from node_modules by next.config.js
      for (const name of readdirSync(entry).sort()) walk(path.join(entry, name));
    } else {
      hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  ['pages', 'src', 'public', 'content', 'next.config.js', 'instrumentation.ts', 'package-lock.json', 'tsconfig.json'].forEach(walk);
  for (const [key, value] of Object.entries(process.env).sort()) if (key.startsWith('NEXT_PUBLIC_')) hash.update(`${key}=${value}\n`);
  // Security headers (HSTS, the sandbox asset origin) are fixed at build time from the origin.
  hash.update(`APP_ORIGIN=${appOrigin}\n`);
  hash.update(`PREVIEW_ORIGIN=${previewTemplateFrom(process.env)}\n`);
  // The browser's monitoring environment is inlined, and source maps are uploaded only with all three.
  hash.update(`SENTRY_ENVIRONMENT=${process.env.SENTRY_ENVIRONMENT || process.env.APP_ENV || 'local'} upload=${Boolean(process.env.SENTRY_AUTH_TOKEN && process.env.SENTRY_ORG && process.env.SENTRY_PROJECT)}\n`);
  return hash.digest('hex');
}

/** WEB_CONCURRENCY: how many app processes serve the port (1 unless set; more need PostgreSQL). */
function webConcurrency(): number {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new ConfigurationError(`WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${raw}").`);
  if (count > 1 && !process.env.DATABASE_URL) throw new ConfigurationError('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process. Set DATABASE_URL to a PostgreSQL database, or leave WEB_CONCURRENCY at 1.');
  return count;
}

async function buildIfNeeded(): Promise<void> {
  const marker = path.join(distDir, 'codetrail-build-fingerprint');
  const fingerprint = buildFingerprint();
  if (existsSync(path.join(distDir, 'BUILD_ID')) && existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint) {
    console.log('[codetrail] The production build is up to date.');
    return;
  }
  console.log('[codetrail] Building the app (first start, or the sources changed)…');
  await group.run('next build', nextBin, ['build'], { stdio: 'inherit', detached: false });
  writeFileSync(marker, fingerprint);
}

async function main(): Promise<void> {
  try {
    // The app validates the same way when it starts; failing here says why before anything runs.
    parseServerEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    throw new Error(`The configuration could not be read: ${String(error)}`);
  }
  const processes = webConcurrency();
  if (local && !loopback) {
    console.warn(
      `[codetrail] WARNING: HOST=${host} lets other machines reach this local-mode server. Local mode trusts the Auth emulator, ` +
        'which accepts unsigned tokens: anyone who can reach it can sign in as anyone. Use a real Firebase project for a shared server.',
    );
  }
  // First of all, so a second `npm start` on the same folder refuses before starting anything.
  // This process keeps the lock while it migrates and publishes, then hands it to Next.
  let dataLock: DataDirLock | null = null;
  if (!process.env.DATABASE_URL) dataLock = await lockDataFolder(embeddedDatabaseFolder(dataDir));

  if (local) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST ||= EMULATOR_HOST;
    await startAuthEmulator(group, projectId);
    await ensureDemoAccounts(cliAdminAuth(projectId));
  }

  if (args.has('--fresh-data') && dataLock) {
    rmSync(embeddedDatabaseFolder(dataDir), { recursive: true, force: true });
    // Machines outlive the app by design (restart recovery adopts them); with no database left,
    // nothing would ever own them again, so they are stopped and their folders go too.
    const machines = createLocalProvisioner({ dataDir: path.resolve(dataDir), log: () => undefined });
    for (const id of await machines.listRunning()) await machines.stop(id);
    rmSync(path.join(dataDir, 'machines'), { recursive: true, force: true });
  }
  const target = process.env.DATABASE_URL ? ({ kind: 'postgres', url: process.env.DATABASE_URL } as const) : ({ kind: 'pglite', dataDir } as const);
  const database = await openDatabase(target);
  try {
    console.log(`[codetrail] Database migrations applied (${target.kind === 'postgres' ? 'PostgreSQL' : `embedded, in ${embeddedDatabaseFolder(dataDir)}`}).`);
    const outcome = await publishContent(database, { force: false });
    if (outcome.kind === 'invalid') {
      console.error('[codetrail] Course content has errors; learners keep the last published version:');
      outcome.errors.forEach((error) => console.error(`  ${error}`));
    } else if (outcome.kind === 'published') console.log(`[codetrail] ${describePublish(outcome.result)}`);
    else console.log('[codetrail] Course content is unchanged since the last publish.');
  } finally {
    // The app opens it itself: one process at a time, and the lock stays with this one until then.
    await database.close();
  }

  if (!dev) {
    await buildIfNeeded();
    // Quick and idempotent: the manifests Next asks for on each request, and the app server as JavaScript.
    finishBuild(distDir);
  }

  // `npm run content:publish` reaches this server through the data folder while it holds the embedded database.
  const control = dataLock ? writeControlFile(dataDir, `http://${probeHost}:${port}`) : null;
  if (control) process.on('exit', () => removeControlFile(dataDir));

  // The grading worker: its own process, reached with a token made for this run (docs/features/grading.md).
  const grading = process.env.GRADER_URL
    ? null
    : { port: parseServerEnv(process.env).graderPort, token: process.env.GRADER_TOKEN || randomBytes(32).toString('base64url') };
  const graderEnv = grading ? { GRADER_URL: `http://${probeHost}:${grading.port}`, GRADER_TOKEN: grading.token, GRADER_PORT: String(grading.port) } : {};

  let running = true;
  const nextArgs = ['dev', '--port', String(port), '--hostname', host];
  // NEXT_CPU_PROFILE_DIR=<folder>: a V8 CPU profile of the Next.js process, written when it stops (for profiling under bench:ssr).
  const profileDir = process.env.NEXT_CPU_PROFILE_DIR;
  // Production: scripts/app-server.ts (Next's handler with load shedding; WEB_CONCURRENCY processes),
  // bundled to plain JavaScript by finishBuild: no tsx resolver in the request path.
  const appServer = [path.join(distDir, APP_SERVER_BUNDLE)];
  const [nextCommand, nextCommandArgs] = dev
    ? [nextBin, nextArgs]
    : [process.execPath, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, ...appServer] : appServer];
  group.spawn('Next.js', nextCommand, nextCommandArgs, {
    env: {
      ...process.env,
      ...dataLock?.handoffEnv(),
      ...(control ? { CODETRAIL_CONTROL_TOKEN: control.token } : {}),
      ...graderEnv,
      PORT: String(port),
      HOST: host,
      WEB_CONCURRENCY: String(processes),
      NODE_ENV: dev ? 'development' : 'production',
    },
    onExit: (code) => {
      running = false;
      console.error(`[codetrail] Next.js exited (${code}); stopping.`);
      void group.stopAll(code ?? 1);
    },
  });
  // Web projects' previews: a process of its own on a port of its own (src/server/preview).
  const preview = parseServerEnv(process.env).preview;
  group.spawn('Project previews', path.join('node_modules', '.bin', 'tsx'), ['scripts/preview-server.ts'], {
    env: { ...process.env, NODE_ENV: 'production' },
    onExit: (code) => {
      if (!running) return;
      running = false;
      console.error(`[codetrail] The project preview server exited (${code}); stopping.`);
      void group.stopAll(code ?? 1);
    },
  });
  // Machines' instance app: its own process, port and origin (src/instance-app, docs/machines.md).
  const machines = parseServerEnv(process.env).machines;
  group.spawn('Instance app', path.join('node_modules', '.bin', 'tsx'), ['scripts/instance-app.ts'], {
    env: { ...process.env, NODE_ENV: 'production' },
    onExit: (code) => {
      if (!running) return;
      running = false;
      console.error(`[codetrail] The instance app exited (${code}); stopping.`);
      void group.stopAll(code ?? 1);
    },
  });
  if (grading) {
    group.spawn('Grader', path.join('node_modules', '.bin', 'tsx'), ['scripts/grader.ts'], {
      env: { ...process.env, ...graderEnv, GRADER_HOST: probeHost, NODE_ENV: 'production' },
      onExit: (code) => {
        if (!running) return;
        running = false;
        console.error(`[codetrail] The grader exited (${code}); stopping.`);
        void group.stopAll(code ?? 1);
      },
    });
  }
  await waitForHttp(`http://${probeHost}:${port}/api/health`, 180_000, () => running);
  if (grading) await waitForHttp(`http://${probeHost}:${grading.port}/healthz`, 60_000, () => running);
  await waitForHttp(`http://${probeHost}:${preview.port}/healthz`, 60_000, () => running);
  await waitForHttp(`http://${probeHost}:${machines.instancePort}/healthz`, 60_000, () => running);
  if (local) printResetLinks(projectId, appOrigin);

  // The URL to open, and the other spellings that work as well (previews allow them: app-origins.ts).
  const [openAt, ...alsoAt] = appOrigins(appOrigin, { local: local && process.env.APP_ENV !== 'production' });
  const also = alsoAt.length ? `${alsoAt.join(', ')} works too; ` : '';
  console.log(`\n  Codetrail is running at ${openAt}${dev ? ' (hot reload)' : ''} (${also}listening on ${host}:${port})`);
  console.log(`  Machines open in the instance app at ${machines.instanceOrigin}\n`);
  if (local) {
    console.log('  Demo accounts (local Auth emulator):');
    for (const account of DEMO_ACCOUNTS) {
      console.log(`    ${account.roles.length ? 'course engineer' : 'learner        '}  ${account.email}  /  ${account.password}`);
    }
    console.log('\n  Password-reset links are printed here (no email is sent locally).');
  }
  console.log('  Press Ctrl-C to stop.\n');
}

main().catch((error: unknown) => {
  console.error(`[codetrail] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  void group.stopAll(1);
});
