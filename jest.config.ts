import type { Config } from 'jest';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const moduleNameMapper = { '^@/(.*)$': '<rootDir>/src/$1' };

/**
 * Two projects: `unit` runs beside-the-code tests (pure rules in node, components in jsdom, the
 * deployment files' consistency);
 * `integration` runs tests/integration against a real database and the Auth emulator
 * (started by scripts/test-integration.ts).
 */
async function config(): Promise<Config> {
  const unitNode = await createJestConfig({
    displayName: 'unit',
    testEnvironment: 'node',
    moduleNameMapper,
    // deploy/: checks of the container image and Kubernetes manifests against the app's configuration;
    // scripts/: the build and start steps' own rules.
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/deploy/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
  })();
  const unitDom = await createJestConfig({
    displayName: 'unit',
    testEnvironment: 'jsdom',
    moduleNameMapper,
    setupFilesAfterEnv: ['<rootDir>/tests/setup/jest-dom.ts'],
    testMatch: ['<rootDir>/src/**/*.test.tsx'],
  })();
  const integration = await createJestConfig({
    displayName: 'integration',
    testEnvironment: 'node',
    moduleNameMapper,
    testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
    setupFilesAfterEnv: ['<rootDir>/tests/setup/integration.ts'],
  })();
  // Attacks on the server-side sandbox: real processes, no database or emulator needed.
  const sandbox = await createJestConfig({
    displayName: 'sandbox',
    testEnvironment: 'node',
    moduleNameMapper,
    testMatch: ['<rootDir>/tests/sandbox/**/*.test.ts'],
  })();
  return { projects: [unitNode, unitDom, integration, sandbox] };
}

export default config;
