import type { NextApiHandler } from 'next';
import { isSandboxKind } from '@/domain/security/content-security-policy';
import { sandboxAssetOrigin } from '@/domain/security/sandbox-origin';
import { sandboxDocumentHeaders } from '@/domain/security/security-headers';
import { serverEnv } from '@/server/config/server-env';
import { frameScriptUrl, sandboxAssetsSchema, sandboxDocumentHtml, type SandboxAssets } from './sandbox-document';

let assets: SandboxAssets | null = null;
function sandboxAssets(): SandboxAssets {
  assets ??= sandboxAssetsSchema.parse(JSON.parse(process.env.CODETRAIL_SANDBOX_ASSETS ?? 'null'));
  return assets;
}

/**
 * GET /api/sandbox/<kind>: the documents that run learner code, each with its own
 * Content-Security-Policy instead of the app's. (Not /sandbox/<kind> behind a rewrite: any rewrite
 * puts Next's client-side rewrite resolver, ~3 KB gzip, into every page's first load.)
 */
export const sandboxDocumentHandler: NextApiHandler = (req, res) => {
  const { kind } = req.query;
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
  for (const header of sandboxDocumentHeaders(kind, { origin, frameScriptUrl: frameScriptUrl(kind, origin, sandboxAssets()) })) {
    res.setHeader(header.key, header.value);
  }
  res.status(200).send(sandboxDocumentHtml(kind, origin, sandboxAssets()));
};
