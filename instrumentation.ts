/**
 * Runs once when a Next server starts, whoever starts it (`npm start`, a platform's `next start`):
 * an invalid or unsafe configuration (for example APP_ENV=production with a demo- project or the
 * built-in cookie key) stops the server before it answers a single request. Then machines'
 * housekeeping starts (restart recovery, idle stop).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { serverEnv } = await import('@/server/config/server-env');
  try {
    serverEnv();
  } catch (error) {
    console.error(`[codetrail] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // Machines: restart recovery, then the idle stop every minute (docs/machines.md).
  const { startMachineHousekeeping } = await import('@/server/machines/housekeeping');
  startMachineHousekeeping();
}
