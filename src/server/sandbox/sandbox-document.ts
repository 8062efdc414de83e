import { z } from 'zod';
import type { SandboxKind } from '@/domain/security/content-security-policy';

/** The content-hashed files next.config.js bundles into public/vendor (passed in at build time). */
export const sandboxAssetsSchema = z.object({
  runtimeFrame: z.string().startsWith('/vendor/'),
  pageFrame: z.string().startsWith('/vendor/'),
  workers: z.object({
    python: z.string().startsWith('/vendor/'),
    javascript: z.string().startsWith('/vendor/'),
    sql: z.string().startsWith('/vendor/'),
  }),
});
export type SandboxAssets = z.infer<typeof sandboxAssetsSchema>;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function frameScriptUrl(kind: SandboxKind, origin: string, assets: SandboxAssets): string {
  return `${origin}${kind === 'page' ? assets.pageFrame : assets.runtimeFrame}`;
}

/**
 * The whole document of /api/sandbox/<kind>: one script, which learns its runtime, its worker's code
 * and where the vendored files are from data attributes. Absolute URLs, because inside the frame
 * the origin is opaque ("null") and the policy names the exact origin.
 */
export function sandboxDocumentHtml(kind: SandboxKind, origin: string, assets: SandboxAssets): string {
  const attributes: Record<string, string> = { src: frameScriptUrl(kind, origin, assets) };
  if (kind !== 'page') {
    attributes['data-runtime'] = kind;
    attributes['data-worker'] = `${origin}${assets.workers[kind]}`;
    attributes['data-assets'] = `${origin}/vendor/`;
  }
  const script = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Codetrail ${kind} sandbox</title></head><body><script ${script}></script></body></html>`;
}
