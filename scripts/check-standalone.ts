/**
 * `npm run check:standalone`: the web image's server and commands, run here without Docker. Lays out
 * the standalone build exactly as deploy/web/Dockerfile does (deploy/web/assemble.sh), then, against a
 * throw-away PostgreSQL cluster and the Auth emulator: the migration Job's two commands, then
 * `node app-server.js` (Next behind load shedding), checked over HTTP (health, the landing page and its static files, a runtime file
 * from public/vendor, a lesson page for a learner signed in through /api/login). Then the server again
 * with the pod's environment from deploy/web (APP_ENV=production, the example ConfigMap and the Secret
 * template, a throw-away service account key): health, the landing page, the login redirect.
 *
 * As root, the commands and the server run as `nobody` in a folder they cannot write but
 * .next/cache, as the pod runs (readOnlyRootFilesystem). It uses fixed ports (3000, 9099, 54341), so
 * it runs only in a private network namespace (or with --host-network):
 *   unshare -n bash -c 'ip link set lo up; npm run check:standalone'            (after a standalone build)
 *   unshare -n bash -c 'ip link set lo up; npm run check:standalone -- --build' (builds first; minutes)
 * Not part of `npm test`: the build alone takes minutes.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { examplePodEnvironment } from '../deploy/web/manifests';
import { EMULATOR_HOST, startAuthEmulator } from './lib/emulator';
import { expectOk, sessionCookies, signUp } from './lib/bench';
import { findPostgresBin, startPrivateCluster } from './lib/postgres';
import { isUp, ProcessGroup, waitForHttp } from './lib/processes';

const PORT = 3000;
const BASE = `http://127.0.0.1:${PORT}`;
const PROJECT_ID = 'demo-codetrail';
// A lesson of the shipped course (content/), as bench:ssr reads it, and its title.
const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const LESSON_TITLE = 'Say hello';

const asRoot = process.getuid?.() === 0;
const group = new ProcessGroup();
group.stopOnSignals();

/** As the pod runs: an unprivileged user (when we are root), with only the container's environment. */
function asAppUser(args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'nobody', '--', ...args]] : [args[0] ?? '', args.slice(1)];
}

function step(message: string): void {
  console.log(`[check-standalone] ${message}`);
}

/** The uid (and gid) of `nobody`, whom the image's commands and server run as. */
const nobodyId = () => Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim());

