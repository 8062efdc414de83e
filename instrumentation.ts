import type { Instrumentation } from 'next';

/**
 * Runs once when a Next server starts, whoever starts it (`npm start`, a platform's `next start`):
 * an invalid or unsafe configuration (for example APP_ENV=production with a demo- project or the
 * built-in cookie key) stops the server before it answers a single request. Then the error tracker
 * starts when SENTRY_DSN is set (docs/monitoring.md), and machines' housekeeping (restart recovery,
 * idle stop).
 */
export async function register(): Promise<void> {
  // Next compiles this file for the edge runtime too; the node-only imports must sit inside this
  // branch (not after an early return), so that compile drops them (`npm run dev` failed on `pg`).
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { serverEnv } = await import('@/server/config/server-env');
    let env: ReturnType<typeof serverEnv>;
    try {
      env = serverEnv();
    } catch (error) {
      console.error(`[codetrail] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    // Before anything else is loaded, so the SDK sees the database client and outgoing requests.
    const { startServerMonitoring } = await import('@/server/monitoring/start-server-monitoring');
    await startServerMonitoring(env.monitoring);
    // Machines: restart recovery, then the idle stop every minute (docs/machines.md).
    const { startMachineHousekeeping } = await import('@/server/machines/housekeeping');
    startMachineHousekeeping();
    // A preview deployment publishes its working content tree as it changes (docs/features/preview-deployments.md).
    const { startPreviewContent } = await import('@/server/content/preview-deployment');
    await startPreviewContent();
  }
}

/**
 * What Next itself catches (a page's render or getServerSideProps throwing, an API route that does
 * not answer): logged and handed to the tracker through the same reporter as every other error.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const { reportError } = await import('@/lib/monitoring/report-error');
  reportError(error, {
    area: 'request',
    message: `request: ${request.method} ${request.path} failed`,
    extra: { routePath: context.routePath, routeType: context.routeType, routerKind: context.routerKind },
  });
};
