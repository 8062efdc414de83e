// @ts-check
process.env.NEXT_IGNORE_INCORRECT_LOCKFILE ||= '1'; // our lockfile omits registry URLs; Next must not try to patch it online
const path = require('node:path');
const { PHASE_DEVELOPMENT_SERVER } = require('next/constants');

const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-codetrail';
// `demo-*` projects are emulator-only: next-firebase-auth and firebase-admin on the server read
// the emulator host from the environment, so set it for every server process (build included).
if (projectId.startsWith('demo-')) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ||= process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
}

const firebaseDir = path.dirname(require.resolve('firebase/package.json'));

// Runtimes the lesson player loads in the browser are served by the app itself (no CDN):
// copy them from their npm packages into public/vendor (git-ignored) when missing. Each runtime's
// folder is named after its package version, so its URLs change whenever its files do and
// /vendor can be cached as immutable (see the headers below).
const pyodideVersion = require('pyodide/package.json').version;
// sql.js does not export its package.json; its entry sits in dist/.
const sqlJsVersion = JSON.parse(require('node:fs').readFileSync(path.join(path.dirname(require.resolve('sql.js')), '..', 'package.json'), 'utf8')).version;
const runtimeDirs = { python: `pyodide-${pyodideVersion}`, sql: `sql.js-${sqlJsVersion}` };

