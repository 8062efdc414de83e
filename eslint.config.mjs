import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';

/** Links go through src/ui/link.tsx, which turns off Next's viewport prefetching (the page's load pays for it). */
const NEXT_LINK = { name: 'next/link', message: "Use Link from '@/ui/link' (no viewport prefetch)." };

/** The instance app and the machine agent are used from outside only through their public entries. */
const PROCESS_ENTRIES = {
  group: ['@/instance-app/*', '**/src/instance-app/*', '@/machine-agent/*', '**/src/machine-agent/*'],
  message: 'Use the public entry: @/instance-app (createInstanceApp, agentCall) or @/machine-agent (startAgent).',
};

const FEATURES = readdirSync(join(dirname(fileURLToPath(import.meta.url)), 'src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

const ROOT = dirname(fileURLToPath(import.meta.url));

const compat = new FlatCompat({ baseDirectory: ROOT });

/**
 * What the two processes that are not the web app may import, besides their own folder. Both are
 * allow-lists (everything of the repository is refused except these) because what they bundle or
 * load is what they carry: the agent runs inside a learner's machine, so nothing of the app's
 * configuration or secrets may reach its bundle. npm packages and node built-ins are allowed.
 * - src/domain: pure rules, imports nothing of the app (its own zone) — the machine contracts
 *   (src/domain/machines/machine-contracts.ts) live there so all three processes share them.
 * - src/lib/http: the one request-body reader and cookie parser; node built-ins only (its zone).
 * - src/lib/machines: the checked agent-socket connection the instance app and the local driver share.
 */
const SHARED_WITH_PROCESSES = ['./src/domain', './src/lib/http', './node_modules'];

/**
 * Next's recommended rules plus the architecture's import boundaries:
 * pages → features → (domain, lib, ui, runner); server → (domain, runner, lib); runner → domain;
 * nothing imports pages;
 * domain stays pure; features never reach into server code.
 */
const eslintConfig = [
  {
    ignores: ['node_modules/**', '.next/**', 'bench/bare-next/.next/**', '.data/**', 'test-results/**', 'playwright-report/**', 'public/**', 'next-env.d.ts', 'src/server/db/migrations/**'],
  },
  ...compat.extends('next/core-web-vitals', 'next/typescript'),
  {
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // Errors thrown by the process-wide services come from whichever Next bundle made them first.
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='instanceof'][right.name=/^(HttpError|AuthenticationError|RateLimitedError|SandboxBusyError|SandboxUnavailableError|TutorUnavailableError)$/]",
          message: "Use isNamedError / isHttpError: instanceof fails for errors made by another Next bundle's copy of the class (src/lib/errors/named-error.ts).",
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          // Zones are read from the repository root whichever folder ESLint runs from (the lint-zones test's too).
          basePath: ROOT,
          zones: [
            { target: './src/domain', from: ['./src/features', './src/server', './src/lib', './src/ui', './src/app', './pages'], message: 'domain rules stay pure' },
            { target: './src/features', from: ['./src/server', './pages'], message: 'features never import server code or pages' },
            { target: './src/ui', from: ['./src/features', './src/server', './src/app', './pages'], message: 'ui is shared design-system code' },
            { target: './src/lib', from: ['./src/features', './src/server', './src/app', './pages'], message: 'lib is shared infrastructure' },
            { target: './src/server', from: ['./src/features', './src/app', './src/ui', './pages'], message: 'server code never imports React code' },
            { target: './src/runner', from: ['./src/features', './src/server', './src/app', './src/ui', './src/lib', './pages'], message: 'runners are shared by the player, the server and content tools (and bundled into sandbox frames)' },
            { target: ['./src/lib/http', './src/lib/machines'], from: ['./src', './pages'], except: ['./lib/http', './lib/machines'], message: 'src/lib/http and src/lib/machines are bundled into the machine agent and the instance app: node built-ins only' },
            {
              // The agent's bundle (src/server/machines/local-driver.ts builds it from agent-main.ts by
              // path) runs in the learner's machine. Its tests beside it are not bundled and drive it
              // through the instance app's client (its public entry).
              target: './src/machine-agent/**/!(*.test).ts',
              from: './',
              except: ['./src/machine-agent', ...SHARED_WITH_PROCESSES],
              message: 'the machine agent runs inside a learner\'s machine: it imports only node built-ins, ws, node-pty, src/domain and src/lib/http',
            },
            {
              // Its own process (scripts/instance-app.ts). Its browser client (client/, bundled by
              // assets.ts) shares two files with the web app's browser code so both speak and look
              // alike: the error catalogue's next steps and the editor's palette (each imports nothing
              // of the app).
              target: './src/instance-app',
              from: './',
              except: ['./src/instance-app', ...SHARED_WITH_PROCESSES, './src/lib/machines', './src/lib/logger.ts', './src/lib/api-client/api-error.ts', './src/features/editor/extensions/editor-theme.ts'],
              message: 'the instance app is its own process: it imports only src/domain, src/lib/http, src/lib/machines, src/lib/logger and its own files',
            },
            {
              // No exception needed: scripts/ start both processes, and the local driver bundles the
              // agent by path (an esbuild entry point), not by import. Tests drive them through their entries.
              target: ['./src/server', './src/features', './src/lib', './src/ui', './src/app', './src/domain', './src/runner', './pages'],
              from: ['./src/instance-app', './src/machine-agent'],
              message: 'the instance app and the machine agent are processes of their own: the web app never imports them',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain CommonJS that runs without a TypeScript loader (the embedded database's worker thread).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Learner code never runs in the app's process: the server and scripts run lessons only through
    // the sandbox (src/runner/sandbox); the in-process engine is for the sandbox child and its tests.
    files: ['src/server/**', 'pages/**', 'scripts/**', 'src/features/**', 'src/lib/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NEXT_LINK], patterns: [{ group: ['@/runner/node/*', '**/runner/node/*'], message: 'Run lesson code through src/runner/sandbox (docs/security.md).' }, PROCESS_ENTRIES] }],
    },
  },
  {
    files: ['src/ui/**', 'src/app/**'],
    ignores: ['src/ui/link.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [NEXT_LINK] }] },
  },
  ...FEATURES.map((feature) => ({
    // A feature uses another feature only through its public entry (src/features/<name>/index.ts).
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NEXT_LINK],
          patterns: [
            { group: ['@/runner/node/*', '**/runner/node/*'], message: 'Run lesson code through src/runner/sandbox (docs/security.md).' },
            { group: ['@/features/*/**', `!@/features/${feature}/**`], message: 'Import another feature through its public entry: @/features/<name>.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['next.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default eslintConfig;
