/**
 * A separate process for the monitoring test, so the real server SDK's global hooks (console,
 * outgoing requests, uncaught errors) never reach Jest. It starts monitoring as instrumentation.ts
 * does (with MONITORING_DSN, or without one), gives the SDK a request and a user the way a server
 * request would, reports one error carrying secrets through reportError, flushes and prints
 * `DONE started=<bool> sdk-loaded=<bool>`. The secrets come from the environment, so they are not
 * in this file's source (the SDK sends source lines around each stack frame).
 */
import { reportError } from '../../../src/lib/monitoring/report-error';
import { startServerMonitoring } from '../../../src/server/monitoring/start-server-monitoring';

async function main(): Promise<void> {
  const secret = (name: string) => process.env[name] ?? '';
  const [jwt, email, code, stripe, cookie] = ['SECRET_JWT', 'SECRET_EMAIL', 'SECRET_CODE', 'SECRET_STRIPE', 'SECRET_COOKIE'].map(secret) as [string, string, string, string, string];
  const started = await startServerMonitoring({ dsn: process.env.MONITORING_DSN || null, environment: 'integration-test', tracesSampleRate: 0, errorSampleRate: 1 });

  let flush = async () => true;
  if (started) {
    // A CommonJS package imported from CommonJS: its exports may come as `default`.
    const loaded = await import('@sentry/nextjs');
    const Sentry = 'setUser' in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
    Sentry.setUser({ id: 'learner-1', email, username: 'Curious Learner', ip_address: '203.0.113.9' });
    // What the SDK records for an incoming request (the request data integration turns it into `request`).
    Sentry.getIsolationScope().setSDKProcessingMetadata({
      normalizedRequest: {
        url: `http://localhost:3000/api/v1/progress/sync?token=${jwt}&page=2`,
        method: 'POST',
        query_string: `token=${jwt}&page=2`,
        headers: { authorization: `Bearer ${jwt}`, cookie: `session=${cookie}`, 'user-agent': 'integration-test', 'x-forwarded-for': '203.0.113.9' },
        cookies: { session: cookie },
        data: JSON.stringify({ files: [{ name: 'main.py', content: code }] }),
      },
    });
    flush = () => Sentry.flush(5000);
  }
  // A console line before the error becomes a breadcrumb.
  console.info(`[codetrail] auth: signing in ${email} with Bearer ${jwt}`);
  reportError(new Error(`Sign-in for ${email} failed with ${jwt} (key ${stripe})`), {
    area: 'auth',
    message: `auth: sign-in failed for ${email}`,
    extra: { code, files: [{ name: 'main.py', content: code }], solution: code, lessonId: 'py-hello', authorization: `Bearer ${jwt}`, detail: `token ${jwt}` },
  });
  await flush();
  const sdkLoaded = Object.keys(require.cache).some((file) => file.includes(`${'@sentry'}/`));
  console.log(`DONE started=${started} sdk-loaded=${sdkLoaded}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
