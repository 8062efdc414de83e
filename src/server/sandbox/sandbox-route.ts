import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextApiHandler } from 'next';
import { isSandboxKind, type SandboxKind } from '@/domain/security/content-security-policy';
import { sandboxAssetOrigin } from '@/domain/security/sandbox-origin';
import { sandboxDocumentHeaders } from '@/domain/security/security-headers';
import { serverEnv } from '@/server/config/server-env';
import { sandboxAssetsSchema, sandboxDocument, type FrameScripts, type SandboxAssets, type SandboxDocument } from './sandbox-document';

let built: { assets: SandboxAssets; scripts: FrameScripts } | null = null;
function sandboxBuild() {
  if (built) return built;
  const assets = sandboxAssetsSchema.parse(JSON.parse(process.env.CODETRAIL_SANDBOX_ASSETS ?? 'null'));
  const read = (urlPath: string) => readFileSync(path.join(process.cwd(), 'public', urlPath), 'utf8');
  built = { assets, scripts: { runtime: read(assets.runtimeFrame), page: read(assets.pageFrame) } };
  return built;
}

/**
 * The public origin's documents are built once per kind. Any loopback origin (while developing) is
 * built per request: a Host header is the client's to choose, so those must not fill a cache.
 */
const documents = new Map<SandboxKind, SandboxDocument>();
function documentFor(kind: SandboxKind, origin: string): SandboxDocument {
  const { assets, scripts } = sandboxBuild();
  if (origin !== serverEnv().appOrigin) return sandboxDocument(kind, origin, assets, scripts);
  let document = documents.get(kind);
  if (!document) {
    document = sandboxDocument(kind, origin, assets, scripts);
    documents.set(kind, document);
  }
  return document;
}

/** The version a cacheable request must name (next.config.js: a hash of everything the document is made of). */
const SANDBOX_VERSION = process.env.CODETRAIL_SANDBOX_VERSION ?? '';

/**
 * GET /api/sandbox/<kind>[?v=<version>]: the documents that run learner code, each with its own
 * Content-Security-Policy instead of the app's. (Not /sandbox/<kind> behind a rewrite: any rewrite
 * puts Next's client-side rewrite resolver, ~3 KB gzip, into every page's first load.)
 */
export const sandboxDocumentHandler: NextApiHandler = (req, res) => {
  const { kind, v } = req.query;
  if (!isSandboxKind(kind)) {
    res.status(404).json({ message: 'There is no such sandbox.' });
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).json({ message: 'Only GET is allowed here.' });
    return;
  }
  const origin = sandboxAssetOrigin(req.headers.host, serverEnv().appOrigin);
  const document = documentFor(kind, origin);
  const cacheable = process.env.NODE_ENV === 'production' && SANDBOX_VERSION !== '' && v === SANDBOX_VERSION;
  for (const header of sandboxDocumentHeaders(kind, { origin, frameScriptHash: document.frameScriptHash }, { cacheable })) {
    res.setHeader(header.key, header.value);
  }
  res.status(200).send(document.html);
};
