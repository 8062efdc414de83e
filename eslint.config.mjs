import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';

/** Links go through src/ui/link.tsx, which turns off Next's viewport prefetching (the page's load pays for it). */
const NEXT_LINK = { name: 'next/link', message: "Use Link from '@/ui/link' (no viewport prefetch)." };

const FEATURES = readdirSync(join(dirname(fileURLToPath(import.meta.url)), 'src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

const compat = new FlatCompat({ baseDirectory: dirname(fileURLToPath(import.meta.url)) });

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
          zones: [
            { target: './src/domain', from: ['./src/features', './src/server', './src/lib', './src/ui', './src/app', './pages'], message: 'domain rules stay pure' },
            { target: './src/features', from: ['./src/server', './pages'], message: 'features never import server code or pages' },
            { target: './src/ui', from: ['./src/features', './src/server', './src/app', './pages'], message: 'ui is shared design-system code' },
            { target: './src/lib', from: ['./src/features', './src/server', './src/app', './pages'], message: 'lib is shared infrastructure' },
            { target: './src/server', from: ['./src/features', './src/app', './src/ui', './pages'], message: 'server code never imports React code' },
            { target: './src/runner', from: ['./src/features', './src/server', './src/app', './src/ui', './src/lib', './pages'], message: 'runners are shared by the player, the server and content tools (and bundled into sandbox frames)' },
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
      'no-restricted-imports': ['error', { paths: [NEXT_LINK], patterns: [{ group: ['@/runner/node/*', '**/runner/node/*'], message: 'Run lesson code through src/runner/sandbox (docs/security.md).' }] }],
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
