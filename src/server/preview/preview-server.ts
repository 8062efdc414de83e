import { createServer, type Server } from 'node:http';
import { projectIdFromHost } from '@/domain/build/preview-origin';
import { previewDocument } from './preview-document';

export interface PreviewServerOptions {
  /** The app's origins that may frame previews (ServerEnv.appOrigins). */
  appOrigins: readonly string[];
  /** PREVIEW_ORIGIN, e.g. http://p-{id}.localhost:3001 */
  template: string;
}

/**
 * The preview origin's server: a process of its own, apart from the app (nothing of the app's is
 * reachable from it: no database, no cookies, no API). It answers one document, at `/`, on hosts
 * that name a project under the template; anything else is a 404.
 */
export function createPreviewServer({ appOrigins, template }: PreviewServerOptions): Server {
  const document = previewDocument(appOrigins);
  return createServer((req, res) => {
    const id = projectIdFromHost(req.headers.host, template);
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz' && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('ok');
      return;
    }
    if (!id || path !== '/') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('Not a project preview.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET is allowed here.');
      return;
    }
    res.writeHead(200, document.headers);
    res.end(req.method === 'HEAD' ? undefined : document.html);
  });
}
