import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '@/lib/logger';
import { serverEnv } from '@/server/config/server-env';
import { readRawBody } from '@/server/http/next-api-route';
import { tunnelEnvelope, type TunnelOptions } from './tunnel';

/** A down upstream would otherwise log every page's report; once a minute says enough. */
const FAILURE_LOG_EVERY_MS = 60_000;
let lastFailureLog = 0;

function logUpstreamFailure(error: unknown): void {
  const now = Date.now();
  if (now - lastFailureLog < FAILURE_LOG_EVERY_MS) return;
  lastFailureLog = now;
  // Not reportError: the tracker is what failed.
  logger.warn('monitoring: the tunnel could not reach the error tracker', error instanceof Error ? error.message : error);
}

/**
 * The Next adapter of /api/monitoring (the route file sets `bodyParser: false`: the envelope is
 * relayed byte for byte). It only uses Node's request and response, so tests can serve it from a
 * plain http server.
 */
export function monitoringTunnelRoute(options: Partial<TunnelOptions> = {}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const answer = await tunnelEnvelope(
      { method: req.method ?? 'GET', readBody: (maxBytes) => readRawBody(req, maxBytes) },
      { publicDsn: options.publicDsn !== undefined ? options.publicDsn : serverEnv().monitoring.publicDsn, onUpstreamFailure: logUpstreamFailure, ...options },
    );
    res.statusCode = answer.status;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', answer.contentType);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.end(answer.body);
  };
}
