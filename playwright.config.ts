import { defineConfig, devices } from '@playwright/test';
import { decidedVisitor } from './tests/e2e/support/consent';

/**
 * End-to-end journeys in Debian's Chromium (no browser download). The web server is the real
 * `npm start` stack (Auth emulator, migrations, production build) on its own port and data
 * folder, started from an empty embedded database.
 */
const PORT = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Every journey is a visitor who already answered the consent banner ("necessary only");
    // tests/e2e/analytics-consent.spec.ts starts without an answer.
    storageState: decidedVisitor(baseURL),
    // Recording a trace costs CPU on this 2-core machine, above all its screencast: one spec ran
    // 2.2 min with a full trace on every test, 1.4 min with DOM snapshots only, 1.2 min with none.
    // CI records a full trace of a failed test's retry; a local run keeps the DOM snapshots of a
    // failure (`--trace on` gives a full one).
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'npx tsx scripts/start.ts --fresh-data',
    url: `${baseURL}/api/health`,
    // A first start builds the app: minutes on a loaded 2-core machine.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS || 900_000),
    reuseExistingServer: !process.env.CI,
    // Let the start script stop the emulator and Next itself (they run in their own process groups).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: '.data/e2e',
      APP_ORIGIN: baseURL,
      ALLOWED_REDIRECT_HOSTS: 'codetrail.test',
      // The rate-limit test gives itself an address of its own through X-Forwarded-For; the
      // limit is raised so the other journeys (all from 127.0.0.1) never meet it.
      TRUST_PROXY: 'true',
      RATE_LIMIT_SESSIONS_PER_IP: process.env.E2E_SESSION_LIMIT || '300',
      // No free trial, so a first payment is really taken and the refund journey has one to refund
      // (tests/e2e/subscription.spec.ts); the trial's screens have component and integration tests.
      BILLING_TRIAL_DAYS: '0',
      // Error monitoring on, in the browser only (no SENTRY_DSN: the server SDK stays off): the page
      // posts to /api/monitoring, which forwards to the receiver tests/e2e/monitoring.spec.ts runs on
      // 127.0.0.1:3198 (elsewhere nothing listens there and the tunnel answers 502). Every error is
      // sent (rate 1) so the journey does not depend on the 5 % sample.
      NEXT_PUBLIC_SENTRY_DSN: 'http://e2e@127.0.0.1:3198/1',
      NEXT_PUBLIC_SENTRY_ERROR_SAMPLE_RATE: '1',
      // No performance transactions: at the default 10 % the sign-in page's load transaction is
      // sent as that page is left (a keepalive fetch). Its answer arrived (a 502 in 3.5 ms, in the
      // failed run's trace) but its "finished" notice never reached Playwright, which then counted
      // it open for ever, and the lesson page never went network-idle (lesson-player-polish "12",
      // about one run in ten). Journeys stay deterministic; the sample rates have unit tests.
      NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE: '0',
    },
  },
});
