import { defineConfig, devices } from '@playwright/test';

/**
 * The instance app's browser test alone (`npx playwright test -c playwright.instance-app.config.ts`):
 * the spec starts its own agent, web-app double and instance app, so no web app is started here.
 * (`npm run test:e2e` runs the same spec too, beside the web app's journeys.)
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: 'instance-app.spec.ts',
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