function copyRuntimeFiles(packageDir, folder, files) {
  const fs = require('node:fs');
  const target = path.join(__dirname, 'public', 'vendor', folder);
  fs.mkdirSync(target, { recursive: true });
  for (const file of files) {
    const source = path.join(packageDir, file);
    const copy = path.join(target, file);
    if (fs.existsSync(source) && !(fs.existsSync(copy) && fs.statSync(copy).size === fs.statSync(source).size)) fs.copyFileSync(source, copy);
  }
}
// Folders of other versions (and the unversioned ones of older builds) are removed.
function removeOtherRuntimeFolders() {
  const fs = require('node:fs');
  const folder = path.join(__dirname, 'public', 'vendor');
  if (!fs.existsSync(folder)) return;
  const current = new Set(Object.values(runtimeDirs));
  for (const name of fs.readdirSync(folder)) {
    if (/^(pyodide|sql\.js)(-[\w.]+)?$/.test(name) && !current.has(name)) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}
removeOtherRuntimeFolders();
// The player bundles Pyodide's loader and emscripten module into its worker; the copies of those two
// serve the benches' bare baseline.
copyRuntimeFiles(path.dirname(require.resolve('pyodide/package.json')), runtimeDirs.python, ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json']);
copyRuntimeFiles(path.dirname(require.resolve('sql.js')), runtimeDirs.sql, ['sql-wasm.wasm', 'sql-wasm-browser.wasm']);
// The consent banner's stylesheet, loaded with the banner (only while a visitor has not answered).
const cookieConsentDir = `cookieconsent-${require('vanilla-cookieconsent/package.json').version}`;
copyRuntimeFiles(path.join(path.dirname(require.resolve('vanilla-cookieconsent/package.json')), 'dist'), cookieConsentDir, ['cookieconsent.css']);

const esbuildAlias = { '@': path.join(__dirname, 'src') };

/**
 * Code that runs inside the sandbox frames, or as their workers (and the app's own download
 * worker), cannot come from Next's webpack output (its chunks are classic scripts that assume the
 * page's globals, and Pyodide needs a module worker). esbuild bundles each entry, with the shared check engine, into public/vendor
 * under a content hash; the result is the file's URL path.
 */
function bundleForSandbox(entry, name, format) {
  const fs = require('node:fs');
  const { buildSync } = require('esbuild');
  const [output] = buildSync({
    entryPoints: [path.join(__dirname, entry)],
    bundle: true,
    format,
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    alias: esbuildAlias,
    define: { 'process.env.CODETRAIL_RUNTIME_DIRS': JSON.stringify(JSON.stringify(runtimeDirs)) },
    // Pyodide's emscripten module names Node's modules behind a Node-only branch.
    external: ['node:*', 'ws'],
    logLevel: 'error',
  }).outputFiles;
  const extension = format === 'esm' ? 'mjs' : 'js';
  const hash = require('node:crypto').createHash('sha256').update(output.contents).digest('hex').slice(0, 12);
  const folder = path.join(__dirname, 'public', 'vendor');
  const target = path.join(folder, `${name}.${hash}.${extension}`);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(folder, { recursive: true });
    const previous = new RegExp(`^${name}\\.[0-9a-f]{12}\\.${extension}$`);
    for (const old of fs.readdirSync(folder)) if (previous.test(old)) fs.unlinkSync(path.join(folder, old));
    fs.writeFileSync(target, output.contents);
  }
  return `/vendor/${path.basename(target)}`;
}

const sandboxAssets = {
  runtimeFrame: bundleForSandbox('src/runner/browser/runtime.frame.ts', 'runtime-frame', 'iife'),
  pageFrame: bundleForSandbox('src/runner/browser/page.frame.ts', 'page-frame', 'iife'),
  workers: {
    python: bundleForSandbox('src/runner/browser/python.worker.ts', 'python-worker', 'esm'),
    javascript: bundleForSandbox('src/runner/browser/javascript.worker.ts', 'javascript-worker', 'iife'),
    sql: bundleForSandbox('src/runner/browser/sql.worker.ts', 'sql-worker', 'iife'),
  },
};
// Not a sandbox file: the app's own worker that downloads the runtimes off the page's main thread.
const runtimeDownloader = bundleForSandbox('src/runner/browser/runtime-download.worker.ts', 'runtime-download', 'iife');

/**
 * The sandbox documents' version: a hash of everything /api/sandbox/<kind> is made of (the bundles
 * above and the code that writes the document and its headers). Pages ask for `?v=<version>`, which
 * the browser may cache for a year, so a runtime starts offline; any change here makes a new URL.
 */
function sandboxVersion() {
  const fs = require('node:fs');
  const hash = require('node:crypto').createHash('sha256').update(JSON.stringify(sandboxAssets));
  for (const file of ['src/server/sandbox/sandbox-document.ts', 'src/server/sandbox/sandbox-route.ts', 'src/domain/security/content-security-policy.ts', 'src/domain/security/security-headers.ts', 'src/domain/security/sandbox-origin.ts']) {
    hash.update(fs.readFileSync(path.join(__dirname, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Loads one of our pure TypeScript modules into this config, so the headers come from the same
 * tested rules (src/domain/security) and the same theme script string the app renders.
 */
function requireTypeScript(file) {
  const Module = require('node:module');
  const { buildSync } = require('esbuild');
  const filename = path.join(__dirname, file);
  const [output] = buildSync({ entryPoints: [filename], bundle: true, format: 'cjs', platform: 'node', target: 'node20', write: false, alias: esbuildAlias, packages: 'external', logLevel: 'error' }).outputFiles;
  const loaded = new Module(filename, module);
  loaded.filename = filename;
  loaded.paths = module.paths;
  loaded._compile(output.text, filename);
  return loaded.exports;
}

/**
 * What the page fetches for each runtime (through its own HTTP cache, then hands to the sandbox
 * frame, which has none): the worker code and the runtime's data files, with their sizes so the
 * page can show real download progress even when the response is compressed.
 */
function runtimeFiles() {
  const fs = require('node:fs');
  const entry = (urlPath) => ({ path: urlPath.replace(/^\/vendor\//, ''), bytes: fs.statSync(path.join(__dirname, 'public', urlPath)).size });
  const inDir = (kind, files) => files.map((file) => entry(`/vendor/${runtimeDirs[kind]}/${file}`));
  return {
    downloader: runtimeDownloader,
    dirs: runtimeDirs,
    files: {
      python: [entry(sandboxAssets.workers.python), ...inDir('python', ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'])],
      sql: [entry(sandboxAssets.workers.sql), ...inDir('sql', ['sql-wasm-browser.wasm'])],
      javascript: [entry(sandboxAssets.workers.javascript)],
    },
  };
}

const { appSecurityHeaders, VENDOR_HEADERS } = requireTypeScript('src/domain/security/security-headers.ts');
const { previewFrameSource, previewTemplateFrom } = requireTypeScript('src/domain/build/preview-origin.ts');
const { themeInitScript } = requireTypeScript('src/ui/theme.ts');
const { publicEnv } = requireTypeScript('src/lib/env/public-env.ts');
const { analyticsDestinationsFrom, analyticsPolicySources } = requireTypeScript('src/domain/analytics/destinations.ts');
// A wrong analytics setting stops the build rather than sending events somewhere unexpected.
const { destinations: analyticsDestinations, problems: analyticsProblems } = analyticsDestinationsFrom(process.env);
if (analyticsProblems.length > 0) throw new Error(`Invalid analytics configuration: ${analyticsProblems.join('; ')} (.env.example).`);
const themeScriptHash = require('node:crypto').createHash('sha256').update(themeInitScript).digest('base64');

/** @type {(phase: string) => import('next').NextConfig} */
const nextConfig = (phase) => ({
  reactStrictMode: true,
  poweredByHeader: false,
  // Every page and API answer is `no-store` (private, per learner), so no browser ever revalidates
  // one with an ETag; Next would still hash each page's whole HTML for one (issue 18). Static files
  // keep Last-Modified, which revalidates them as well.
  generateEtags: false,
  // PGlite and Pyodide load their wasm from their own folders; pg and firebase-admin are Node-only.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'firebase-admin', 'pyodide', 'sql.js', 'jsdom', 'esbuild', 'node-pty'],
  // Output traces and a distinct build folder for tests keep `npm test` from clobbering `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The container image (deploy/web/Dockerfile) runs Next's self-contained server: opt-in, so
  // `npm start`, the tests and CI build exactly as before.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // CODETRAIL_SANDBOX_ASSETS is read by the /api/sandbox route on the server only.
  env: { CODETRAIL_COOKIECONSENT_CSS: `/vendor/${cookieConsentDir}/cookieconsent.css`, CODETRAIL_SANDBOX_ASSETS: JSON.stringify(sandboxAssets), CODETRAIL_RUNTIME_FILES: JSON.stringify(runtimeFiles()), CODETRAIL_SANDBOX_VERSION: sandboxVersion() },
  webpack(config, { isServer }) {
    if (!isServer) {
      // next-firebase-auth's browser build requires firebase/app and firebase/auth as CommonJS,
      // while our code imports the ES modules: two Firebase instances. Point both at the ES
      // module files so there is exactly one (see docs/decisions.md D2).
      config.resolve.alias = {
        ...config.resolve.alias,
        'firebase/app$': path.join(firebaseDir, 'app/dist/esm/index.esm.js'),
        'firebase/auth$': path.join(firebaseDir, 'auth/dist/esm/index.esm.js'),
        // Next's pages router hydrates the page in one long task; this `react-dom/client` starts
        // hydration in a transition, so React hydrates in slices (src/app/hydration, docs/decisions.md D62).
        'react-dom/client$': path.join(__dirname, 'src/app/hydration/react-dom-client.ts'),
        'react-dom-client-unaliased$': require.resolve('react-dom/client'),
      };
    }
    return config;
  },
  // Headers are computed when the app is built (Next stores them in the routes manifest): set
  // APP_ORIGIN and the NEXT_PUBLIC_* variables for the build as for the server.
  async headers() {
    const appHeaders = appSecurityHeaders({
      inlineScriptHashes: [themeScriptHash],
      authEmulatorHost: publicEnv.authEmulatorHost,
      development: phase === PHASE_DEVELOPMENT_SERVER,
      // Set PREVIEW_ORIGIN (or PORT) for the build as for the server: the build area frames it.
      previewFrameSource: previewFrameSource(previewTemplateFrom(process.env)),
      // Analytics services only when configured (docs/analytics.md); none by default.
      analyticsSources: analyticsPolicySources(analyticsDestinations),
      // Only the scheme matters here (HSTS on https).
      appOrigin: process.env.APP_ORIGIN || 'http://localhost',
    });
    // Sources with unnamed groups only, never a named parameter (`:path`): with a named one Next
    // compiles every header value that holds a colon as a path template on every request (the
    // policy's `https:`, `data:`… made that 2–3 % of a request's time, issue 18).
    return [
      // The sandbox documents send their own policy (src/server/sandbox); the app's forbids framing.
      { source: '/((?!api/sandbox/).*)', headers: appHeaders },
      // Every /vendor URL names one version of its file (a content hash or the runtime's version).
      { source: '/vendor/(.*)', headers: [...VENDOR_HEADERS, { key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    ];
  },
});

/**
 * Error monitoring (docs/monitoring.md). The SDK stays outside the server build (Node loads it from
 * node_modules, and only when SENTRY_DSN is set); the browser's environment name is inlined like the
 * NEXT_PUBLIC_ variables. Source maps are uploaded only when SENTRY_AUTH_TOKEN, SENTRY_ORG and
 * SENTRY_PROJECT are all set: otherwise the config is exactly the one above and nothing is uploaded.
 * Sentry's build-time instrumentation stays off either way, so a build with upload runs the same code.
 * @param {(phase: string) => import('next').NextConfig} configFor
 */
function withMonitoring(configFor) {
  /** @type {(phase: string) => import('next').NextConfig} */
  const withSdkSettings = (phase) => {
    const config = configFor(phase);
    return {
      ...config,
      serverExternalPackages: [...(config.serverExternalPackages ?? []), '@sentry/nextjs'],
      env: { ...config.env, CODETRAIL_SENTRY_ENVIRONMENT: process.env.SENTRY_ENVIRONMENT || process.env.APP_ENV || 'local' },
    };
  };
  const { SENTRY_AUTH_TOKEN: authToken, SENTRY_ORG: org, SENTRY_PROJECT: project } = process.env;
  if (!authToken || !org || !project) {
    if (authToken || org || project) console.warn('[codetrail] Source maps are not uploaded: set SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT together (.env.example).');
    return withSdkSettings;
  }
  const { withSentryConfig } = require('@sentry/nextjs/config');
  return withSentryConfig(withSdkSettings, {
    org,
    project,
    authToken,
    silent: !process.env.CI,
    telemetry: false,
    // Uploaded, then removed from the build, so the server never serves them.
    sourcemaps: { deleteSourcemapsAfterUpload: true },
    widenClientFileUpload: false,
    routeManifestInjection: false,
    buildTimeInstrumentation: false,
    // /api/monitoring is our own tunnel (src/server/monitoring/tunnel.ts), not Sentry's rewrite.
    tunnelRoute: false,
    webpack: { autoInstrumentServerFunctions: false, autoInstrumentMiddleware: false, autoInstrumentAppDirectory: false, treeshake: { removeDebugLogging: true } },
  });
}

module.exports = withMonitoring(nextConfig);
