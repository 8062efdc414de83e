import type { IncomingMessage } from 'node:http';
import type { NextApiHandler, NextApiRequest } from 'next';
import { AuthenticationError, authenticate, bearerToken, type Identity } from '@/server/auth/identity';
import { isBodyNotJson, isBodyTooLarge, parseJsonBody, readBody } from '@/lib/http/read-body';
import { reportError } from '@/lib/monitoring/report-error';
import { serverEnv } from '@/server/config/server-env';
import { getServices, type Services } from '@/server/services/services';
import { clientAddress } from './client-address';
import { runRoutes, type ApiRequest, type EndpointDependencies, type Routes } from './endpoint';
import { HttpError, isHttpError } from './http-error';

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** The request body as bytes (src/lib/http/read-body.ts), refused past `max` bytes (413) before it is all read. */
export async function readRawBody(req: IncomingMessage, max = MAX_JSON_BODY_BYTES): Promise<Buffer> {
  try {
    return await readBody(req, max);
  } catch (error) {
    if (isBodyTooLarge(error)) throw new HttpError(413, `The request body is larger than ${max} bytes.`);
    throw error;
  }
}

/** Route files must also `export const config = { api: { bodyParser: false } }` so we parse JSON ourselves. */
async function readApiJsonBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readRawBody(req);
  if (raw.length === 0) return undefined;
  const contentType = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(contentType)) throw new HttpError(415, 'Send the body as application/json.');
  try {
    return parseJsonBody(raw);
  } catch (error) {
    if (isBodyNotJson(error)) throw new HttpError(400, 'The request body is not valid JSON.');
    throw error;
  }
}

function toApiRequest(req: NextApiRequest, body: unknown): ApiRequest {
  return { method: req.method ?? 'GET', headers: req.headers, query: req.query, body };
}

/**
 * What API v1 does for every authenticated caller before the endpoint: refuse a token from a
 * sign-in before the user's last sign-out (docs/security.md), count the call against the
 * learner's rate limit, keep the users table in step.
 */
export function onApiCaller(services: Services): (identity: Identity) => Promise<void> {
  return async (identity) => {
    if (!identity.impersonated && !(await services.sessions.tokenIsCurrent(identity.uid, identity.authTime))) {
      throw new AuthenticationError('You signed out since this token was issued. Sign in again.');
    }
    await services.rateLimits.hit('api', identity.uid);
    await services.users.syncFromIdentity(identity);
  };
}

/**
 * What API v1 does with a refused bearer token: counts it against the account it claims (or the
 * verified one, signed out since) and its address, or its address alone when it names no one
 * (token-failure-counters.ts); past a limit the caller gets 429 and Retry-After instead of 401.
 */
export function onRefusedBearer(services: Services, address: string): NonNullable<EndpointDependencies['onRefusedToken']> {
  return ({ authorization, uid }) => {
    const sent = Array.isArray(authorization) ? authorization[0] : authorization;
    // Sent but not in the Bearer form: a token all the same, one that names no one.
    const token = sent ? (bearerToken(sent) ?? sent) : null;
    return services.rateLimits.countRefusedToken('bearer', { token, verifiedUid: uid, address });
  };
}

/** What the adapter reaches outside itself; tests pass their own to drive the real adapter. */
export interface ApiRouteDependencies {
  getServices: () => Promise<Services>;
  authenticate: EndpointDependencies['authenticate'];
}

const appDependencies: ApiRouteDependencies = { getServices, authenticate };

/**
 * Adapts framework-free routes to a Next API route under /api/v1. `publicCaller` replaces the
 * per-address rate limit of public endpoints (the internal API checks its shared secret there).
 */
export function nextApiRoute(
  buildRoutes: (services: Services, req: NextApiRequest) => Routes,
  deps: ApiRouteDependencies = appDependencies,
  publicCaller?: (req: NextApiRequest) => Promise<void>,
): NextApiHandler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    let body: unknown;
    try {
      body = await readApiJsonBody(req);
    } catch (error) {
      const status = isHttpError(error) ? error.status : 400;
      const message = isHttpError(error) ? error.message : 'The request body could not be read.';
      res.status(status).json({ message });
      return;
    }
    let services: Services;
    try {
      services = await deps.getServices();
    } catch (error) {
      reportError(error, { area: 'api', message: 'api: database unavailable' });
      res.status(503).json({ message: 'The service is starting or unavailable. Please try again in a moment.' });
      return;
    }
    const response = await runRoutes(buildRoutes(services, req), toApiRequest(req, body), {
      authenticate: deps.authenticate,
      onAuthenticated: onApiCaller(services),
      onRefusedToken: onRefusedBearer(services, clientAddress(req, serverEnv().trustProxy)),
      onPublicCaller: publicCaller ? () => publicCaller(req) : () => services.rateLimits.hit('public-read', clientAddress(req, serverEnv().trustProxy)),
      logError: (error, request) => reportError(error, { area: 'api', message: `api: ${request.method} ${req.url ?? ''} failed` }),
    });
    for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value);
    const contentType = response.headers?.['Content-Type'];
    if (typeof response.body === 'string' && contentType && !contentType.startsWith('application/json')) res.status(response.status).send(response.body);
    else res.status(response.status).json(response.body);
  };
}

/** For paths under /api/v1 that match no route. */
export const apiNotFound: NextApiHandler = (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).json({ message: `No API endpoint at ${req.method ?? 'GET'} ${(req.url ?? '').split('?')[0]}.` });
};
