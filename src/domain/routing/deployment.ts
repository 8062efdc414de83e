/**
 * What kind of deployment this is (DEPLOYMENT_KIND, read when the server runs):
 * `standard` serves published content under /web; `preview` is a course engineers' deployment
 * that serves the working content tree (published into its own database as files change) and
 * keeps lessons under /ssr (spec §2: "On preview or on-demand deployments the prefix /ssr replaces
 * /web in lesson routes"). docs/features/preview-deployments.md.
 */
export const DEPLOYMENT_KINDS = ['standard', 'preview'] as const;
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number];
export type LessonRoutePrefix = '/web' | '/ssr';

/** The kind a variable names; null for a value that is none of them (the server refuses to start). */
export function deploymentKindOf(value: string | undefined): DeploymentKind | null {
  const kind = (value ?? '').trim() || 'standard';
  return (DEPLOYMENT_KINDS as readonly string[]).includes(kind) ? (kind as DeploymentKind) : null;
}

/** The prefix of every lesson link the app makes on a deployment of this kind. */
export function lessonRoutePrefixOf(kind: DeploymentKind): LessonRoutePrefix {
  return kind === 'preview' ? '/ssr' : '/web';
}
