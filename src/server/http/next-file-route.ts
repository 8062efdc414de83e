import type { NextApiHandler, NextApiRequest } from 'next';
import { reportError } from '@/lib/monitoring/report-error';
import { serverEnv } from '@/server/config/server-env';
import { getServices, type Services } from '@/server/services/services';
import { clientAddress } from './client-address';
import { isNamedError } from '@/lib/errors/named-error';
import type { RateLimitedError } from '@/server/services/rate-limit-service';
import type { ApiResponse } from './endpoint';

/** A text file, or `{ message }` when there is none to give. */
export interface FileResponse extends Omit<ApiResponse, 'body'> {
  body: string | { message: string };
}

/**
 * A public API v1 route that answers a file (text) rather than JSON: counted against the caller's
 * address like other public reads; problems still answer `{ message }` JSON with their status.
 */
export function nextFileRoute(build: (services: Services, req: NextApiRequest) => Promise<FileResponse>): NextApiHandler {
  return async (req, res) => {
    let services: Services;
    try {
      services = await getServices();
    } catch (error) {
      reportError(error, { area: 'api', message: 'api: database unavailable' });
      res.setHeader('Cache-Control', 'no-store');
      res.status(503).json({ message: 'The service is starting or unavailable. Please try again in a moment.' });
      return;
    }
    let response: FileResponse;
    try {
      await services.rateLimits.hit('public-read', clientAddress(req, serverEnv().trustProxy));
      response = await build(services, req);
    } catch (error) {
      res.setHeader('Cache-Control', 'no-store');
      if (isNamedError<RateLimitedError>(error, 'RateLimitedError')) {
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
        res.status(429).json({ message: error.message });
        return;
      }
      reportError(error, { area: 'api', message: `api: ${req.method ?? 'GET'} ${req.url ?? ''} failed` });
      res.status(500).json({ message: 'Something went wrong on our side. Please try again in a moment.' });
      return;
    }
    res.setHeader('Cache-Control', response.status === 200 ? 'public, max-age=300' : 'no-store');
    for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value);
    if (typeof response.body === 'string') res.status(response.status).send(req.method === 'HEAD' ? '' : response.body);
    else res.status(response.status).json(response.body);
  };
}