/** Runs one of the image's commands to completion; its output, or an error with it. */
function runCommand(appDir: string, env: NodeJS.ProcessEnv, args: string[]): string {
  const [command, commandArgs] = asAppUser(['node', ...args]);
  const result = spawnSync(command, commandArgs, { cwd: appDir, env, encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}:\n${output}`);
  step(`node ${args.join(' ')}: ${output.split('\n').at(-1) ?? ''}`);
  return output;
}

/** The folder the image's /app is: built by the image's own assembly script. */
function assemble(): string {
  const appDir = path.join(mkdtempSync(path.join(tmpdir(), 'codetrail-standalone-')), 'app');
  const result = spawnSync('sh', ['deploy/web/assemble.sh', appDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('deploy/web/assemble.sh failed');
  // Only Next's cache is writable (an emptyDir in the pod); /tmp is the other one, and is.
  mkdirSync(path.join(appDir, '.next', 'cache'), { recursive: true });
  if (asRoot) {
    chownSync(path.join(appDir, '.next', 'cache'), nobodyId(), nobodyId());
    chmodSync(path.dirname(appDir), 0o755);
  }
  return appDir;
}

/** Starts `node app-server.js` as the pod does and waits until /api/health answers 200. */
async function startServer(appDir: string, env: NodeJS.ProcessEnv, what: string): Promise<ChildProcess> {
  step(`node app-server.js (${what}) …`);
  let running = true;
  const [command, args] = asAppUser(['node', 'app-server.js']);
  const server = group.spawn('standalone server', command, args, {
    cwd: appDir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    onExit: (code) => {
      running = false;
      step(`the server exited (${code})`);
    },
  });
  await waitForHttp(`${BASE}/api/health`, 120_000, () => running);
  const health = await fetch(`${BASE}/api/health`);
  const body = await health.text();
  if (health.status !== 200) throw new Error(`/api/health answered ${health.status}: ${body}`);
  step(`GET /api/health: ${health.status} ${body}`);
  return server;
}

/** Whether this process has a network beyond loopback (outside `unshare -n`, which leaves only lo). */
function inSharedNetwork(): boolean {
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => !address.internal));
}

async function main(): Promise<void> {
  if (inSharedNetwork() && !process.argv.includes('--host-network')) {
    throw new Error(`It would use ports ${PORT}, ${EMULATOR_HOST} and 54341 of this machine: run it in a network namespace of its own (unshare -n, see the top of this file), or pass --host-network.`);
  }
  if ((await isUp(`http://${EMULATOR_HOST}/`)) || (await isUp(`${BASE}/`))) {
    throw new Error(`Port ${PORT} or ${EMULATOR_HOST} is in use: run this in a network namespace of its own (unshare -n, see the top of this file).`);
  }
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb/pg_ctl under /usr/lib/postgresql).');
  if (process.argv.includes('--build')) {
    step('NEXT_OUTPUT=standalone npm run build …');
    // npm run build, not next build: it finishes the build (the manifests Next looks for, the app server).
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_OUTPUT: 'standalone', NEXT_DIST_DIR: '.next' } });
    if (build.status !== 0) throw new Error('The standalone build failed.');
  }
  const appDir = assemble();
  const cluster = startPrivateCluster(bin, { port: 54341, database: 'codetrail_standalone' });
  if (!cluster) throw new Error('Could not start a private PostgreSQL cluster.');
  let server: ChildProcess | null = null;
  try {
    await startAuthEmulator(group, PROJECT_ID);
    // The container's environment: nothing from this shell but PATH.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: cluster.url,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    };

    // The migration Job: migrations, then the publish; a second publish of the same content writes nothing.
    runCommand(appDir, env, ['commands/migrate.js']);
    const published = runCommand(appDir, env, ['commands/content-publish.js', '--if-changed']);
    if (!/Published content as publish set/.test(published)) throw new Error(`The first publish published nothing:\n${published}`);
    const again = runCommand(appDir, env, ['commands/content-publish.js', '--if-changed']);
    if (!/unchanged/.test(again)) throw new Error(`The second publish of the same content was not a no-op:\n${again}`);

    // The embedded database (the one-machine default) from the image's layout: it runs on a thread
    // of its own started from src/server/db/pglite-thread.cjs, which assemble.sh copies.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'codetrail-standalone-data-'));
    if (asRoot) chownSync(dataDir, nobodyId(), nobodyId());
    const { DATABASE_URL: _postgres, ...embeddedEnv } = env;
    const embedded = runCommand(appDir, { ...embeddedEnv, DATA_DIR: dataDir }, ['commands/migrate.js']);
    if (!/\(embedded database\)/.test(embedded)) throw new Error(`The embedded migration did not say so:\n${embedded}`);
    rmSync(dataDir, { recursive: true, force: true });

    server = await startServer(appDir, env, 'local mode: the Auth emulator');

    const landing = await expectOk(`${BASE}/`, {});
    const chunk = /\/_next\/static\/[^"]+\.js/.exec(landing)?.[0];
    if (!chunk) throw new Error('The landing page names no /_next/static script.');
    await expectOk(`${BASE}${chunk}`, {});
    step(`GET /: 200 (${landing.length} bytes); GET ${chunk}: 200`);

    const vendorFile = readdirSync(path.join(appDir, 'public', 'vendor')).find((name) => /^runtime-frame\.[0-9a-f]{12}\.js$/.test(name));
    if (!vendorFile) throw new Error('public/vendor holds no runtime-frame bundle.');
    await expectOk(`${BASE}/vendor/${vendorFile}`, {});
    step(`GET /vendor/${vendorFile}: 200`);

    const cookie = await sessionCookies(BASE, await signUp('check-standalone'));
    const lesson = await expectOk(`${BASE}${LESSON}`, { Cookie: cookie });
    if (!lesson.includes(LESSON_TITLE)) throw new Error(`The lesson page does not show its lesson, "${LESSON_TITLE}".`);
    step(`GET ${LESSON} (signed in): 200 (${lesson.length} bytes)`);

    await group.stop(server);

    // The pod's environment from deploy/web (image ENV with example build arguments, the example
    // ConfigMap and the Secret template), with this cluster's URL and a throw-away service account key
    // in place of the placeholders: APP_ENV=production must accept it, and the server serve with it.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const podEnv: NodeJS.ProcessEnv = { ...examplePodEnvironment(), NODE_ENV: 'production', PATH: process.env.PATH, HOST: '127.0.0.1', DATABASE_URL: cluster.url, FIREBASE_PRIVATE_KEY: privateKey };
    runCommand(appDir, podEnv, ['commands/migrate.js']);
    server = await startServer(appDir, podEnv, 'the pod environment of deploy/web, APP_ENV=production');
    await expectOk(`${BASE}/`, {});
    const signedOut = await fetch(`${BASE}${LESSON}`, { redirect: 'manual' });
    const location = signedOut.headers.get('location') ?? '';
    if (signedOut.status !== 307 || !location.startsWith('/web/login')) throw new Error(`A signed-out lesson page answered ${signedOut.status} ${location}, not a redirect to /web/login.`);
    step(`GET /: 200; GET ${LESSON} (signed out): 307 → ${location}`);
    await group.stop(server);

    // Load shedding in the image: with room for 2 requests in flight, a burst of 30 page requests
    // gets quick 503s marked as shed, while the health check still answers.
    server = await startServer(appDir, { ...podEnv, MAX_IN_FLIGHT_REQUESTS: '2' }, 'the pod environment with MAX_IN_FLIGHT_REQUESTS=2');
    const burst = await Promise.all([...Array.from({ length: 30 }, () => fetch(`${BASE}/`)), fetch(`${BASE}/api/health`)]);
    const health = burst.pop();
    const shed = burst.filter((response) => response.status === 503 && response.headers.get('x-codetrail-shed') === '1' && response.headers.get('retry-after') === '1');
    const served = burst.filter((response) => response.status === 200);
    await Promise.all(burst.map((response) => response.arrayBuffer()));
    if (health?.status !== 200) throw new Error(`/api/health answered ${health?.status} during the burst.`);
    if (shed.length === 0 || served.length === 0 || shed.length + served.length !== burst.length) throw new Error(`A burst of 30 requests with room for 2: ${served.length} served, ${shed.length} shed, ${burst.length - served.length - shed.length} other.`);
    step(`A burst of 30 page requests with MAX_IN_FLIGHT_REQUESTS=2: ${served.length} served, ${shed.length} quick 503s (shed); /api/health 200`);

    if (existsSync(path.join(appDir, '.data'))) throw new Error('The server wrote an embedded database although DATABASE_URL was set.');
    step('Everything answered as it should.');
  } finally {
    // The server first, so it does not see its database go away.
    if (server) await group.stop(server);
    cluster.stop();
    rmSync(path.dirname(appDir), { recursive: true, force: true });
  }
}

main().then(
  () => group.stopAll(0),
  (error: unknown) => {
    console.error(`[check-standalone] FAILED: ${error instanceof Error ? error.message : String(error)}`);
    void group.stopAll(1);
  },
);
