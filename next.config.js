// @ts-check
process.env.NEXT_IGNORE_INCORRECT_LOCKFILE ||= '1'; // our lockfile omits registry URLs; Next must not try to patch it online
const path = require('node:path');

const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-codetrail';
// `demo-*` projects are emulator-only: next-firebase-auth and firebase-admin on the server read
// the emulator host from the environment, so set it for every server process (build included).
if (projectId.startsWith('demo-')) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ||= process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
}

const firebaseDir = path.dirname(require.resolve('firebase/package.json'));

// Runtimes the lesson player loads in the browser are served by the app itself (no CDN):
// copy them from their npm packages into public/vendor (git-ignored) when missing or outdated.
function copyRuntimeAssets() {
  const fs = require('node:fs');
  const pyodideDir = path.dirname(require.resolve('pyodide/package.json'));
  const version = require('pyodide/package.json').version;
  const target = path.join(__dirname, 'public', 'vendor', 'pyodide');
  const stamp = path.join(target, 'VERSION');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === version) return;
  fs.mkdirSync(target, { recursive: true });
  for (const file of ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json']) {
    fs.copyFileSync(path.join(pyodideDir, file), path.join(target, file));
  }
  fs.writeFileSync(stamp, version);
}
copyRuntimeAssets();

function copySqlJsWasm() {
  const fs = require('node:fs');
  const dist = path.dirname(require.resolve('sql.js'));
  for (const file of ['sql-wasm.wasm', 'sql-wasm-browser.wasm']) {
    const source = path.join(dist, file);
    const target = path.join(__dirname, 'public', 'vendor', 'sql.js', file);
    if (!fs.existsSync(source) || (fs.existsSync(target) && fs.statSync(target).size === fs.statSync(source).size)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(source, target);
  }
}
copySqlJsWasm();

// The Python runtime's worker is an ES module worker (Pyodide refuses classic workers), which
// Next's webpack output cannot be (its chunks assign an undeclared global). esbuild bundles it,
// with the shared check engine, into public/vendor under a content hash.
function bundlePythonWorker() {
  const fs = require('node:fs');
  const { buildSync } = require('esbuild');
  const result = buildSync({
    entryPoints: [path.join(__dirname, 'src/features/lesson/runners/python.worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    alias: { '@': path.join(__dirname, 'src') },
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  const hash = require('node:crypto').createHash('sha256').update(code).digest('hex').slice(0, 12);
  const name = `python-worker.${hash}.mjs`;
  const target = path.join(__dirname, 'public', 'vendor', name);
  if (!fs.existsSync(target)) {
    for (const old of fs.readdirSync(path.dirname(target))) if (/^python-worker\..*\.mjs$/.test(old)) fs.unlinkSync(path.join(path.dirname(target), old));
    fs.writeFileSync(target, code);
  }
  return `/vendor/${name}`;
}
const pythonWorkerUrl = bundlePythonWorker();

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite and Pyodide load their wasm from their own folders; pg and firebase-admin are Node-only.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'firebase-admin', 'pyodide', 'sql.js', 'jsdom', 'esbuild'],
  // Output traces and a distinct build folder for tests keep `npm test` from clobbering `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  env: { NEXT_PUBLIC_PYTHON_WORKER_URL: pythonWorkerUrl },
  webpack(config, { isServer }) {
    if (!isServer) {
      // next-firebase-auth's browser build requires firebase/app and firebase/auth as CommonJS,
      // while our code imports the ES modules: two Firebase instances. Point both at the ES
      // module files so there is exactly one (see docs/decisions.md).
      config.resolve.alias = {
        ...config.resolve.alias,
        'firebase/app$': path.join(firebaseDir, 'app/dist/esm/index.esm.js'),
        'firebase/auth$': path.join(firebaseDir, 'auth/dist/esm/index.esm.js'),
      };
    }
    return config;
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
