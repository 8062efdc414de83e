/**
 * The origins a browser may show the app at, which are the origins allowed to frame its project
 * previews and to exchange messages with them. In production that is APP_ORIGIN alone. Locally, the
 * server listens on 127.0.0.1 while APP_ORIGIN says localhost (or the other way round), and both
 * spellings reach the same app. A preview that allows only one of them is a blank frame on the
 * other, so both loopback spellings on the app's port are allowed.
 *
 * Allowing both, rather than redirecting one to the other, leaves a learner who already works at
 * 127.0.0.1 with their sign-in, session cookies and browser storage. Those are per host, so a
 * redirect would sign them out and hide their drafts (docs/features/build-area-previews.md).
 */
const LOOPBACK_SPELLINGS = ['localhost', '127.0.0.1'] as const;

export function appOrigins(appOrigin: string, mode: { local: boolean }): string[] {
  const app = new URL(appOrigin);
  if (!mode.local || app.protocol !== 'http:' || !(LOOPBACK_SPELLINGS as readonly string[]).includes(app.hostname)) return [app.origin];
  const others = LOOPBACK_SPELLINGS.filter((host) => host !== app.hostname).map((host) => `http://${host}${app.port ? `:${app.port}` : ''}`);
  return [app.origin, ...others];
}
