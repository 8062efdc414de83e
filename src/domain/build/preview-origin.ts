import { RANDOM_ID_PATTERN } from './project-dto';

/**
 * Where a web project's preview runs: an origin of its own per project, never the app's, so a
 * project's scripts reach no cookie, storage or API of the app and no other project's storage.
 * Locally `http://p-{id}.localhost:<preview port>` (Chromium resolves *.localhost to this machine
 * without DNS); in production a user-content domain from PREVIEW_ORIGIN, e.g.
 * `https://p-{id}.codetrail-usercontent.app`.
 */
export const PREVIEW_ID_PLACEHOLDER = '{id}';

export type PreviewTemplateVerdict = { ok: true } | { ok: false; message: string };

/** A template is an http(s) origin whose first host label holds `{id}` once, with nothing after the port. */
export function checkPreviewTemplate(template: string, appOrigin: string): PreviewTemplateVerdict {
  const match = /^(https?):\/\/([a-z0-9-]*)\{id\}([a-z0-9-]*)((?:\.[a-z0-9-]+)+)(?::(\d{1,5}))?$/.exec(template);
  if (!match) return { ok: false, message: 'PREVIEW_ORIGIN must look like https://p-{id}.usercontent.example (an http(s) origin whose first host label holds {id}).' };
  const sample = previewOrigin(template, 'a'.repeat(20));
  if (new URL(sample).origin === new URL(appOrigin).origin) return { ok: false, message: 'PREVIEW_ORIGIN must differ from the app origin.' };
  return { ok: true };
}

export function previewOrigin(template: string, projectId: string): string {
  return template.replace(PREVIEW_ID_PLACEHOLDER, projectId);
}

/**
 * The project id a request's Host header names under `template`, or null when the host is not a
 * preview host of this template (wrong domain, wrong port, or no valid id).
 */
export function projectIdFromHost(host: string | undefined, template: string): string | null {
  if (!host) return null;
  const expected = new URL(previewOrigin(template, 'x'.repeat(20)));
  const [before, after] = expected.host.split('x'.repeat(20));
  const lower = host.toLowerCase();
  if (before === undefined || after === undefined || !lower.startsWith(before) || !lower.endsWith(after)) return null;
  const id = lower.slice(before.length, lower.length - after.length);
  return RANDOM_ID_PATTERN.test(id) ? id : null;
}

/** The CSP source that admits every project's preview origin: `{id}`'s host label becomes `*`. */
export function previewFrameSource(template: string): string {
  return template.replace(/^(https?:\/\/)[^.]*\{id\}[^.]*\./, '$1*.');
}

/** The preview template from the environment, as the server and the build both read it. */
export function previewTemplateFrom(env: Readonly<Record<string, string | undefined>>): string {
  if (env.PREVIEW_ORIGIN && env.PREVIEW_ORIGIN.trim() !== '') return env.PREVIEW_ORIGIN.trim();
  const port = Number(env.PREVIEW_PORT || '') || (Number(env.PORT || '') || 3000) + 1;
  return `http://p-{id}.localhost:${port}`;
}
