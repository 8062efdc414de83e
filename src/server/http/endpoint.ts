import type { z } from 'zod';
import { AuthenticationError, type Identity } from '@/server/auth/identity';
import { RateLimitedError } from '@/server/services/rate-limit-service';
import { HttpError } from './http-error';
import { refuseUnstorableInput } from './unstorable-input';

/**
 * Framework-free API endpoints: parse the request with zod, authenticate, call a service,
 * and answer `{ message }` with a 4xx on anything wrong. Next's req/res stay in the adapter,
 * so integration tests drive these against a real database and the Auth emulator.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Access = 'user' | 'course_engineer';

export interface EndpointContext<Q, B> {
  identity: Identity;
  query: Q;
  body: B;
}

export interface EndpointDefinition<Q, B> {
  access: Access;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  handle: (context: EndpointContext<Q, B>) => Promise<{ status?: number; body: unknown }>;
}

export type AnyEndpoint = EndpointDefinition<unknown, unknown>;

export function defineEndpoint<Q = Record<string, never>, B = undefined>(definition: EndpointDefinition<Q, B>): AnyEndpoint {
  return definition as unknown as AnyEndpoint;
}

export type Routes = Partial<Record<HttpMethod, AnyEndpoint>>;

export interface EndpointDependencies {
  authenticate: (authorization: string | string[] | undefined) => Promise<Identity>;
  /** Called once the caller is known, before the handler (keeps the users table in sync). */
  onAuthenticated?: (identity: Identity) => Promise<void>;
  logError?: (error: unknown, request: ApiRequest) => void;
}

export const COURSE_ENGINEER_ROLE = 'course_engineer';

function describeIssues(error: z.ZodError, where: 'query' | 'body'): string {
  const first = error.issues[0];
  if (!first) return `Invalid ${where}.`;
  const field = first.path.length > 0 ? `${where}.${first.path.join('.')}` : where;
  return `Invalid ${field}: ${first.message}`;
}

const json = (status: number, body: unknown, headers?: Record<string, string>): ApiResponse => ({ status, body, headers });

export async function runRoutes(routes: Routes, request: ApiRequest, deps: EndpointDependencies): Promise<ApiResponse> {
  const method = request.method.toUpperCase() as HttpMethod;
  const endpoint = routes[method];
  if (!endpoint) {
    const allowed = Object.keys(routes).join(', ');
    return json(405, { message: `Method ${request.method} is not allowed here. Use ${allowed}.` }, { Allow: allowed });
  }
  try {
    const identity = await deps.authenticate(request.headers.authorization);
    if (endpoint.access === COURSE_ENGINEER_ROLE && !identity.roles.includes(COURSE_ENGINEER_ROLE)) {
      throw new HttpError(403, 'This call is for course engineers only.');
    }
    await deps.onAuthenticated?.(identity);

    refuseUnstorableInput(request.query, request.body);
    let query: unknown = {};
    if (endpoint.query) {
      const parsed = endpoint.query.safeParse(request.query);
      if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error, 'query'));
      query = parsed.data;
    }
    let body: unknown = undefined;
    if (endpoint.body) {
      if (request.body === undefined) throw new HttpError(400, 'This call needs a JSON body.');
      const parsed = endpoint.body.safeParse(request.body);
      if (!parsed.success) throw new HttpError(422, describeIssues(parsed.error, 'body'));
      body = parsed.data;
    }
    const result = await endpoint.handle({ identity, query, body });
    return json(result.status ?? 200, result.body);
  } catch (error) {
    if (error instanceof AuthenticationError) return json(401, { message: error.message });
    if (error instanceof HttpError) return json(error.status, { message: error.message }, error.headers);
    if (error instanceof RateLimitedError) return json(429, { message: error.message }, { 'Retry-After': String(error.retryAfterSeconds) });
    deps.logError?.(error, request);
    return json(500, { message: 'Something went wrong on our side. Please try again in a moment.' });
  }
}
