import { createHash } from 'node:crypto';
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

/** The two frame scripts' source (the bundles named by runtimeFrame and pageFrame). */
export interface FrameScripts {
  runtime: string;
  page: string;
}

export interface SandboxDocument {
  html: string;
  /** base64 sha256 of the inline frame script, for the document's script-src. */
  frameScriptHash: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A bundle as the text of an inline <script>: `</script` and `<!--` could end or change the script
 * element early, so their `<` is written as the equivalent JavaScript escape (`<\/script`). Bundles
 * only contain these inside strings, regular expressions or comments, where the escape means the same.
 */
export const inlineScriptText = (source: string) => source.replace(/<(?=\/script|!--)/gi, '<\\');

export const scriptHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * The whole document of /api/sandbox/<kind>: one inline script, which learns its runtime, its
 * worker's code and where the vendored files are from data attributes. Absolute URLs, because inside
 * the frame the origin is opaque ("null") and the policy names the exact origin. The script is inline
 * (not a /vendor URL) because a sandboxed frame's own requests never come from the HTTP cache; the
 * document itself does, so the runtime starts offline once it has been opened.
 */
export function sandboxDocument(kind: SandboxKind, origin: string, assets: SandboxAssets, scripts: FrameScripts): SandboxDocument {
  const attributes: Record<string, string> = {};
  if (kind !== 'page') {
    attributes['data-runtime'] = kind;
    attributes['data-worker'] = `${origin}${assets.workers[kind]}`;
    attributes['data-assets'] = `${origin}/vendor/`;
  }
  const opening = ['script', ...Object.entries(attributes).map(([name, value]) => `${name}="${escapeAttribute(value)}"`)].join(' ');
  const text = inlineScriptText(kind === 'page' ? scripts.page : scripts.runtime);
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Codetrail ${kind} sandbox</title></head><body><${opening}>${text}</script></body></html>`,
    frameScriptHash: scriptHash(text),
  };
}
